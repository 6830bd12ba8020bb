import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompactPieces, packDayReply, readDayReply } from './compact-reply.ts';
import { crc32Combine, deflateSegment, GzipJoin } from './gzip-join.ts';
import { TrackColumns } from './track-columns.ts';

/** A day of `n` points from `t0`, every column moving both ways, some invalid, some alarms. */
function day(t0: number, n: number, seed: number): TrackColumns {
  const c = new TrackColumns();
  for (let i = 0; i < n; i++)
    c.push(
      t0 + 10 * i,
      31_000_000 + Math.round(Math.sin(i / 50 + seed) * 80_000),
      121_000_000 - Math.round(Math.cos(i / 70 + seed) * 90_000),
      (i * 37 + seed) % 1200,
      (i * 7 + seed) % 360,
      (i + seed) % 97 !== 3,
      (i + seed) % 400 === 7 ? ['overspeed', `n${i}`] : null,
    );
  return c;
}

/** The same points in one TrackColumns, whose toJson is the reference text. */
function whole(parts: TrackColumns[]): TrackColumns {
  const all = new TrackColumns();
  for (const p of parts) all.append(p);
  return all;
}

const gzipOf = (pieces: CompactPieces) => {
  const g = new GzipJoin();
  pieces.write(g);
  return g.done();
};

describe('gzip joined from pre-deflated segments', () => {
  it('combines CRC-32s as zlib does, for any lengths', () => {
    for (const [a, b] of [
      ['', 'x'],
      ['abc', ''],
      ['hello, ', 'world'.repeat(3000)],
      ['\u00ff'.repeat(70_000), '\u0000'.repeat(1)],
    ] as const) {
      const [ba, bb] = [Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1')];
      expect(crc32Combine(crc32(ba), crc32(bb), bb.length)).toBe(crc32(Buffer.concat([ba, bb])));
    }
  });

  it('inflates to the text and segments in order: short text stored, long text deflated, empty parts skipped', () => {
    const g = new GzipJoin();
    const parts = [
      Buffer.from('{"a":['),
      deflateSegment(Buffer.from('1,22,333,'.repeat(9000)), 9),
      Buffer.from('x'.repeat(70_000)),
      deflateSegment(Buffer.alloc(0), 9),
      Buffer.from('7'),
      Buffer.from(']}'),
    ];
    for (const p of parts) 'bytes' in p ? g.segment(p) : g.text(p);
    const expected = `{"a":[${'1,22,333,'.repeat(9000)}${'x'.repeat(70_000)}7]}`;
    expect(gunzipSync(g.done()).toString()).toBe(expected);
  });
});

describe('CompactPieces', () => {
  it('writes whole rolled days and columns between them as TrackColumns.toJson writes the same points', () => {
    const days = [day(1_764_000_000, 300, 1), day(1_764_086_400, 8640, 2), day(1_764_172_800, 1, 3)];
    const cut = day(1_764_259_200, 500, 4);
    const today = day(1_764_345_600, 77, 5);
    const pieces = new CompactPieces([
      days[0]!,
      readDayReply(packDayReply(days[1]!)),
      readDayReply(packDayReply(days[2]!)),
      readDayReply(packDayReply(new TrackColumns())),
      cut,
      readDayReply(packDayReply(days[0]!)),
      today,
    ]);
    const expected = whole([days[0]!, days[1]!, days[2]!, cut, days[0]!, today]).toJson().toString();
    expect(pieces.count).toBe(300 + 8640 + 1 + 500 + 300 + 77);
    expect(pieces.hasSegments).toBe(true);
    expect(pieces.toJson().toString()).toBe(expected);
    expect(gunzipSync(gzipOf(pieces)).toString()).toBe(expected);
  });

  it('starts with a stored day, and writes a track with no points', () => {
    const d = day(1_764_000_000, 1000, 6);
    const pieces = new CompactPieces([readDayReply(packDayReply(d))]);
    expect(gunzipSync(gzipOf(pieces)).toString()).toBe(d.toJson().toString());
    const empty = new CompactPieces([readDayReply(packDayReply(new TrackColumns())), new TrackColumns()]);
    expect(empty.hasSegments).toBe(false);
    expect(empty.toJson().toString()).toBe(new TrackColumns().toJson().toString());
    expect(gunzipSync(gzipOf(empty)).toString()).toBe(new TrackColumns().toJson().toString());
  });

  it('stores a day in a fraction of its text', () => {
    const d = day(1_764_000_000, 8640, 7);
    expect(packDayReply(d).length).toBeLessThan(d.toJson().length / 4);
  });
});
