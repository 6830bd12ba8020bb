import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { wallClockIn } from '../../../lib/user-time.ts';

/** A live update that places the device: one that never had a fix has no Lat, Lng or GpsTime. */
export const hasPosition = (p: LivePosition): p is LivePosition & { Lat: number; Lng: number; GpsTime: string } =>
  p.Lat !== null && p.Lng !== null && p.GpsTime !== null;

/**
 * Applies one frame's worth of live positions to the rows: only devices already listed change
 * (the list's filter decides membership), the last update of a device wins, and the same object
 * comes back when nothing changed so React skips the render. Times come in the user's zone, as the
 * list's do. A device that has never had a fix (no Lat, Lng or GpsTime) gets its status, not a position.
 */
export function applyPositions(
  rows: Readonly<Record<string, MonitorRow>>,
  batch: readonly LivePosition[],
  timeZone?: string,
  now = new Date(),
): Readonly<Record<string, MonitorRow>> {
  let next: Record<string, MonitorRow> | null = null;
  const receiveTime = wallClockIn(now, timeZone);
  for (const p of batch) {
    const current = (next ?? rows)[p.DeviceID];
    if (!current) continue;
    next ??= { ...rows };
    const fix =
      p.Lat !== null && p.Lng !== null
        ? {
            Lat: p.Lat,
            Lng: p.Lng,
            Speed: p.Speed,
            Course: p.Course,
            ...(p.GpsTime !== null && { GpsTime: p.GpsTime }),
          }
        : {};
    next[p.DeviceID] = {
      ...current,
      ...fix,
      ReceiveTime: receiveTime,
      Acc: p.Acc,
      Alarms: p.Alarms,
      Status: p.Status,
      Mileage: p.Mileage,
      Online: true,
      // A device reporting now is online: device state normal (spec section 4), activated or not before.
      State: 'normal',
    };
  }
  return next ?? rows;
}

/**
 * Collects items and hands them over at most once per frame: a burst of socket messages becomes
 * one store update and one render. At most `maxPerFrame` go per frame, in arrival order, the rest
 * in the frames after: 500 devices reporting in the same second are drawn over a few frames
 * instead of one long task.
 */
export function createFrameBatcher<T>(
  flush: (items: T[]) => void,
  schedule: (run: () => void) => number = (run) => requestAnimationFrame(run),
  cancel: (handle: number) => void = (h) => cancelAnimationFrame(h),
  maxPerFrame = Number.POSITIVE_INFINITY,
) {
  let queue: T[] = [];
  let handle: number | null = null;
  const run = () => {
    handle = null;
    const items = queue.length > maxPerFrame ? queue.splice(0, maxPerFrame) : queue;
    if (items === queue) queue = [];
    else handle = schedule(run);
    if (items.length) flush(items);
  };
  return {
    push(...items: T[]) {
      for (const item of items) queue.push(item);
      handle ??= schedule(run);
    },
    dispose() {
      if (handle !== null) cancel(handle);
      handle = null;
      queue = [];
    },
  };
}
