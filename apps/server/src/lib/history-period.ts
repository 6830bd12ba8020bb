import { LIMITS } from '@lodestar/domain';
import { badRequest } from './errors.ts';
import { parseInZone } from './time.ts';

const DAY_MS = 86_400_000;

/**
 * The period of a history call (track, trips, stops, summary, export) as instants, or a 400: each time
 * parsed in the caller's zone, start before end, at most LIMITS.trackQueryDays long, and no earlier than
 * the device's allowance — LIMITS.historyFreeDays back, LIMITS.historyVipDays while its VIP runs.
 */
export function historyPeriod(
  startText: string,
  endText: string,
  timeZone: string,
  vipExpiresAt: string | null,
  now = new Date(),
): { from: Date; to: Date } {
  const from = parseInZone(startText, timeZone);
  const to = parseInZone(endText, timeZone);
  if (!from) throw badRequest('invalidField', 'StartTime');
  if (!to) throw badRequest('invalidField', 'EndTime');
  if (from >= to) throw badRequest('invalidField', 'StartTime < EndTime');
  if (to.getTime() - from.getTime() > LIMITS.trackQueryDays * DAY_MS) throw badRequest('trackTooLong');
  const vip = vipExpiresAt !== null && vipExpiresAt >= now.toISOString().slice(0, 10);
  const days = vip ? LIMITS.historyVipDays : LIMITS.historyFreeDays;
  if (from.getTime() < now.getTime() - days * DAY_MS) {
    throw badRequest(vip ? 'historyTooOld' : 'historyVipOnly', `${days}`);
  }
  return { from, to };
}
