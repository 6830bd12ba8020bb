import type { PolygonGeometry } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../map/coords.ts';
import {
  circleRing,
  distanceMetres,
  labelPoint,
  offsetMetres,
  pointInRing,
  toDisplayGeometry,
  toWgsGeometry,
} from './geometry.ts';

/** A polygon with a hole as a person draws it on Amap over Shanghai's Bund (GCJ-02). */
const DRAWN_GCJ: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [121.4837, 31.2352],
      [121.4962, 31.2368],
      [121.4991, 31.2271],
      [121.4878, 31.2229],
      [121.4837, 31.2352],
    ],
    [
      [121.489, 31.231],
      [121.492, 31.231],
      [121.492, 31.229],
      [121.489, 31.231],
    ],
  ],
};

describe('zone geometry between the map’s system and WGS-84', () => {
  it.each(['GCJ02', 'BD09'] as const)('brings a polygon drawn in %s back within 0.5 m at every vertex', (crs) => {
    const wgs = toWgsGeometry(DRAWN_GCJ, crs);
    const back = toDisplayGeometry(wgs, crs);
    DRAWN_GCJ.coordinates.forEach((ring, r) => {
      ring.forEach((p, i) => {
        const q = back.coordinates[r]?.[i] as LngLat;
        expect(distanceMetres(p, q)).toBeLessThan(0.5);
        // WGS-84 is a real shift away (hundreds of metres in Shanghai), so the test would see a missed conversion.
        expect(distanceMetres(p, wgs.coordinates[r]?.[i] as LngLat)).toBeGreaterThan(100);
      });
    });
  });

  it('moves a circle’s centre and keeps its radius in metres', () => {
    const drawn = { type: 'Circle' as const, Center: [116.3975, 39.9087] as LngLat, Radius: 200 };
    const wgs = toWgsGeometry(drawn, 'GCJ02');
    expect(wgs.Radius).toBe(200);
    expect(distanceMetres(wgs.Center, drawn.Center)).toBeGreaterThan(100);
    expect(distanceMetres(toDisplayGeometry(wgs, 'GCJ02').Center, drawn.Center)).toBeLessThan(0.5);
  });

  it('leaves WGS-84 maps and points outside China alone', () => {
    const paris = { type: 'LineString' as const, coordinates: [[2.35, 48.85] as LngLat, [2.36, 48.86] as LngLat] };
    expect(toWgsGeometry(paris, 'GCJ02')).toEqual(paris);
    expect(toWgsGeometry(DRAWN_GCJ, 'WGS84')).toEqual(DRAWN_GCJ);
  });
});

describe('distances and rings', () => {
  it('measures a degree of latitude as about 111.2 km and offsets by metres', () => {
    expect(distanceMetres([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    const p = offsetMetres([121.5, 31.2], 500, 90);
    expect(distanceMetres([121.5, 31.2], p)).toBeCloseTo(500, 3);
    expect(p[1]).toBeCloseTo(31.2, 4);
  });

  it('draws a circle as a closed ring whose every point lies on the radius', () => {
    const ring = circleRing([121.5, 31.2], 200);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const p of ring) expect(distanceMetres([121.5, 31.2], p)).toBeCloseTo(200, 3);
  });

  it('tells inside from outside, holes by their own ring', () => {
    const outer = DRAWN_GCJ.coordinates[0] as LngLat[];
    const hole = DRAWN_GCJ.coordinates[1] as LngLat[];
    expect(pointInRing([121.49, 31.232], outer)).toBe(true);
    expect(pointInRing([121.48, 31.232], outer)).toBe(false);
    expect(pointInRing([121.4905, 31.2305], hole)).toBe(true);
  });

  it('labels a circle at its centre and a road at its middle vertex', () => {
    expect(labelPoint({ type: 'Circle', Center: [1, 2], Radius: 50 })).toEqual([1, 2]);
    expect(
      labelPoint({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      }),
    ).toEqual([1, 1]);
  });
});
