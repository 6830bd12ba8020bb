import type { CompactTrack } from '@lodestar/contract/history';
import { describe, expect, it } from 'vitest';
import { toDisplay } from '../../../map/coords.ts';
import { decodeTrack, GAP_SECONDS } from '../track-arrays.ts';
import { DisplayPoints, latOf, lngOf, mercX, mercY, OffsetGrid, segmentsAt, trackGeometry } from './geometry.ts';

const T0 = 1_764_115_200;

/** A track from plain points, delta-encoded as the server sends it. */
function track(points: { t: number; lat: number; lng: number; speed: number; valid?: boolean }[]) {
  const delta = (xs: number[]) => xs.map((x, i) => x - (i ? (xs[i - 1] as number) : 0));
  const c: CompactTrack = {
    Count: points.length,
    Time: delta(points.map((p) => p.t)),
    Lat: delta(points.map((p) => Math.round(p.lat * 1e6))),
    Lng: delta(points.map((p) => Math.round(p.lng * 1e6))),
    Speed: delta(points.map((p) => Math.round(p.speed * 10))),
    Course: points.map(() => 0),
    Invalid: points.flatMap((p, i) => (p.valid === false ? [i] : [])),
    Alarms: [],
  };
  return decodeTrack('D', c);
}

/** A vehicle driving the same 1-km loop around a centre `laps` times, a point every 10 s at 40 km/h. */
const laps = (n: number) =>
  track(
    Array.from({ length: n * 90 }, (_, k) => ({
      t: T0 + k * 10,
      lat: 31.2 + 0.0015 * Math.sin((k / 90) * 2 * Math.PI),
      lng: 121.4 + 0.0015 * Math.cos((k / 90) * 2 * Math.PI),
      speed: 40,
    })),
  );

describe('Web Mercator', () => {
  it('round-trips longitudes and latitudes', () => {
    for (const [lng, lat] of [
      [121.4, 31.2],
      [-74, 40.7],
      [0, 0],
    ] as const) {
      expect(lngOf(mercX(lng))).toBeCloseTo(lng, 9);
      expect(latOf(mercY(lat))).toBeCloseTo(lat, 9);
    }
  });
});

describe('segmentsAt', () => {
  it('keeps every point where they lie pixels apart, and fewer at a small zoom', () => {
    const t = laps(1);
    const geo = trackGeometry(t);
    const near = segmentsAt(t, geo, 20);
    expect(near.count).toBe(t.n - 1);
    const far = segmentsAt(t, geo, 10);
    expect(far.count).toBeLessThan(t.n / 5);
    expect(far.count).toBeGreaterThan(0);
  });

  it('draws a road driven many times about once', () => {
    const once = laps(1);
    const many = laps(30);
    const z = 16;
    const a = segmentsAt(once, trackGeometry(once), z).count;
    const b = segmentsAt(many, trackGeometry(many), z).count;
    expect(b).toBeLessThan(a * 2);
  });

  it('ends where the track ends, skips invalid fixes and keeps gaps apart', () => {
    const t = track([
      { t: T0, lat: 31.2, lng: 121.4, speed: 40 },
      { t: T0 + 10, lat: 31.201, lng: 121.4, speed: 40 },
      { t: T0 + 20, lat: 35, lng: 100, speed: 40, valid: false },
      { t: T0 + 30, lat: 31.202, lng: 121.4, speed: 40 },
      { t: T0 + 40 + GAP_SECONDS, lat: 31.3, lng: 121.5, speed: 40 },
      { t: T0 + 50 + GAP_SECONDS, lat: 31.301, lng: 121.5, speed: 40 },
    ]);
    const s = segmentsAt(t, trackGeometry(t), 18);
    const pairs = Array.from({ length: s.count }, (_, k) => [s.from[k], s.to[k]]);
    expect(pairs).toEqual([
      [0, 1],
      [1, 3],
      [4, 5],
    ]);
    expect([s.gapCount, s.gapFrom[0], s.gapTo[0]]).toEqual([1, 3, 4]);
  });

  it('starts a new segment where the speed class changes, however close', () => {
    const t = track([
      { t: T0, lat: 31.2, lng: 121.4, speed: 10 },
      { t: T0 + 10, lat: 31.2000001, lng: 121.4, speed: 50 },
      { t: T0 + 20, lat: 31.2000002, lng: 121.4, speed: 50 },
    ]);
    const s = segmentsAt(t, trackGeometry(t), 5);
    expect(s.count).toBe(2);
    expect([s.from[0], s.to[0], s.from[1], s.to[1]]).toEqual([0, 1, 1, 2]);
  });
});

describe('OffsetGrid', () => {
  it('agrees with the exact GCJ-02 and BD-09 conversion within a few centimetres', () => {
    for (const crs of ['GCJ02', 'BD09'] as const) {
      const grid = new OffsetGrid(crs);
      for (let k = 0; k < 200; k++) {
        const lng = 116 + ((k * 0.0137) % 5);
        const lat = 30 + ((k * 0.0091) % 5);
        const exact = toDisplay([lng, lat], crs);
        const got = grid.shift(lng, lat, [0, 0]);
        // 5e-7° is about 5 cm.
        expect(Math.abs(got[0] - exact[0])).toBeLessThan(5e-7);
        expect(Math.abs(got[1] - exact[1])).toBeLessThan(5e-7);
      }
    }
  });

  it('stays exact along a track that steps within a cell and back and forth across cells', () => {
    for (const crs of ['GCJ02', 'BD09'] as const) {
      const grid = new OffsetGrid(crs);
      for (let k = 0; k < 400; k++) {
        // Small steps (many in one cell), turning back every 50 so cells are left and entered again.
        const s = k % 100 < 50 ? k % 100 : 100 - (k % 100);
        const lng = 121.4 + s * 0.0003;
        const lat = 31.2 + s * 0.0002 + (k >= 200 ? 0.01 : 0);
        const exact = toDisplay([lng, lat], crs);
        const got = grid.shift(lng, lat, [0, 0]);
        expect(Math.abs(got[0] - exact[0])).toBeLessThan(5e-7);
        expect(Math.abs(got[1] - exact[1])).toBeLessThan(5e-7);
      }
    }
  });

  it('leaves WGS-84 maps and places outside China unshifted', () => {
    const t = track([{ t: T0, lat: 48.85, lng: 2.35, speed: 0 }]);
    const geo = trackGeometry(t);
    const d = new DisplayPoints(t, geo, new OffsetGrid('GCJ02'));
    d.at(0);
    expect(d.x[0]).toBeCloseTo(geo.wx[0] as number, 12);
    expect(new DisplayPoints(t, geo, new OffsetGrid('WGS84')).x).toBe(geo.wx);
  });
});
