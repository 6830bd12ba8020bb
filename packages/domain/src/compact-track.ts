/**
 * History/GetTrack's compact form (contract/history.ts CompactTrack) back into plain columns in the usual
 * units, for the console's player and for tests. Typed structurally so the console needs no TypeBox.
 */
export interface CompactTrackColumns {
  Count: number;
  Time: number[];
  Lat: number[];
  Lng: number[];
  Speed: number[];
  Course: number[];
  Invalid: number[];
  Alarms: { Index: number; Alarms: string[] }[];
}

export interface DecodedTrack {
  /** Unix milliseconds (UTC). */
  time: Float64Array;
  /** Degrees, WGS-84. */
  lat: Float64Array;
  lng: Float64Array;
  /** km/h. */
  speed: Float64Array;
  course: Float64Array;
  valid: Uint8Array;
  alarms: Map<number, string[]>;
}

export function decodeCompactTrack(c: CompactTrackColumns): DecodedTrack {
  const n = c.Count;
  const out: DecodedTrack = {
    time: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    course: new Float64Array(n),
    valid: new Uint8Array(n).fill(1),
    alarms: new Map(c.Alarms.map((a) => [a.Index, a.Alarms])),
  };
  let t = 0;
  let lat = 0;
  let lng = 0;
  let speed = 0;
  let course = 0;
  for (let i = 0; i < n; i++) {
    t += c.Time[i]!;
    lat += c.Lat[i]!;
    lng += c.Lng[i]!;
    speed += c.Speed[i]!;
    course += c.Course[i]!;
    out.time[i] = t * 1000;
    out.lat[i] = lat / 1e6;
    out.lng[i] = lng / 1e6;
    out.speed[i] = speed / 10;
    out.course[i] = course;
  }
  for (const i of c.Invalid) out.valid[i] = 0;
  return out;
}
