import type { SimDetail, SimHistoryItem } from '@lodestar/contract/sims';
import { formatFen, LockType } from '@lodestar/domain';
import { Alert, Descriptions, Drawer, Empty, Spin, Tag, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimDetail } from '../api/get-sim-detail.ts';

import { DisplayStateTag, SimStateTag } from './SimTags.tsx';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** A history row's detail: `{ field: [before, after] }` pairs and context values, or plain text. */
function HistoryDetail({ detail }: { detail: unknown }) {
  if (detail === null || detail === undefined || detail === '') return null;
  if (typeof detail !== 'object') return <div className="history-detail">{String(detail)}</div>;
  const entries = Object.entries(detail as Record<string, unknown>);
  if (entries.length === 0) return null;
  return (
    <ul className="history-detail">
      {entries.map(([k, v]) => (
        <li key={k}>
          {k}:{' '}
          {Array.isArray(v) && v.length === 2
            ? `${show(v[0])} → ${show(v[1])}`
            : typeof v === 'object' && v !== null
              ? JSON.stringify(v)
              : show(v)}
        </li>
      ))}
    </ul>
  );
}

function historyItems(history: SimHistoryItem[], t: (k: string, o?: Record<string, unknown>) => string) {
  return history.map((h, i) => ({
    key: `${h.CreateTime}-${i}`,
    content: (
      <div data-testid="sim-history-item">
        <strong>{h.ActionText || t(`history.${h.Action}`, { defaultValue: h.Action })}</strong>
        {h.WorkID ? <Tag className="history-work">{t('history.workTag', { id: h.WorkID })}</Tag> : null}
        <div className="muted">
          {h.CreateTime} · {h.UserName || '—'}
        </div>
        <HistoryDetail detail={h.Detail} />
      </div>
    ),
  }));
}

interface Field {
  key: string;
  label: string;
  children: ReactNode;
}

function fields(sim: SimDetail, t: (k: string, o?: Record<string, unknown>) => string): Field[] {
  const f = (key: string, label: string, children: ReactNode): Field => ({ key, label, children });
  return [
    f('iccid', 'ICCID', <span className="sim-mono">{sim.ICCID}</span>),
    f('msisdn', t('field.msisdn'), show(sim.MSISDN)),
    f('imsi', 'IMSI', show(sim.IMSI)),
    f('state', t('field.state'), <SimStateTag state={sim.State} />),
    f('display', t('field.displayState'), <DisplayStateTag state={sim.DisplayState} />),
    f('operator', t('field.operator'), show(sim.OperatorName)),
    f('supplier', t('field.supplier'), show(sim.SupplierName)),
    f('package', t('field.package'), show(sim.PackageName)),
    f('cardType', t('field.cardType'), show(sim.CardTypeName)),
    f('hold', t('field.hold'), show(sim.HoldName)),
    f('device', t('field.device'), show(sim.DeviceID)),
    f('activatedOn', t('field.activatedOn'), show(sim.ActivatedOn)),
    f('expiresOn', t('field.expiresOn'), show(sim.ExpiresOn)),
    f('balance', t('field.balance'), <span className="sim-money">{formatFen(sim.BalanceFen)}</span>),
    f('dataUsed', t('field.dataUsed'), `${sim.DataUsedMB} MB`),
    f(
      'lock',
      t('field.lock'),
      sim.LockType === LockType.Locked ? t('lock.lockedTo', { imei: sim.LockedIMEI }) : t('lock.unlocked'),
    ),
    f('shippedAt', t('field.shippedAt'), show(sim.ShippedAt)),
    f('createTime', t('field.createTime'), show(sim.CreateTime)),
    f(
      'pending',
      t('field.pending'),
      sim.PendingWorkID ? <Tag color="processing">{t('pending', { id: sim.PendingWorkID })}</Tag> : '—',
    ),
    f('remark', t('field.remark'), show(sim.Remark)),
  ];
}

/** All of a SIM's fields and its history (`Sim/GetSimDetail`). */
export function SimDetailDrawer({ simId, onClose }: { simId: number | null; onClose: () => void }) {
  const { t } = useTranslation('sims');
  const { data, isLoading, isError } = useSimDetail(simId);
  const sim = data && data.SimID === simId ? data : undefined;
  return (
    <Drawer
      open={simId !== null}
      onClose={onClose}
      size={560}
      title={sim ? `${t('detail.title')} · ${sim.ICCID}` : t('detail.title')}
      data-testid="sim-detail"
      destroyOnHidden
    >
      {isLoading ? <Spin description={t('common:loading')} /> : null}
      {isError ? <Alert type="error" showIcon title={t('detail.failed')} /> : null}
      {sim ? (
        <>
          <Descriptions bordered size="small" column={1} items={fields(sim, t)} />
          <h3 className="sim-history-title">{t('detail.history')}</h3>
          {sim.History.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline items={historyItems(sim.History, t)} />
          )}
        </>
      ) : null}
    </Drawer>
  );
}
