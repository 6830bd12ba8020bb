import { deflateRawSync, inflateRawSync } from 'node:zlib';

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
    const w = new JsonWriter(160 + 5 * 12 * n + 12 * this.invalid.length + alarms.length);
    w.text(`{"Count":${n},"Time":[`);
    w.deltas(this.time, n);
    w.text('],"Lat":[');
    w.deltas(this.lat, n);
    w.text('],"Lng":[');
    w.deltas(this.lng, n);
    w.text('],"Speed":[');
    w.deltas(this.speed, n);
    w.text('],"Course":[');
    w.deltas(this.course, n);
    w.text('],"Invalid":[');
    w.list(this.invalid);
    w.text('],"Alarms":');
    w.bytes(alarms);
    w.text('}');
    return w.done();
  }
}

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/** Integers as JSON text into a buffer sized up front. */
class JsonWriter {
  private readonly buf: Buffer;
  private o = 0;
  private readonly digits = new Uint8Array(20);

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  text(s: string): void {
    this.o += this.buf.write(s, this.o, 'latin1');
  }

  bytes(b: Buffer): void {
    b.copy(this.buf, this.o);
    this.o += b.length;
  }

  /** The first value as it is, every next one as the difference from the one before, comma-separated. */
  deltas(xs: ArrayLike<number>, n: number): void {
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      if (i) this.buf[this.o++] = COMMA;
      this.int(x - prev);
      prev = x;
    }
  }

  list(xs: readonly number[]): void {
    for (let i = 0; i < xs.length; i++) {
      if (i) this.buf[this.o++] = COMMA;
      this.int(xs[i]!);
    }
  }

  private int(v: number): void {
    const buf = this.buf;
    if (v < 0) {
      buf[this.o++] = MINUS;
      v = -v;
    }
    if (v < 10) {
      buf[this.o++] = ZERO + v;
      return;
    }
    let k = 0;
    while (v > 0) {
      const q = Math.floor(v / 10);
      this.digits[k++] = ZERO + (v - q * 10);
      v = q;
    }
    while (k > 0) buf[this.o++] = this.digits[--k]!;
  }

  done(): Buffer {
    return this.buf.subarray(0, this.o);
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
  into.reserve(n);
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
