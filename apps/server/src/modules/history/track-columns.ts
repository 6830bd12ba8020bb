import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * A track in the compact form's units (contract/history.ts CompactTrack), absolute values in time order:
 * Unix seconds, millionths of a degree, tenths of km/h, degrees. Built from positions rows or from
 * rolled-up days, then written as the reply (delta-encoded) or packed into a track_days row.
 */
export class TrackColumns {
  readonly time: number[] = [];
  readonly lat: number[] = [];
  readonly lng: number[] = [];
  readonly speed: number[] = [];
  readonly course: number[] = [];
  readonly invalid: number[] = [];
  readonly alarms: { Index: number; Alarms: string[] }[] = [];

  get count(): number {
    return this.time.length;
  }

  push(time: number, lat: number, lng: number, speed: number, course: number, valid: boolean, alarms: string[] | null) {
    const i = this.time.length;
    this.time.push(time);
    this.lat.push(lat);
    this.lng.push(lng);
    this.speed.push(speed);
    this.course.push(course);
    if (!valid) this.invalid.push(i);
    if (alarms?.length) this.alarms.push({ Index: i, Alarms: alarms });
  }

  /**
   * The CompactTrack as JSON text. Written by hand: the columns are plain integers, and joining them is
   * several times faster than a schema serializer walking half a million values (bench/RESULTS.md).
   */
  toJson(): string {
    return (
      `{"Count":${this.count},"Time":[${deltas(this.time)}],"Lat":[${deltas(this.lat)}],"Lng":[${deltas(this.lng)}],` +
      `"Speed":[${deltas(this.speed)}],"Course":[${deltas(this.course)}],"Invalid":[${this.invalid.join(',')}],` +
      `"Alarms":${JSON.stringify(this.alarms)}}`
    );
  }
}

function deltas(xs: number[]): string {
  const n = xs.length;
  if (n === 0) return '';
  const out = new Array<number>(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    out[i] = x - prev;
    prev = x;
  }
  return out.join(',');
}

/*
 * A packed day (track_days.data), deflated: u32 count, u32 length of the alarms' JSON, then per column the
 * deltas from the point before (the first from 0) — int32 time, lat, lng, speed; int16 course; u8 valid —
 * and the alarms as [[index within the day, [names]], …]. Deltas of a 10-second track are small, so the
 * deflated day is a fraction of the raw 19 bytes a point.
 */
const HEADER = 8;

export function packDay(c: TrackColumns): Buffer {
  const n = c.count;
  const alarms = Buffer.from(JSON.stringify(c.alarms.map((a) => [a.Index, a.Alarms])));
  const buf = Buffer.alloc(HEADER + n * 19 + alarms.length);
  buf.writeUInt32LE(n, 0);
  buf.writeUInt32LE(alarms.length, 4);
  let o = HEADER;
  for (const col of [c.time, c.lat, c.lng, c.speed]) {
    let prev = 0;
    for (let i = 0; i < n; i++) {
      buf.writeInt32LE(col[i]! - prev, o);
      prev = col[i]!;
      o += 4;
    }
  }
  let prev = 0;
  for (let i = 0; i < n; i++) {
    buf.writeInt16LE(c.course[i]! - prev, o);
    prev = c.course[i]!;
    o += 2;
  }
  const invalid = new Set(c.invalid);
  for (let i = 0; i < n; i++) buf[o++] = invalid.has(i) ? 0 : 1;
  alarms.copy(buf, o);
  return deflateRawSync(buf);
}

/** Appends the points of a packed day whose time lies in [fromSec, toSec] to `into`. */
export function unpackDay(data: Buffer, into: TrackColumns, fromSec: number, toSec: number): void {
  const buf = inflateRawSync(data);
  const n = buf.readUInt32LE(0);
  const alarmsLength = buf.readUInt32LE(4);
  const timeAt = HEADER;
  const latAt = timeAt + 4 * n;
  const lngAt = latAt + 4 * n;
  const speedAt = lngAt + 4 * n;
  const courseAt = speedAt + 4 * n;
  const validAt = courseAt + 2 * n;
  const alarmsAt = validAt + n;
  const alarms = new Map<number, string[]>(
    alarmsLength ? (JSON.parse(buf.toString('utf8', alarmsAt, alarmsAt + alarmsLength)) as [number, string[]][]) : [],
  );
  let t = 0;
  let lat = 0;
  let lng = 0;
  let speed = 0;
  let course = 0;
  for (let i = 0; i < n; i++) {
    t += buf.readInt32LE(timeAt + 4 * i);
    lat += buf.readInt32LE(latAt + 4 * i);
    lng += buf.readInt32LE(lngAt + 4 * i);
    speed += buf.readInt32LE(speedAt + 4 * i);
    course += buf.readInt16LE(courseAt + 2 * i);
    if (t < fromSec || t > toSec) continue;
    into.push(t, lat, lng, speed, course, buf[validAt + i] === 1, alarms.get(i) ?? null);
  }
}
