import { LIMITS } from '@lodestar/domain';
import type { Dayjs } from 'dayjs';
import { userNow } from '../../lib/user-time.ts';
import { wallClockToUnix } from './zone-time.ts';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DAY_S = 86_400;

/**
 * Spec section 9's report periods. A preset of n days runs from midnight n − 1 days ago to now, so "week"
 * is today and the six days before; "month" is 30 days, the longest a track query may cover, and 2 or 3
 * months are offered only to be refused with the reason (they exceed LIMITS.trackQueryDays).
 */
export const PRESETS = [
  { key: 'today', days: 1 },
  { key: 'yesterday', days: 1, back: 1 },
  { key: 'dayBefore', days: 1, back: 2 },
  { key: 'days2', days: 2 },
  { key: 'days3', days: 3 },
  { key: 'week', days: 7 },
  { key: 'weeks2', days: 14 },
  { key: 'weeks3', days: 21 },
  { key: 'month', days: 30 },
  { key: 'months2', days: 60 },
  { key: 'months3', days: 90 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

export interface Period {
  start: string;
  end: string;
}

/** A preset's period on the user's wall clock ('YYYY-MM-DD HH:mm:ss', as the server reads it). */
export function presetPeriod(key: PresetKey, now: Dayjs): Period {
  const p = PRESETS.find((x) => x.key === key) ?? PRESETS[0];
  const back = 'back' in p ? p.back : 0;
  const first = now.startOf('day').subtract(back + p.days - 1, 'day');
  // A finished day ends at its last second; a period that reaches today ends now.
  const end = back ? first.endOf('day') : now;
  return { start: first.format(TIME_FORMAT), end: end.format(TIME_FORMAT) };
}

/** "Today so far" in the user's zone: the period the monitor's row menu opens. */
export const todaySoFar = (timeZone: string | undefined): Period => presetPeriod('today', userNow(timeZone));

export type PeriodProblem =
  | { key: 'invalid' }
  | { key: 'order' }
  | { key: 'tooLong'; days: number }
  | { key: 'vipOnly'; days: number }
  | { key: 'tooOld'; days: number };

/**
 * The server's period rule (apps/server/src/lib/history-period.ts) checked in the form before asking: at most
 * LIMITS.trackQueryDays long, no further back than LIMITS.historyFreeDays, or historyVipDays for a device
 * whose VIP runs. The server's answer stays the truth; this only saves a round trip and names the reason.
 */
export function checkPeriod(
  period: Period,
  vip: boolean,
  timeZone: string | undefined,
  now: Date = new Date(),
): PeriodProblem | null {
  const from = wallClockToUnix(period.start, timeZone);
  const to = wallClockToUnix(period.end, timeZone);
  if (from === null || to === null) return { key: 'invalid' };
  if (from >= to) return { key: 'order' };
  if (to - from > LIMITS.trackQueryDays * DAY_S) return { key: 'tooLong', days: LIMITS.trackQueryDays };
  const days = vip ? LIMITS.historyVipDays : LIMITS.historyFreeDays;
  if (from < now.getTime() / 1000 - days * DAY_S) return vip ? { key: 'tooOld', days } : { key: 'vipOnly', days };
  return null;
}

/** Whether a device's VIP runs today (its expiry date, 'YYYY-MM-DD…', not passed), as the server reads it. */
export const vipRuns = (vipExpiry: string | null | undefined, now: Date = new Date()) =>
  !!vipExpiry && vipExpiry.slice(0, 10) >= now.toISOString().slice(0, 10);
