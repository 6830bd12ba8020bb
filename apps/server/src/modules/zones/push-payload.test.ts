import type { LngLat } from '@lodestar/domain';
import { fenceDef } from '@lodestar/domain/testing';
import { encodeJt808ZoneSet, JT808_AREA_LIMITS, type Jt808Route } from '@lodestar/protocols';
import { describe, expect, it } from 'vitest';
import { fenceArea, type PushFence, type PushRoad, roadRoute, simplify } from './push-payload.ts';

/** The domain's fence definition in the push repository's shape: with `shape`, dates for valid times, no kind or stay. */
const {
  kind: _kind,
  maxStayMinutes: _stay,
  ...rules
} = fenceDef(5, { type: 'Circle', Center: [121.4737, 31.2304], Radius: 200 }, { name: 'Yard', triggerAlarm: false });
const fence: PushFence = { ...rules, shape: 'polygon', validFrom: null, validTo: null };
const v2019 = { phone: Buffer.from('00000000013912345678', 'hex'), version: 1 };

/** A ring of n vertices on a circle of about 1 km round a centre, closed as GeoJSON closes it. */
function ring(n: number, [lng, lat]: LngLat = [121.47, 31.23]): LngLat[] {
  const pts = Array.from({ length: n }, (_, i): LngLat => {
    const a = (2 * Math.PI * i) / n;
    return [lng + 0.01 * Math.cos(a) + 0.0001 * Math.sin(7 * a), lat + 0.01 * Math.sin(a)];
  });
  return [...pts, pts[0] as LngLat];
}

/** Metres from a point to a closed ring of 1e-6 degree vertices (equirectangular, fine at these sizes). */
function distanceToRing([lng, lat]: LngLat, ring: [number, number][]): number {
  const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
  const ky = 110_574;
  const xy = ring.map(([x, y]) => [(x / 1e6 - lng) * kx, (y / 1e6 - lat) * ky] as const);
  let best = Number.POSITIVE_INFINITY;
  xy.forEach((a, i) => {
    const b = xy[(i + 1) % xy.length]!;
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const t = Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(a[0] + t * dx, a[1] + t * dy));
  });
  return best;
}

describe('a fence as the terminal holds it', () => {
  it('alarm bits follow the record type: to the platform always, to the driver with TriggerAlarm', () => {
    const bits = (recordType: PushFence['recordType'], triggerAlarm: boolean) =>
      fenceArea({ ...fence, recordType, triggerAlarm })?.attributes;
    expect(bits('both', false)).toBe(0b10_1000); // bit 3 enter, bit 5 leave to the platform
    expect(bits('both', true)).toBe(0b11_1100);
    expect(bits('enter', true)).toBe(0b00_1100);
    expect(bits('leave', false)).toBe(0b10_0000);
    expect(bits('none', true)).toBe(0);
  });

  it('a date range in the terminal clock (GMT+8), an open end made far; a daily window wins over it', () => {
    const ranged = { ...fence, validFrom: new Date('2026-03-01T16:30:00Z'), validTo: null };
    expect(fenceArea(ranged)).toMatchObject({ start: '260302003000', end: '991231235959' });
    // Paris is UTC+1 in January and UTC+2 in July: 22:00-06:00 there is 05:00-13:00 or 04:00-12:00 in GMT+8.
    const daily = { ...ranged, dailyFrom: 22 * 60, dailyTo: 6 * 60, timeZone: 'Europe/Paris' };
    expect(fenceArea(daily, new Date('2026-01-15T12:00:00Z'))).toMatchObject({
      start: '000000050000',
      end: '000000130000',
    });
    expect(fenceArea(daily, new Date('2026-07-15T12:00:00Z'))).toMatchObject({
      start: '000000040000',
      end: '000000120000',
    });
  });

  it('a rectangle by its corners; a polygon by its outer ring, holes left out', () => {
    const box: LngLat[] = [
      [121.47, 31.23],
      [121.48, 31.23],
      [121.48, 31.24],
      [121.47, 31.24],
      [121.47, 31.23],
    ];
    expect(
      fenceArea({ ...fence, shape: 'rectangle', geometry: { type: 'Polygon', coordinates: [box] } }),
    ).toMatchObject({
      area: 'rectangle',
      corners: [
        [121_470_000, 31_240_000],
        [121_480_000, 31_230_000],
      ],
    });
    const hole: LngLat[] = [
      [121.472, 31.232],
      [121.474, 31.232],
      [121.474, 31.234],
      [121.472, 31.232],
    ];
    const area = fenceArea({ ...fence, geometry: { type: 'Polygon', coordinates: [box, hole] } });
    expect(area).toMatchObject({ area: 'polygon' });
    expect(area?.area === 'polygon' && area.vertices).toHaveLength(4);
  });

  it('a polygon of 2,000 vertices is simplified to one packet, still the same shape within metres', () => {
    const big = ring(2000);
    const area = fenceArea({ ...fence, speedLimit: 50, geometry: { type: 'Polygon', coordinates: [big] } });
    if (area?.area !== 'polygon') throw new Error('not a polygon');
    expect(area.vertices.length).toBeLessThanOrEqual(JT808_AREA_LIMITS.polygonVertices);
    expect(area.vertices.length).toBeGreaterThan(JT808_AREA_LIMITS.polygonVertices - 20);
    expect(area.vertices[0]).toEqual([Math.round(big[0]![0] * 1e6), Math.round(big[0]![1] * 1e6)]);
    // Every kept vertex is one of the drawn ones.
    const drawn = new Set(big.map(([x, y]) => `${Math.round(x * 1e6)},${Math.round(y * 1e6)}`));
    expect(area.vertices.every(([x, y]) => drawn.has(`${x},${y}`))).toBe(true);
    // No drawn vertex is more than 2 m off the simplified outline (the drawing wiggles ±10 m round a 1 km circle).
    const worst = Math.max(...big.map((p) => distanceToRing(p, area.vertices)));
    expect(worst).toBeLessThan(2);
    expect(() => encodeJt808ZoneSet(v2019, 1, area)).not.toThrow();
  });

  it('across the equator or the prime meridian: null (the terminal has one hemisphere bit per area)', () => {
    const across = ring(8, [0.005, 10]);
    expect(fenceArea({ ...fence, geometry: { type: 'Polygon', coordinates: [across] } })).toBeNull();
    expect(fenceArea({ ...fence, geometry: { type: 'Circle', Center: [-0.1, -33], Radius: 50 } })).toMatchObject({
      center: [-100_000, -33_000_000],
    });
  });
});

