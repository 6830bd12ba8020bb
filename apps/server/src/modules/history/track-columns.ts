import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { JsonWriter, MAX_INT_CHARS } from './json-writer.ts';

/**
 * A track in the compact form's units (contract/history.ts CompactTrack), absolute values in time order:
 * Unix seconds, millionths of a degree, tenths of km/h, degrees. Built from positions rows or from
 * rolled-up days, then written as the reply (delta-encoded) or packed into a track_days row.
 *
 * Typed columns, grown by doubling (a packed day reserves its count up front): a 30-day track is 259,200
 * points, and five plain arrays pushed value by value, then joined, were most of GetTrack's server time
 * (bench/RESULTS.md, #16). Only the first `count` entries of a column are the track.
 */
export class TrackColumns {
  private n = 0;
  time = new Float64Array(0);
  lat = new Int32Array(0);
  lng = new Int32Array(0);
  speed = new Int32Array(0);
  course = new Int32Array(0);
  readonly invalid: number[] = [];
  readonly alarms: { Index: number; Alarms: string[] }[] = [];

  get count(): number {
    return this.n;
  }

  /** Room for `extra` more points without growing again. */
  reserve(extra: number): void {
    const need = this.n + extra;
    if (need <= this.time.length) return;
    const cap = Math.max(need, this.time.length * 2, 1024);
    const grow = <A extends Float64Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(cap);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.time = grow(this.time, (k) => new Float64Array(k));
    this.lat = grow(this.lat, (k) => new Int32Array(k));
    this.lng = grow(this.lng, (k) => new Int32Array(k));
    this.speed = grow(this.speed, (k) => new Int32Array(k));
    this.course = grow(this.course, (k) => new Int32Array(k));
  }

  /** Makes room for `k` points after the last and counts them in; returns the index of the first. */
  claim(k: number): number {
    this.reserve(k);
    const at = this.n;
    this.n += k;
    return at;
  }

  /** Keeps only the first `count` points (the flags of any dropped are the caller's to leave out). */
  truncate(count: number): void {
    this.n = Math.min(this.n, count);
  }

  /** Appends another track's points (with their flags), column by column. */
  append(c: TrackColumns): void {
    const base = this.claim(c.count);
    const k = c.count;
    this.time.set(c.time.subarray(0, k), base);
    this.lat.set(c.lat.subarray(0, k), base);
    this.lng.set(c.lng.subarray(0, k), base);
    this.speed.set(c.speed.subarray(0, k), base);
    this.course.set(c.course.subarray(0, k), base);
    for (const i of c.invalid) this.invalid.push(base + i);
    for (const a of c.alarms) this.alarms.push({ Index: base + a.Index, Alarms: a.Alarms });
  }

  push(time: number, lat: number, lng: number, speed: number, course: number, valid: boolean, alarms: string[] | null) {
    if (this.n === this.time.length) this.reserve(1);
    const i = this.n++;
    this.time[i] = time;
    this.lat[i] = lat;
    this.lng[i] = lng;
    this.speed[i] = speed;
    this.course[i] = course;
    if (!valid) this.invalid.push(i);
    if (alarms?.length) this.alarms.push({ Index: i, Alarms: alarms });
  }

  /**
   * The CompactTrack as JSON, written digit by digit into one buffer: the columns are plain integers, and
   * this is about three times faster than joining them as strings (which was itself several times faster
   * than a schema serializer walking half a million values, bench/RESULTS.md).
   */
  toJson(): Buffer {
    const n = this.n;
    const alarms = Buffer.from(JSON.stringify(this.alarms));
    // The keys and brackets, then at most 12 characters a value and its comma (a 32-bit delta), per column; the
    // invalid indexes likewise.
    const w = new JsonWriter(160 + MAX_INT_CHARS * (5 * n + this.invalid.length) + alarms.length);
    w.text(`{"Count":${n},"Time":[`);
    w.deltas(this.time, 0, n);
    w.text('],"Lat":[');
    w.deltas(this.lat, 0, n);
    w.text('],"Lng":[');
    w.deltas(this.lng, 0, n);
    w.text('],"Speed":[');
    w.deltas(this.speed, 0, n);
    w.text('],"Course":[');
    w.deltas(this.course, 0, n);
    w.text('],"Invalid":[');
    w.list(this.invalid);
    w.text('],"Alarms":');
    w.bytes(alarms);
    w.text('}');
    return w.done();
  }
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

/**
 * Appends the points of a packed day whose time lies in [fromSec, toSec] to `into`: each column's deltas read
 * through a typed view and summed straight into `into`'s column (value by value through Buffer reads and
 * push() this was most of GetTrack's server time, and slow until V8 had optimised it), then the points
 * outside the range cut off (a day's times ascend, so they are its ends).
 */
export function unpackDay(data: Buffer, into: TrackColumns, fromSec: number, toSec: number): void {
  const inflated = inflateRawSync(data);
  // A fresh copy at offset 0, so the int32 and int16 views are aligned (zlib's buffer may start anywhere).
  const raw = new Uint8Array(inflated);
  const view = new DataView(raw.buffer);
  const n = view.getUint32(0, true);
  const alarmsLength = view.getUint32(4, true);
  if (!n) return;
  const ints = (column: number) => new Int32Array(raw.buffer, HEADER + 4 * n * column, n);
  const course = new Int16Array(raw.buffer, HEADER + 16 * n, n);
  const validAt = HEADER + 18 * n;
  const alarmsAt = validAt + n;
  const base = into.claim(n);
  sumInto(ints(0), into.time, base);
  // The points inside the range: [lo, hi).
  let lo = 0;
  while (lo < n && into.time[base + lo]! < fromSec) lo++;
  let hi = n;
  while (hi > lo && into.time[base + hi - 1]! > toSec) hi--;
  sumInto(ints(1), into.lat, base);
  sumInto(ints(2), into.lng, base);
  sumInto(ints(3), into.speed, base);
  sumInto(course, into.course, base);
  if (lo > 0)
    for (const col of [into.time, into.lat, into.lng, into.speed, into.course])
      col.copyWithin(base, base + lo, base + hi);
  into.truncate(base + hi - lo);
  for (let i = lo; i < hi; i++) if (raw[validAt + i] !== 1) into.invalid.push(base + i - lo);
  if (alarmsLength) {
    const list = JSON.parse(inflated.toString('utf8', alarmsAt, alarmsAt + alarmsLength)) as [number, string[]][];
    for (const [i, names] of list) if (i >= lo && i < hi) into.alarms.push({ Index: base + i - lo, Alarms: names });
  }
}

/** Running sums of `deltas` (from 0) into `out` from `at`. */
function sumInto(deltas: Int32Array | Int16Array, out: Float64Array | Int32Array, at: number): void {
  let acc = 0;
  for (let i = 0; i < deltas.length; i++) {
    acc += deltas[i]!;
    out[at + i] = acc;
  }
}
