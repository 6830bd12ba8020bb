import { constants, inflateRawSync } from 'node:zlib';
import { type DeflatedSegment, deflateSegment } from './gzip-join.ts';
import { JsonWriter, MAX_INT_CHARS } from './json-writer.ts';
import type { TrackColumns } from './track-columns.ts';

/** The compact form's delta columns, in the reply's order (contract/history.ts CompactTrack). */
const COLUMNS = [
  ['Time', 'time'],
  ['Lat', 'lat'],
  ['Lng', 'lng'],
  ['Speed', 'speed'],
  ['Course', 'course'],
] as const;

/**
 * A closed day's share of GetTrack's compact reply, written when the day is rolled up (track_days.reply): per
 * column the text of its deltas after the first point (",d1,d2,…") deflated ahead of time, and the first and last
 * values, so the delta that joins the day to the piece before is written at call time. A 30-day reply is then
 * 31 rows' segments joined into one gzip body (GzipJoin) instead of 259,200 points unpacked, written as text and
 * compressed per call (bench/RESULTS.md, #16).
 */
export interface DayReply {
  count: number;
  first: number[];
  last: number[];
  /** Indexes within the day. */
  invalid: number[];
  alarms: [number, string[]][];
  segments: DeflatedSegment[];
}

/** Deflate level of the stored segments: written once a day, read by every call, so the smallest is worth it. */
const STORED_LEVEL = 9;

/** track_days.reply: u32 length of a JSON header (the DayReply without the segments' bytes), then the segments. */
export function packDayReply(c: TrackColumns): Buffer {
  const n = c.count;
  const segments = COLUMNS.map(([, col]) => {
    const w = new JsonWriter(MAX_INT_CHARS * n);
    if (n) w.deltas(c[col], 1, n, c[col][0], true);
    return deflateSegment(w.done(), STORED_LEVEL);
  });
  const header = Buffer.from(
    JSON.stringify({
      count: n,
      first: COLUMNS.map(([, col]) => (n ? c[col][0] : 0)),
      last: COLUMNS.map(([, col]) => (n ? c[col][n - 1] : 0)),
      invalid: c.invalid,
      alarms: c.alarms.map((a) => [a.Index, a.Alarms]),
      segments: segments.map((s) => [s.bytes.length, s.length, s.crc]),
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  return Buffer.concat([size, header, ...segments.map((s) => s.bytes)]);
}

export function readDayReply(b: Buffer): DayReply {
  const headerLength = b.readUInt32LE(0);
  const h = JSON.parse(b.toString('utf8', 4, 4 + headerLength)) as Omit<DayReply, 'segments'> & {
    segments: [number, number, number][];
  };
  let at = 4 + headerLength;
  const segments = h.segments.map(([size, length, crc]) => {
    const bytes = b.subarray(at, at + size);
    at += size;
    return { bytes, length, crc };
  });
  return { ...h, segments };
}

/** Where the reply's text goes: plain bytes, or a gzip body that takes the day segments as they are. */
export interface ReplySink {
  text(b: Buffer): void;
  segment(s: DeflatedSegment): void;
}

/**
 * A compact track as pieces in time order: points held as columns (today, stale days, days cut by the period,
 * days rolled before track_days had a reply) and whole rolled days as their stored reply. Written as the same
 * CompactTrack JSON that TrackColumns.toJson writes for the same points, byte for byte.
 */
export class CompactPieces {
  constructor(readonly pieces: readonly (TrackColumns | DayReply)[]) {}

  get count(): number {
    return this.pieces.reduce((n, p) => n + p.count, 0);
  }

  /** Whether a gzip body can take stored segments (else the whole text is written now). */
  get hasSegments(): boolean {
    return this.pieces.some((p) => 'segments' in p && p.count > 0);
  }

  write(sink: ReplySink): void {
    sink.text(Buffer.from(`{"Count":${this.count},"`));
    for (const [k, [key, col]] of COLUMNS.entries()) {
      sink.text(Buffer.from(`${k ? '],"' : ''}${key}":[`));
      let prev = 0;
      let lead = false;
      for (const p of this.pieces) {
        const n = p.count;
        if (!n) continue;
        if ('segments' in p) {
          const w = new JsonWriter(MAX_INT_CHARS);
          w.deltas(p.first, k, k + 1, prev, lead);
          sink.text(w.done());
          sink.segment(p.segments[k]!);
          prev = p.last[k]!;
        } else {
          const w = new JsonWriter(MAX_INT_CHARS * n);
          w.deltas(p[col], 0, n, prev, lead);
          sink.text(w.done());
          prev = p[col][n - 1]!;
        }
        lead = true;
      }
    }
    const invalid: number[] = [];
    const alarms: { Index: number; Alarms: string[] }[] = [];
    let base = 0;
    for (const p of this.pieces) {
      if ('segments' in p) {
        for (const i of p.invalid) invalid.push(base + i);
        for (const [i, names] of p.alarms) alarms.push({ Index: base + i, Alarms: names });
      } else {
        for (const i of p.invalid) invalid.push(base + i);
        for (const a of p.alarms) alarms.push({ Index: base + a.Index, Alarms: a.Alarms });
      }
      base += p.count;
    }
    const w = new JsonWriter(MAX_INT_CHARS * invalid.length + 16);
    w.text('],"Invalid":[');
    w.list(invalid);
    sink.text(w.done());
    sink.text(Buffer.from(`],"Alarms":${JSON.stringify(alarms)}}`));
  }

  /** The reply's JSON text, the stored segments inflated. */
  toJson(): Buffer {
    const parts: Buffer[] = [];
    this.write({
      text: (b) => parts.push(b),
      segment: (s) => parts.push(inflateRawSync(s.bytes, { finishFlush: constants.Z_SYNC_FLUSH })),
    });
    return Buffer.concat(parts);
  }
}
