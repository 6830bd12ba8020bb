import { decodeCompactTrack } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { packDay, TrackColumns, unpackDay } from './track-columns.ts';

describe('TrackColumns', () => {
  it('writes the compact JSON that JSON.parse and the decoder read back, for any integers', () => {
    const c = new TrackColumns();
    const points: [number, number, number, number, number, boolean][] = [
      [1_764_000_000, 31_230_416, 121_473_701, 0, 0, true],
      [1_764_000_010, -33_868_820, -151_209_296, 1234, 359, false],
      [1_764_000_011, 89_999_999, 179_999_999, 9, 10, true],
      [2_147_483_000, -90_000_000, -180_000_000, 3000, 1, true],
    ];
    for (const p of points) c.push(...p, p[1] < 0 ? ['sos'] : null);
    const json = c.toJson().toString();
    const parsed = JSON.parse(json) as { Count: number; Time: number[]; Invalid: number[] };
    expect(parsed.Count).toBe(4);
    expect(parsed.Time).toEqual([1_764_000_000, 10, 1, 2_147_483_000 - 1_764_000_011]);
    const d = decodeCompactTrack(JSON.parse(json));
    expect(Array.from(d.lat)).toEqual(points.map((p) => p[1] / 1e6));
    expect(Array.from(d.lng)).toEqual(points.map((p) => p[2] / 1e6));
    expect(parsed.Invalid).toEqual([1]);
    expect(json).toContain('"Alarms":[{"Index":1,"Alarms":["sos"]},{"Index":3,"Alarms":["sos"]}]');
  });

  it('writes an empty track', () => {
    expect(JSON.parse(new TrackColumns().toJson().toString())).toEqual({
      Count: 0,
      Time: [],
      Lat: [],
      Lng: [],
      Speed: [],
      Course: [],
      Invalid: [],
      Alarms: [],
    });
  });

  it('grows past its capacity and round-trips a packed day', () => {
    const c = new TrackColumns();
    for (let i = 0; i < 5000; i++)
      c.push(1_764_000_000 + 10 * i, 31_000_000 + i, 121_000_000 - i, i % 900, i % 360, i % 7 !== 0, null);
    const back = new TrackColumns();
    unpackDay(packDay(c), back, 0, 2_000_000_000);
    expect(back.count).toBe(5000);
    expect(Array.from(back.lng.subarray(0, back.count))).toEqual(Array.from(c.lng.subarray(0, c.count)));
    expect(back.invalid).toEqual(c.invalid);
  });

  it('writes every integer as JSON.parse reads it, around each digit count and sign', () => {
    const values = [0, 1, -1, 9, 10, -10, 99, 100, -100, 999, 1000, 12_345, 99_999, 100_000, 2 ** 31 - 1, -(2 ** 31)];
    for (let k = 0; k < 2000; k++) values.push(Math.round((Math.random() - 0.5) * 2 * 10 ** (k % 10)) + 0);
    const c = new TrackColumns();
    // Through the time column (doubles), whose running sums stay exact wherever they wander.
    let time = 0;
    for (const v of values) {
      time += v;
      c.push(time, 0, 0, 0, 0, true, null);
    }
    const parsed = JSON.parse(c.toJson().toString()) as { Time: number[] };
    expect(parsed.Time).toEqual(values);
  });

  it('unpacks only the points of a day inside the range, their flags renumbered after what came before', () => {
    const day = new TrackColumns();
    for (let i = 0; i < 100; i++)
      day.push(
        1_764_000_000 + 10 * i,
        31_000_000 + i * 7,
        121_000_000 - i,
        i * 3,
        (i * 7) % 360,
        i % 9 !== 4,
        i % 25 === 12 ? ['sos'] : null,
      );
    const packed = packDay(day);
    const out = new TrackColumns();
    out.push(1_763_999_000, 1, 2, 3, 4, false, ['before']);
    // Points 20 to 79: the range cuts both ends of the day.
    unpackDay(packed, out, 1_764_000_200, 1_764_000_795);
    expect(out.count).toBe(61);
    expect(Array.from(out.time.subarray(1, 61))).toEqual(Array.from({ length: 60 }, (_, k) => 1_764_000_200 + 10 * k));
    expect(Array.from(out.lat.subarray(1, 61))).toEqual(
      Array.from({ length: 60 }, (_, k) => 31_000_000 + (k + 20) * 7),
    );
    expect(Array.from(out.course.subarray(1, 61))).toEqual(Array.from({ length: 60 }, (_, k) => ((k + 20) * 7) % 360));
    // Invalid: the point before, then day indexes 22, 31, …, 76 (i % 9 === 4) shifted by 1 - 20.
    expect(out.invalid).toEqual([0, ...[22, 31, 40, 49, 58, 67, 76].map((i) => i - 19)]);
    expect(out.alarms).toEqual([
      { Index: 0, Alarms: ['before'] },
      { Index: 37 - 19, Alarms: ['sos'] },
      { Index: 62 - 19, Alarms: ['sos'] },
    ]);
    // A range outside the day adds nothing.
    unpackDay(packed, out, 1_765_000_000, 1_765_000_100);
    expect(out.count).toBe(61);
  });
});
