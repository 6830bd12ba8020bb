import type { LivePosition } from '@lodestar/contract/live';
import type { TrackPoint } from '@lodestar/contract/monitor';
import { hasPosition } from '../monitor/live/positions.ts';

/** One point of the followed device's trail (WGS-84), with what the trail's colour and the icon need. */
export interface TrailPoint {
  lng: number;
  lat: number;
  /** km/h */
  speed: number;
  course: number;
  /** 'YYYY-MM-DD HH:mm:ss' in the user's zone, as GetTrack and the live feed both give it. */
  time: string;
}

/**
 * Points kept on the page: 30 minutes at a 1-second report interval and some more. Older points go
 * first; the page says so.
 */
export const MAX_TRAIL_POINTS = 3000;

export const fromTrack = (p: TrackPoint): TrailPoint => ({
  lng: p.Lng,
  lat: p.Lat,
  speed: p.Speed,
  course: p.Course,
  time: p.GpsTime,
});

/** The live updates of `deviceId` that carry a fix, as trail points; a status-only update places nothing. */
export function fromLive(deviceId: string, batch: readonly LivePosition[]): TrailPoint[] {
  const out: TrailPoint[] = [];
  for (const p of batch)
    if (p.DeviceID === deviceId && hasPosition(p))
      out.push({ lng: p.Lng, lat: p.Lat, speed: p.Speed ?? 0, course: p.Course ?? 0, time: p.GpsTime });
  return out;
}

/**
 * Puts `incoming` into the trail by fix time, each time once: the preloaded track, live positions and
 * the catch-up after polling overlap, and whichever arrives first, a fix is one point. The common case,
 * live points newer than the trail, appends without sorting. The oldest go past `max`. The same array
 * comes back when nothing was added, so nothing re-renders.
 */
export function mergePoints(
  trail: readonly TrailPoint[],
  incoming: readonly TrailPoint[],
  max: number = MAX_TRAIL_POINTS,
): { points: readonly TrailPoint[]; trimmed: boolean } {
  if (!incoming.length) return { points: trail, trimmed: false };
  let merged: TrailPoint[];
  let last = trail[trail.length - 1]?.time ?? '';
  let inOrder = true;
  for (const p of incoming) {
    if (p.time <= last) {
      inOrder = false;
      break;
    }
    last = p.time;
  }
  if (inOrder) merged = [...trail, ...incoming];
  else {
    const byTime = new Map<string, TrailPoint>();
    for (const p of trail) byTime.set(p.time, p);
    let added = false;
    for (const p of incoming)
      if (!byTime.has(p.time)) {
        byTime.set(p.time, p);
        added = true;
      }
    if (!added) return { points: trail, trimmed: false };
    merged = [...byTime.values()].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  }
  if (merged.length <= max) return { points: merged, trimmed: false };
  return { points: merged.slice(merged.length - max), trimmed: true };
}
