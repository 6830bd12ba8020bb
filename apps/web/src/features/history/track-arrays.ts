import type { CompactTrack } from '@lodestar/contract/history';

/**
 * One device's track as typed columns: a 30-day track is 259,200 points, which as objects would be
 * tens of MB and slow to walk every frame; as columns it is ~9 MB and the player and the map read
 * it by index. Positions are WGS-84 (the map converts for display).
 */
export interface TrackArrays {
  deviceId: string;
  n: number;
  /** Unix seconds, ascending. */
  time: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** km/h */
  speed: Float32Array;
  /** Degrees clockwise from north. */
  course: Float32Array;
  /** 1 where the point has no valid fix. */
  invalid: Uint8Array;
  /** Alarm names by point index. */
  alarms: Map<number, string[]>;
}

/** Undoes the delta encoding of one column into `out`, scaled. A short column (a bad reply) leaves zeros. */
function undelta(values: readonly number[], n: number, scale: number, out: Float64Array | Float32Array): void {
  let acc = 0;
  const m = Math.min(n, values.length);
  for (let i = 0; i < m; i++) {
    acc += values[i] as number;
    out[i] = acc * scale;
  }
}

/** The compact reply (History/GetTrack, Format 'compact') decoded into columns. */
export function decodeTrack(deviceId: string, c: CompactTrack): TrackArrays {
  const n = c.Count;
  const track: TrackArrays = {
    deviceId,
    n,
    time: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float32Array(n),
    course: new Float32Array(n),
    invalid: new Uint8Array(n),
    alarms: new Map(),
  };
  undelta(c.Time, n, 1, track.time);
  undelta(c.Lat, n, 1e-6, track.lat);
  undelta(c.Lng, n, 1e-6, track.lng);
  undelta(c.Speed, n, 0.1, track.speed);
  undelta(c.Course, n, 1, track.course);
  for (const i of c.Invalid) if (i >= 0 && i < n) track.invalid[i] = 1;
  for (const a of c.Alarms) if (a.Index >= 0 && a.Index < n && a.Alarms.length) track.alarms.set(a.Index, a.Alarms);
  return track;
}

/** An empty track (no points in the period). */
export const emptyTrack = (deviceId: string): TrackArrays =>
  decodeTrack(deviceId, {
    Count: 0,
    Time: [],
    Lat: [],
    Lng: [],
    Speed: [],
    Course: [],
    Invalid: [],
    Alarms: [],
  });

/** The last point at or before `t` (binary search); -1 before the first point. */
export function indexAt(track: TrackArrays, t: number): number {
  let lo = 0;
  let hi = track.n - 1;
  if (hi < 0 || t < (track.time[0] as number)) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((track.time[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface TrackPosition {
  /** The last point at or before the time (the first point before the track starts). */
  index: number;
  lat: number;
  lng: number;
  course: number;
  speed: number;
}

/** Points further apart than this are not interpolated between: the vehicle waits at the earlier one (a gap). */
export const GAP_SECONDS = 3600;

/** Shortest turn from a to b, in degrees (-180, 180]. */
const turn = (a: number, b: number) => ((((b - a) % 360) + 540) % 360) - 180;

/**
 * Where the vehicle is at time `t`: interpolated between the points around it (course by the
 * shorter turn), held at the first point before the track and at the last after it, and held at a
 * point before a gap of more than GAP_SECONDS. Null for an empty track.
 */
export function positionAt(track: TrackArrays, t: number): TrackPosition | null {
  if (!track.n) return null;
  const i = indexAt(track, t);
  const at = (k: number): TrackPosition => ({
    index: k,
    lat: track.lat[k] as number,
    lng: track.lng[k] as number,
    course: track.course[k] as number,
    speed: track.speed[k] as number,
  });
  if (i < 0) return at(0);
  if (i >= track.n - 1) return at(i);
  const t0 = track.time[i] as number;
  const t1 = track.time[i + 1] as number;
  if (t1 <= t0 || t1 - t0 > GAP_SECONDS) return at(i);
  const f = (t - t0) / (t1 - t0);
  const lerp = (a: ArrayLike<number>) => (a[i] as number) + ((a[i + 1] as number) - (a[i] as number)) * f;
  const c0 = track.course[i] as number;
  return {
    index: i,
    lat: lerp(track.lat),
    lng: lerp(track.lng),
    speed: lerp(track.speed),
    course: (c0 + turn(c0, track.course[i + 1] as number) * f + 360) % 360,
  };
}
