import { VIP_FILTERS, type VipFilter as VipState } from '@lodestar/domain';
import { Select } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The VIP states of spec section 4 as a filter of the monitor's list (cleared: every device). */
export const VipFilter = memo(function VipFilter({
  value,
  onChange,
}: {
  value: VipState | undefined;
  onChange: (value: VipState | undefined) => void;
}) {
  const { t } = useTranslation(['monitor', 'devices']);
  return (
    <Select
      className="monitor-vip-filter"
      data-testid="monitor-vip-filter"
      allowClear
      size="small"
      value={value}
      placeholder={t('monitor:vipFilter')}
      aria-label={t('monitor:vipFilter')}
      onChange={(v?: VipState) => onChange(v ?? undefined)}
      options={VIP_FILTERS.map((s) => ({ value: s, label: t(`devices:vip.${s}`) }))}
      popupMatchSelectWidth={false}
    />
  );
});