describe('a road as a route', () => {
  const road: PushRoad = {
    id: 2,
    name: 'R',
    geometry: { type: 'LineString', coordinates: [] },
    width: 500,
    speedLimit: 90,
    segmentLimits: null,
    triggerAlarm: true,
  };

  it('a long road is simplified to 40 points; a merged segment keeps the lowest limit it covers', () => {
    // A zigzag of 200 points east along 31.23 N: every other segment limited to 40, the others to 90.
    const line = Array.from({ length: 200 }, (_, i): LngLat => [121 + i * 0.001, 31.23 + (i % 2) * 0.00001]);
    const limits = line.slice(1).map((_, i) => (i % 2 ? 40 : null));
    const route = roadRoute({ ...road, geometry: { type: 'LineString', coordinates: line }, segmentLimits: limits });
    expect(route.points.length).toBeLessThanOrEqual(JT808_AREA_LIMITS.routePoints);
    expect(route.points.length).toBeGreaterThanOrEqual(2);
    expect(route.points.at(-1)?.at).toEqual([121_199_000, 31_230_010]);
    expect(route.points.slice(0, -1).every((p) => p.speedLimit === 40)).toBe(true);
    expect(route.points.every((p) => p.width === 250)).toBe(true); // 500 m corridor: 250 m either side
    expect(route).toMatchObject({ id: 2 + 0x4000_0000, attributes: 0b11_0000 });
    expect(() => encodeJt808ZoneSet(v2019, 1, route as Jt808Route)).not.toThrow();
  });

  it('segments without any limit carry none', () => {
    const route = roadRoute({
      ...road,
      speedLimit: null,
      segmentLimits: [null, 70],
      geometry: {
        type: 'LineString',
        coordinates: [
          [121, 31],
          [121.01, 31.01],
          [121.02, 31],
        ],
      },
    });
    expect(route.points.map((p) => p.speedLimit)).toEqual([undefined, 70, undefined]);
  });
});

describe('simplify', () => {
  it('keeps every point of a line short enough, and always both ends', () => {
    expect(simplify(ring(10), 20)).toEqual([...Array(11).keys()]);
    const kept = simplify(ring(500), 50);
    expect(kept.length).toBeLessThanOrEqual(50);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(500);
  });
});
