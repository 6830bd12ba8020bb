import type { FenceDetail, RoadDetail } from '@lodestar/contract/zones';
import type { TFunction } from 'i18next';

const or = (v: string | number | null, dash = '—') => (v === null || v === '' ? dash : String(v));

/** A fence's settings as the panel lists them. */
export function fenceFacts(f: FenceDetail, t: TFunction<'zones'>) {
  return [
    { label: t('field.shape'), value: t(`shape.${f.Shape}`) },
    { label: t('field.RecordType'), value: t(`recordType.${f.RecordType}`) },
    { label: t('field.TriggerAlarm'), value: f.TriggerAlarm ? t('trigger.alarm') : t('trigger.record') },
    {
      label: t('field.Valid'),
      value: f.ValidFrom || f.ValidTo ? `${or(f.ValidFrom)} ~ ${or(f.ValidTo)}` : t('field.always'),
    },
    { label: t('field.Daily'), value: f.DailyFrom ? `${f.DailyFrom} ~ ${or(f.DailyTo)}` : t('field.allDay') },
    { label: t('field.SpeedLimit'), value: f.SpeedLimit ? `${f.SpeedLimit} km/h` : '—' },
    { label: t('field.MaxStayMinutes'), value: f.MaxStayMinutes ? t('field.minutesN', { n: f.MaxStayMinutes }) : '—' },
    { label: t('field.unit'), value: f.HoldName },
  ];
}

/** A road's settings as the panel lists them. */
export function roadFacts(r: RoadDetail, t: TFunction<'zones'>) {
  const perSegment = (r.SegmentLimits ?? []).filter((v) => v !== null).length;
  return [
    { label: t('field.Width'), value: `${r.Width} m` },
    { label: t('field.SpeedLimit'), value: r.SpeedLimit ? `${r.SpeedLimit} km/h` : '—' },
    {
      label: t('field.segments'),
      value: t('road.segmentsN', { n: r.Geometry.coordinates.length - 1, limited: perSegment }),
    },
    { label: t('field.TriggerAlarm'), value: r.TriggerAlarm ? t('trigger.alarm') : t('trigger.record') },
    { label: t('field.unit'), value: r.HoldName },
  ];
}
