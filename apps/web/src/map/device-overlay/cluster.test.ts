import { describe, expect, it } from 'vitest';
import { abbreviateCount, clusterAt, expansionZoom, fromWorldPixel, worldPixel } from './cluster.ts';

const at = (lng: number, lat: number) => ({ at: [lng, lat] as const });

describe('device clustering', () => {
  it('puts lng/lat on the world of 512-pixel tiles and back', () => {
    expect(worldPixel([0, 0], 0)).toEqual([256, 256]);
    expect(worldPixel([-180, 0], 1)).toEqual([0, 512]);
    const [x, y] = worldPixel([121.47, 31.23], 9);
    const [lng, lat] = fromWorldPixel([x, y], 9);
    expect(lng).toBeCloseTo(121.47, 9);
    expect(lat).toBeCloseTo(31.23, 9);
  });

  it('groups points within the radius and leaves far ones alone', () => {
    // Shanghai's three devices a few hundred metres apart, one in Beijing.
    const points = [at(121.47, 31.23), at(121.471, 31.231), at(121.472, 31.229), at(116.4, 39.9)];
    const clusters = clusterAt(points, 5, 44);
    expect(clusters.map((c) => c.members.length).sort()).toEqual([1, 3]);
    const shanghai = clusters.find((c) => c.members.length === 3);
    expect(shanghai?.at[0]).toBeCloseTo(121.471, 3);
    expect(shanghai?.at[1]).toBeCloseTo(31.23, 3);
    // Close in: every device is its own.
    expect(clusterAt(points, 16, 44)).toHaveLength(4);
  });

  it('takes each point once and keeps every point', () => {
    const points = Array.from({ length: 2000 }, (_, i) => at(100 + (i % 50) * 0.37, 20 + Math.floor(i / 50) * 0.29));
    for (const zoom of [0, 3, 6, 9]) {
      const clusters = clusterAt(points, zoom, 44);
      const seen = clusters.flatMap((c) => c.members);
      expect(seen).toHaveLength(points.length);
      expect(new Set(seen).size).toBe(points.length);
    }
    expect(clusterAt(points, 0, 44)).toHaveLength(1);
  });

  it('says at which zoom a cluster comes apart', () => {
    const pair = [at(121.47, 31.23), at(121.5, 31.23)];
    const z = expansionZoom(pair, 4, 44, 10);
    expect(clusterAt(pair, z, 44)).toHaveLength(2);
    expect(clusterAt(pair, z - 1, 44)).toHaveLength(1);
    // Two devices at the same place never come apart: past the clustering zoom.
    expect(expansionZoom([at(1, 1), at(1, 1)], 4, 44, 10)).toBe(11);
  });

  it('abbreviates counts as MapLibre does', () => {
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1234)).toBe('1.2k');
    expect(abbreviateCount(25_400)).toBe('25k');
  });
});
