import type { LineString, MultiPoint } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { LngLat } from '../coords.ts';
import { colouredRuns } from './TrailLayer.tsx';

describe('colouredRuns', () => {
  it('draws a point-coloured trail as runs of one colour, lines joined, each point once', () => {
    const coords: LngLat[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ];
    const features = colouredRuns('A', coords, ['red', 'red', 'blue', 'blue', 'red']);
    const lines = features.filter((f) => f.geometry.type === 'LineString');
    const points = features.filter((f) => f.geometry.type === 'MultiPoint');
    expect(lines.map((f) => [f.properties?.color, (f.geometry as LineString).coordinates.map((c) => c[0])])).toEqual([
      ['red', [0, 1]],
      ['blue', [1, 2, 3]],
      ['red', [3, 4]],
    ]);
    expect(points.flatMap((f) => (f.geometry as MultiPoint).coordinates.map((c) => c[0]))).toEqual([0, 1, 2, 3, 4]);
  });
});
