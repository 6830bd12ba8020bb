import type { ReportPeriod } from '@lodestar/domain';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** A duration in seconds as h:mm:ss (hours past 24 stay hours: an engine's 130:05:00). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** A cell as its column's kind reads: metres as km, seconds as h:mm:ss. */
export function formatCell(kind: string, v: string | number | null | undefined, t: TFunction): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v !== 'number') return v;
  if (kind === 'distance') return t('report-centre:km', { v: (v / 1000).toFixed(2) });
  if (kind === 'duration') return formatDuration(v);
  if (kind === 'speed') return t('report-centre:kmh', { v });
  if (kind === 'percent') return `${v}%`;
  if (kind === 'volume') return `${v} L`;
  return String(v);
}

/** A duration choice (1 hour to 1 year) as words. */
export function durationChoice(seconds: number, t: TFunction): string {
  if (seconds < 3600) return t('report-centre:minutes', { count: seconds / 60 });
  if (seconds < 86_400) return t('report-centre:hours', { count: seconds / 3600 });
  if (seconds >= 365 * 86_400) return t('report-centre:years', { count: Math.round(seconds / (365 * 86_400)) });
  return t('report-centre:days', { count: seconds / 86_400 });
}

/** Spec section 9's periods from the user's "now" (its wall clock): each ends at today's end but yesterday's. */
export function periodRange(period: ReportPeriod, now: Dayjs): [Dayjs, Dayjs] {
  const end = now.endOf('day');
  const back = (days: number): [Dayjs, Dayjs] => [now.subtract(days, 'day').startOf('day'), end];
  switch (period) {
    case 'today':
      return back(0);
    case 'yesterday':
      return [now.subtract(1, 'day').startOf('day'), now.subtract(1, 'day').endOf('day')];
    case 'dayBefore':
      return [now.subtract(2, 'day').startOf('day'), now.subtract(2, 'day').endOf('day')];
    case 'days2':
      return back(1);
    case 'days3':
      return back(2);
    case 'week':
      return back(6);
    case 'weeks2':
      return back(13);
    case 'weeks3':
      return back(20);
    case 'month':
      return [now.subtract(1, 'month').startOf('day'), end];
    case 'months2':
      return [now.subtract(2, 'month').startOf('day'), end];
    case 'months3':
      return [now.subtract(3, 'month').startOf('day'), end];
  }
}
