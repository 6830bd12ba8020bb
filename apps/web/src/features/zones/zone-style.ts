import type { LineGeometry } from '@lodestar/domain';
import type { ExpressionSpecification } from 'maplibre-gl';
import { metresPerPixelAtZoom0 } from './geometry.ts';

/**
 * A road's corridor drawn as a line `width` metres wide on the ground at every zoom: a feature carries its
 * width in pixels at zoom 0 (`w0`, at the road's middle latitude), and pixels double with each zoom level.
 * Across a road the latitude changes little, so one scale per road is within a pixel at the zooms a road is
 * looked at.
 */
export const CORRIDOR_WIDTH: ExpressionSpecification = [
  'interpolate',
  ['exponential', 2],
  ['zoom'],
  0,
  ['get', 'w0'],
  24,
  ['*', ['get', 'w0'], 2 ** 24],
];

export function corridorPixelsAtZoom0(line: LineGeometry, widthMetres: number): number {
  const lats = line.coordinates.map((p) => p[1]);
  const lat = lats.length ? (Math.min(...lats) + Math.max(...lats)) / 2 : 0;
  return widthMetres / metresPerPixelAtZoom0(lat);
}

export const ZONE_COLOURS = { fence: '#fa8c16', road: '#722ed1', selected: '#1677ff' } as const;
