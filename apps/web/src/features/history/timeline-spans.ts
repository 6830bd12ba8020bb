import { GAP_SECONDS, type TrackArrays } from './track-arrays.ts';

/** A column of the timeline: no data, stopped or moving. */
export const Span = { None: 0, Stopped: 1, Moving: 2 } as const;
export type Span = (typeof Span)[keyof typeof Span];

/** Below this speed (km/h) a point counts as stopped when no stops list says otherwise. */
export const MOVING_KMH = 5;

export interface StopSpan {
  deviceId: string;
  /** Unix seconds. */
  start: number;
  end: number;
}

/**
 * The state of each of `width` columns covering [start, end]: the time between two points (closer
 * than GAP_SECONDS) takes the state of the earlier one, moving at MOVING_KMH or more; with a stops
 * list, covered time is moving except inside a stop. Time with no data, and gaps, stay None.
 */
export function timelineColumns(
  track: TrackArrays,
  start: number,
  end: number,
  width: number,
  stops?: readonly StopSpan[],
): Uint8Array {
  const cols = new Uint8Array(width);
  const span = end - start;
  if (span <= 0 || width <= 0) return cols;
  const col = (t: number) => Math.floor(((t - start) / span) * width);
  const fill = (a: number, b: number, v: Span) => {
    const c0 = Math.max(0, col(a));
    const c1 = Math.min(width - 1, Math.max(c0, col(b)));
    for (let c = c0; c <= c1; c++)
      if (cols[c] as number) cols[c] = Math.max(cols[c] as number, v);
      else cols[c] = v;
  };
  const { n, time, speed } = track;
  for (let i = 0; i < n; i++) {
    const t0 = time[i] as number;
    const next = i + 1 < n ? (time[i + 1] as number) : t0;
    const until = next - t0 <= GAP_SECONDS ? next : t0;
    const state = stops ? Span.Moving : (speed[i] as number) >= MOVING_KMH ? Span.Moving : Span.Stopped;
    if (until < start || t0 > end) continue;
    fill(t0, until, state);
  }
  if (stops)
    for (const s of stops) {
      if (s.deviceId !== track.deviceId) continue;
      const c0 = Math.max(0, col(s.start));
      const c1 = Math.min(width - 1, col(s.end));
      for (let c = c0; c <= c1; c++) if (cols[c]) cols[c] = Span.Stopped;
    }
  return cols;
}
