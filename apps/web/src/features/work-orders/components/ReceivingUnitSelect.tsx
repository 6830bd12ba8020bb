import { useTranslation } from 'react-i18next';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';

/** The unit a returned card goes back to: any hold of the caller's tree (the server checks it too). */
export function ReceivingUnitSelect({
  value,
  onChange,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('work-orders');
  return (
    <HoldTreeSelect
      className="receiving-unit"
      value={value}
      onChange={onChange}
      placeholder={t('reHoldPlaceholder')}
      style={{ width: '100%' }}
    />
  );
}
