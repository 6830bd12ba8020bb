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
});
