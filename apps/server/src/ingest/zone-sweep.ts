import type { DeviceInfo } from './device-cache.ts';
import { applyZoneHits, eventRow, type FlushPlan, liveUpdate } from './plan.ts';
import { EMPTY_STATE, isOnline, type LatestState, mapStatus } from './state.ts';
import type { CheckedZones } from './zone-engine.ts';

/**
 * How often the stay timers are looked at. A fenceStay of a device that keeps reporting fires with the fix that
 * passes the limit; this catches the parked and silent ones, at most this late.
 */
export const STAY_SWEEP_MS = 20_000;

/**
 * The stay sweep's plan, the same shape a flush writes (no positions): for each device, the fenceStay events of
 * its visits past their max stay, at its last known position, and the state and live update they make.
 */
export function planStays(
  checked: Pick<CheckedZones, 'hits' | 'changes'>,
  devices: DeviceInfo[],
  stateOf: (pk: number) => LatestState | undefined,
  now: Date,
  onlineTimeoutMs: number,
): FlushPlan {
  const plan: FlushPlan = { positions: [], events: [], states: new Map(), dropped: {}, updates: [] };
  for (const [i, info] of devices.entries()) {
    const st = stateOf(info.pk) ?? EMPTY_STATE;
    const hits = checked.hits[i];
    if (!hits) continue;
    const z = applyZoneHits(st, hits);
    for (const e of z.events) plan.events.push(eventRow(info.pk, e));
    plan.states.set(info.pk, z.state);
    plan.updates.push(liveUpdate(info, z.state, mapStatus(z.state, isOnline(z.state, now, onlineTimeoutMs)), z.events));
  }
  plan.visits = checked.changes;
  return plan;
}
