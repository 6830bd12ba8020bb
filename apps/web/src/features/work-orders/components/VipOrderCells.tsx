import type { WorkRow, WorkVip } from '@lodestar/contract/work-orders';
import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { deviceSummary } from '../work-order.ts';

/** A VIP order's period and price, where a SIM order shows its package or months. */
export function vipDetail(t: TFunction<'work-orders'>, vip: WorkVip): string {
  const period = vip.Months ? t('detail.months', { n: vip.Months }) : t('detail.toDate', { date: vip.ToDate });
  return `${period} · ${t('detail.vpoint', { n: vip.TotalVPoint })}`;
}

/** A VIP order's devices in place of the ICCID: a few IDs, the rest counted, all of them on hover. */
export function VipDevices({ t, row }: { t: TFunction<'work-orders'>; row: WorkRow }) {
  const ids = row.Vip?.DeviceIDs ?? [];
  const { text, more } = deviceSummary(ids);
  return (
    <Tooltip title={ids.join(', ')}>
      <span className="vip-order-devices" data-testid={`vip-order-devices-${row.WorkID}`}>
        <span className="muted">{t('detail.devices', { count: ids.length })}</span> <span className="mono">{text}</span>
        {more ? <span className="muted"> {t('detail.more', { n: more })}</span> : null}
      </span>
    </Tooltip>
  );
}
