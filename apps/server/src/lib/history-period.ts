import { LIMITS } from '@lodestar/domain';
import { badRequest } from './errors.ts';
import { parseInZone } from './time.ts';
import { assertHistoryReach, type VipHolder } from './vip-gate.ts';

const DAY_MS = 86_400_000;

/**
 * The period of a history call (track, trips, stops, summary, export) as instants, or a 400: each time
 * parsed in the caller's zone, start before end, at most LIMITS.trackQueryDays long, and no earlier than
 * the device's allowance (the VIP gate: LIMITS.historyFreeDays back, LIMITS.historyVipDays while its VIP runs).
 */
export function historyPeriod(
  startText: string,
  endText: string,
  timeZone: string,
  device: VipHolder,
  now = new Date(),
): { from: Date; to: Date } {
  const from = parseInZone(startText, timeZone);
  const to = parseInZone(endText, timeZone);
  if (!from) throw badRequest('invalidField', 'StartTime');
  if (!to) throw badRequest('invalidField', 'EndTime');
  if (from >= to) throw badRequest('invalidField', 'StartTime < EndTime');
  if (to.getTime() - from.getTime() > LIMITS.trackQueryDays * DAY_MS) throw badRequest('trackTooLong');
  assertHistoryReach(device, from, timeZone, now);
  return { from, to };
}
