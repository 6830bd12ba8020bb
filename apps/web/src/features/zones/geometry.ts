import type { FenceGeometry, LineGeometry } from '@lodestar/domain';
import { type Crs, fromDisplay, type LngLat, toDisplay } from '../../map/coords.ts';

/**
 * Fences and roads between the server's WGS-84 and the map's system (GCJ-02 on Amap and Tencent, BD-09 on
 * Baidu). A circle's centre moves; its radius stays in metres (the two systems differ by a few hundred metres
 * of shift, not in scale: under 1e-5 over a fence).
 */
export type ZoneGeometry = FenceGeometry | LineGeometry;

function mapGeometry<G extends ZoneGeometry>(g: G, f: (p: LngLat) => LngLat): G {
  if (g.type === 'Circle') return { ...g, Center: f(g.Center) };
  if (g.type === 'LineString') return { ...g, coordinates: g.coordinates.map(f) };
  return { ...g, coordinates: g.coordinates.map((ring) => ring.map(f)) };
}

/** A geometry from the server, as the map of `crs` draws it. */
export const toDisplayGeometry = <G extends ZoneGeometry>(g: G, crs: Crs): G =>
  mapGeometry(g, (p) => toDisplay(p, crs));

/** A geometry drawn on the map of `crs`, back to WGS-84 for the server. */
export const toWgsGeometry = <G extends ZoneGeometry>(g: G, crs: Crs): G => mapGeometry(g, (p) => fromDisplay(p, crs));

const EARTH_RADIUS = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metres` from `p` towards `bearing` degrees (0 north, 90 east). */
export function offsetMetres(p: LngLat, metres: number, bearing: number): LngLat {
  const d = metres / EARTH_RADIUS;
  const b = rad(bearing);
  const lat1 = rad(p[1]);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    rad(p[0]) + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [(lng2 * 180) / Math.PI, (lat2 * 180) / Math.PI];
}

/**
 * A circle as a closed ring of `steps` sides, for drawing only (the server tests the true circle): 64 sides
 * lie within 0.12 % of the radius, under a pixel for any fence that fits the screen.
 */
export function circleRing(center: LngLat, radius: number, steps = 64): LngLat[] {
  const ring: LngLat[] = [];
  for (let i = 0; i < steps; i++) ring.push(offsetMetres(center, radius, (i * 360) / steps));
  ring.push(ring[0] as LngLat);
  return ring;
}

/** Ray casting; a ring may be open or closed. */
export function pointInRing(p: LngLat, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** [minLng, minLat, maxLng, maxLat] of every position, or null for none. */
export function boundsOf(points: readonly LngLat[]): [number, number, number, number] | null {
  if (!points.length) return null;
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    b[0] = Math.min(b[0], x);
    b[1] = Math.min(b[1], y);
    b[2] = Math.max(b[2], x);
    b[3] = Math.max(b[3], y);
  }
  return b;
}

/** Every position that bounds a geometry (a circle's by its ring). */
export function outlineOf(g: ZoneGeometry): LngLat[] {
  if (g.type === 'Circle') return circleRing(g.Center, g.Radius, 16);
  if (g.type === 'LineString') return g.coordinates;
  return g.coordinates[0] ?? [];
}

/** Where a zone's name label goes: a circle's centre, a polygon's box centre, a road's middle vertex. */
export function labelPoint(g: ZoneGeometry): LngLat | null {
  if (g.type === 'Circle') return g.Center;
  if (g.type === 'LineString') return g.coordinates[Math.floor((g.coordinates.length - 1) / 2)] ?? null;
  const b = boundsOf(g.coordinates[0] ?? []);
  return b ? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] : null;
}

/**
 * Metres a pixel covers at zoom 0 at a latitude, for MapLibre's 512-pixel tiles: a road's corridor is drawn
 * as a line `width / this × 2^zoom` pixels wide (an exponential zoom interpolation), so it stays `width`
 * metres on the ground at every zoom.
 */
export const metresPerPixelAtZoom0 = (lat: number) => (2 * Math.PI * 6_378_137 * Math.cos(rad(lat))) / 512;
