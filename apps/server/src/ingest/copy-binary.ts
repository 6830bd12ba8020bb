import type { EventRow, PositionRow } from './plan.ts';

/**
 * PostgreSQL's binary COPY format for the rows a flush writes: `positions`, and `events` (the fence engine's
 * among them). Against the text format it spares both
 * sides the number and timestamp formatting and parsing (shortest-float printing in V8, strtod and
 * the timestamp parser in the server) and the escaping of every JSON text.
 * Layout: https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4
 */

export const COPY_POSITIONS_BINARY =
  'COPY positions (device_pk, fix_time, server_time, valid, lat, lon, speed, course, altitude, satellites, alarms, attributes) FROM STDIN (FORMAT binary)';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FIELDS = 12;
const TEXT_OID = 25;
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;

/** A growable write cursor over one Buffer. */
class Out {
  buf: Buffer;
  at = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  need(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  i16(v: number): void {
    this.at = this.buf.writeInt16BE(v, this.at);
  }

  i32(v: number): void {
    this.at = this.buf.writeInt32BE(v, this.at);
  }

  int4(v: number): void {
    this.i32(4);
    this.i32(v);
  }

  int2(v: number | null): void {
    if (v === null) {
      this.i32(-1);
      return;
    }
    this.i32(2);
    this.i16(v);
  }

  float8(v: number): void {
    this.i32(8);
    this.at = this.buf.writeDoubleBE(v, this.at);
  }

  float4(v: number | null): void {
    if (v === null) {
      this.i32(-1);
      return;
    }
    this.i32(4);
    this.at = this.buf.writeFloatBE(v, this.at);
  }

  bool(v: boolean): void {
    this.i32(1);
    this.buf[this.at++] = v ? 1 : 0;
  }

  /** timestamptz: microseconds since 2000-01-01 UTC as int64 (split in two words: no BigInt per row). */
  timestamp(d: Date): void {
    const ms = d.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
    const us = (ms - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    this.i32(8);
    this.i32(hi);
    this.at = this.buf.writeUInt32BE(us - hi * TWO_32, this.at);
  }

  int4OrNull(v: number | null | undefined): void {
    if (v == null) this.i32(-1);
    else this.int4(v);
  }

  float8OrNull(v: number | null | undefined): void {
    if (v == null) this.i32(-1);
    else this.float8(v);
  }

  textOrNull(v: string | null): void {
    if (v === null) this.i32(-1);
    else this.string(v);
  }

  /** A length-prefixed UTF-8 string with `prefix` bytes (the jsonb version byte) before it. */
  string(s: string, prefix?: number): void {
    this.need(4 + 1 + s.length * 3);
    const start = this.at;
    this.at += 4;
    if (prefix !== undefined) this.buf[this.at++] = prefix;
    this.at += this.buf.write(s, this.at, 'utf8');
    this.buf.writeInt32BE(this.at - start - 4, start);
  }

  /** text[] with one dimension and no NULL elements; an empty array is stored as NULL. */
  textArray(items: readonly string[]): void {
    if (items.length === 0) {
      this.i32(-1);
      return;
    }
    const start = this.at;
    this.need(24);
    this.at += 4;
    this.i32(1); // dimensions
    this.i32(0); // no NULLs
    this.i32(TEXT_OID);
    this.i32(items.length);
    this.i32(1); // lower bound
    for (const s of items) this.string(s);
    this.buf.writeInt32BE(this.at - start - 4, start);
  }
}

/** Everything but the strings of one row, with their length words. */
const FIXED_ROW_BYTES = 2 + 12 * 4 + 4 + 8 + 8 + 1 + 8 + 8 + 4 + 2 + 4 + 2;

/** A COPY stream's header, for about `rows` rows of `rowBytes` each. */
function header(rows: number, rowBytes: number): Out {
  const out = new Out(19 + rows * rowBytes + 2);
  SIGNATURE.copy(out.buf, 0);
  out.at = SIGNATURE.length;
  out.i32(0); // flags: no OIDs
  out.i32(0); // header extension length
  return out;
}

function trailer(out: Out): Buffer {
  out.need(2);
  out.i16(-1);
  return out.buf.subarray(0, out.at);
}

/** The whole COPY stream (header, rows, trailer) for `rows`. */
export function encodePositionsBinary(rows: readonly PositionRow[]): Buffer {
  const out = header(rows.length, FIXED_ROW_BYTES + 64);
  for (const r of rows) {
    out.need(FIXED_ROW_BYTES);
    out.i16(FIELDS);
    out.int4(r.device_pk);
    out.timestamp(r.fix_time);
    out.timestamp(r.server_time);
    out.bool(r.valid);
    out.float8(r.lat);
    out.float8(r.lon);
    out.float4(r.speed);
    out.int2(r.course);
    out.float4(r.altitude);
    out.int2(r.satellites);
    out.textArray(r.alarms);
    out.string(JSON.stringify(r.attributes), 1); // jsonb: version 1, then the JSON text
  }
  return trailer(out);
}

/**
 * Events as a binary COPY: how the writer sent them until a prepared INSERT from arrays proved cheaper for the few
 * rows a flush holds (flush-statements.ts); bench/flush-parts.ts still sends it, to compare.
 */
export const COPY_EVENTS_BINARY =
  'COPY events (device_pk, type, alarm, event_time, lat, lon, fence_id, road_id, speed) FROM STDIN (FORMAT binary)';

/** Everything but the two strings of an event row, with their length words. */
const FIXED_EVENT_BYTES = 2 + 9 * 4 + 4 + 8 + 8 + 8 + 4 + 4 + 4;

export function encodeEventsBinary(rows: readonly EventRow[]): Buffer {
  const out = header(rows.length, FIXED_EVENT_BYTES + 32);
  for (const r of rows) {
    out.need(FIXED_EVENT_BYTES);
    out.i16(9);
    out.int4(r.device_pk);
    out.textOrNull(r.type);
    out.textOrNull(r.alarm);
    out.need(FIXED_EVENT_BYTES);
    out.timestamp(r.event_time);
    out.float8OrNull(r.lat);
    out.float8OrNull(r.lon);
    out.int4OrNull(r.fence_id);
    out.int4OrNull(r.road_id);
    out.float4(r.speed ?? null);
  }
  return trailer(out);
}
