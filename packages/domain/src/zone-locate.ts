/**
 * Per-fix tests of fences and roads (issue #17): zones compiled once into Float64Array rings with y-bands of
 * edges, then point-in-ring by ray casting over the fix's band only, and distances measured only within a
 * radius (the hysteresis, a road's half width). A 5,000-vertex polygon costs about what a 20-vertex one does.
 *
 * Topology is decided in plain lng/lat, the plane maps draw edges in; distances are metres in a local
 * projection around the fix (metres per degree of longitude = cos(lat) × those of latitude), exact enough at
 * fence scale and defined at the poles, where cos(lat) is clamped away from 0 only so nothing divides by it.
 */
import type { BBox, FenceGeometry, LineGeometry, LngLat } from './zones.ts';

/** The mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METRES = 6_371_008.8;
const RAD = Math.PI / 180;
/** Metres in one degree of latitude (and of longitude on the equator). */
export const METRES_PER_DEGREE = EARTH_RADIUS_METRES * RAD;
/** cos(lat) at lat ±90 is 6e-17, not 0; the clamp only keeps metres → degrees of longitude finite. */
const MIN_COS = 1e-12;
/**
 * A point this close to an edge (degrees, about 0.1 mm) is on it, so a point on an edge or vertex is inside
 * whatever rounding put it a hair across.
 */
const ON_EDGE_DEGREES = 1e-9;
/** Rings with more edges than this get the y-band index; below it a plain loop is as quick. */
const BAND_FROM_EDGES = 32;
/** Edges per band aimed at (bands = edges / this, at most MAX_BANDS). */
const EDGES_PER_BAND = 4;
const MAX_BANDS = 4096;

export const cosLat = (lat: number) => Math.max(Math.cos(lat * RAD), MIN_COS);

/** Great-circle distance, metres (haversine; right at the poles, where a fence's circle may sit). */
export function haversineMetres(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** A box widened by `metres` on every side; a box that reaches a pole covers every longitude. */
export function widenBBox(b: BBox, metres: number): BBox {
  const dLat = metres / METRES_PER_DEGREE;
  const minLat = b[1] - dLat;
  const maxLat = b[3] + dLat;
  if (minLat <= -90 || maxLat >= 90) return [-180, Math.max(-90, minLat), 180, Math.min(90, maxLat)];
  // Degrees of longitude are shortest at the latitude nearest a pole: widen by what `metres` is there.
  const dLng = metres / (METRES_PER_DEGREE * cosLat(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  return [Math.max(-180, b[0] - dLng), minLat, Math.min(180, b[2] + dLng), maxLat];
}

export const inBBox = (b: BBox, lng: number, lat: number) => lng >= b[0] && lng <= b[2] && lat >= b[1] && lat <= b[3];

export function boundsOf(points: readonly LngLat[]): BBox {
  const b: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  }
  return b;
}

/** A ring prepared for per-fix tests: its n edges are (xs[i], ys[i]) → (xs[i+1], ys[i+1]). */
export interface CompiledRing {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly edges: number;
  readonly box: BBox;
  /** Edge indices per y-band (CSR: band k's edges are bandEdges[bandStart[k] .. bandStart[k+1])), or null. */
  readonly bandStart: Int32Array | null;
  readonly bandEdges: Int32Array | null;
  readonly bandHeight: number;
}

export function compileRing(ring: readonly LngLat[]): CompiledRing {
  const n = ring.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = (ring[i] as LngLat)[0];
    ys[i] = (ring[i] as LngLat)[1];
  }
  const box = boundsOf(ring);
  const edges = Math.max(0, n - 1);
  if (edges <= BAND_FROM_EDGES || box[3] <= box[1])
    return { xs, ys, edges, box, bandStart: null, bandEdges: null, bandHeight: 0 };
  const bands = Math.min(MAX_BANDS, Math.ceil(edges / EDGES_PER_BAND));
  const bandHeight = (box[3] - box[1]) / bands;
  const bandOf = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - box[1]) / bandHeight)));
  const bandStart = new Int32Array(bands + 1);
  for (let i = 0; i < edges; i++) {
    const lo = bandOf(Math.min(ys[i] as number, ys[i + 1] as number));
    const hi = bandOf(Math.max(ys[i] as number, ys[i + 1] as number));
    for (let k = lo; k <= hi; k++) (bandStart[k + 1] as number)++;
  }
  for (let k = 0; k < bands; k++) bandStart[k + 1] = (bandStart[k + 1] as number) + (bandStart[k] as number);
  const fill = bandStart.slice(0, bands);
  const bandEdges = new Int32Array(bandStart[bands] as number);
  for (let i = 0; i < edges; i++) {
    const lo = bandOf(Math.min(ys[i] as number, ys[i + 1] as number));
    const hi = bandOf(Math.max(ys[i] as number, ys[i + 1] as number));
    for (let k = lo; k <= hi; k++) bandEdges[(fill[k] as number)++] = i;
  }
  return { xs, ys, edges, box, bandStart, bandEdges, bandHeight };
}

/** The first band of a banded ring holding y (clamped to the ring's bands). */
function bandAt(r: CompiledRing, y: number): number {
  const bands = (r.bandStart as Int32Array).length - 1;
  return Math.min(bands - 1, Math.max(0, Math.floor((y - r.box[1]) / r.bandHeight)));
}

/** edgeAgainst's answers. */
const MISSES = 0;
const CROSSES = 1;
const ON_EDGE = 2;

/**
 * What edge i of a ring is to a ray cast from (px, py) towards +x: the point on it, the ray crossing it, or
 * neither. A function of its own rather than a closure made at each call: tsx names every named closure by
 * defineProperty each time one is made, which cost more than the ray test itself on the ingest's hot path.
 */
function edgeAgainst(xs: Float64Array, ys: Float64Array, i: number, px: number, py: number): number {
  const xi = xs[i] as number;
  const yi = ys[i] as number;
  const xj = xs[i + 1] as number;
  const yj = ys[i + 1] as number;
  const dx = xj - xi;
  const dy = yj - yi;
  // On the edge: within its box and (nearly) collinear; |cross| / (|dx| + |dy|) is a distance within √2.
  if (
    px >= Math.min(xi, xj) - ON_EDGE_DEGREES &&
    px <= Math.max(xi, xj) + ON_EDGE_DEGREES &&
    py >= Math.min(yi, yj) - ON_EDGE_DEGREES &&
    py <= Math.max(yi, yj) + ON_EDGE_DEGREES &&
    Math.abs(dx * (py - yi) - dy * (px - xi)) <= ON_EDGE_DEGREES * (Math.abs(dx) + Math.abs(dy))
  )
    return ON_EDGE;
  return yi > py !== yj > py && px < (dx * (py - yi)) / dy + xi ? CROSSES : MISSES;
}

/** Where a point is against a ring: 1 inside, 0 on an edge or vertex, -1 outside (ray casting). */
export function locateInRing(r: CompiledRing, px: number, py: number): -1 | 0 | 1 {
  const b = r.box;
  if (px < b[0] - ON_EDGE_DEGREES || px > b[2] + ON_EDGE_DEGREES) return -1;
  if (py < b[1] - ON_EDGE_DEGREES || py > b[3] + ON_EDGE_DEGREES) return -1;
  const { xs, ys } = r;
  let inside = false;
  if (r.bandEdges) {
    const starts = r.bandStart as Int32Array;
    const band = bandAt(r, py);
    for (let k = starts[band] as number, to = starts[band + 1] as number; k < to; k++) {
      const e = edgeAgainst(xs, ys, r.bandEdges[k] as number, px, py);
      if (e === ON_EDGE) return 0;
      if (e === CROSSES) inside = !inside;
    }
  } else {
    for (let i = 0; i < r.edges; i++) {
      const e = edgeAgainst(xs, ys, i, px, py);
      if (e === ON_EDGE) return 0;
      if (e === CROSSES) inside = !inside;
    }
  }
  return inside ? 1 : -1;
}

/** Metres from (px, py) to the segment (ax, ay)–(bx, by), in the plane of metres around the point. */
function segmentMetres(
  px: number,
  py: number,
  kx: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): { d: number; t: number } {
  const x0 = (ax - px) * kx;
  const y0 = (ay - py) * METRES_PER_DEGREE;
  const dx = (bx - ax) * kx;
  const dy = (by - ay) * METRES_PER_DEGREE;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, -(x0 * dx + y0 * dy) / len2)) : 0;
  return { d: Math.hypot(x0 + t * dx, y0 + t * dy), t };
}

/** Metres to edge i, or Infinity when its box is farther than (dLng, dLat) from the point (not measured). */
function edgeMetresWithin(
  xs: Float64Array,
  ys: Float64Array,
  i: number,
  px: number,
  py: number,
  kx: number,
  dLng: number,
  dLat: number,
): number {
  const ax = xs[i] as number;
  const ay = ys[i] as number;
  const bx = xs[i + 1] as number;
  const by = ys[i + 1] as number;
  if (Math.min(ay, by) > py + dLat || Math.max(ay, by) < py - dLat) return Infinity;
  if (Math.min(ax, bx) > px + dLng || Math.max(ax, bx) < px - dLng) return Infinity;
  return segmentMetres(px, py, kx, ax, ay, bx, by).d;
}

/**
 * Metres from a point to the nearest edge of the ring when that is at most `within` metres, else Infinity:
 * only the edges whose box comes that near are measured.
 */
export function ringDistanceWithin(r: CompiledRing, px: number, py: number, within: number): number {
  const kx = METRES_PER_DEGREE * cosLat(py);
  const dLat = within / METRES_PER_DEGREE;
  const dLng = within / kx;
  const b = r.box;
  if (px < b[0] - dLng || px > b[2] + dLng || py < b[1] - dLat || py > b[3] + dLat) return Infinity;
  const { xs, ys } = r;
  let best = Infinity;
  if (r.bandEdges) {
    const starts = r.bandStart as Int32Array;
    const to = starts[bandAt(r, py + dLat) + 1] as number;
    for (let k = starts[bandAt(r, py - dLat)] as number; k < to; k++) {
      const d = edgeMetresWithin(xs, ys, r.bandEdges[k] as number, px, py, kx, dLng, dLat);
      if (d < best) best = d;
    }
  } else {
    for (let i = 0; i < r.edges; i++) {
      const d = edgeMetresWithin(xs, ys, i, px, py, kx, dLng, dLat);
      if (d < best) best = d;
    }
  }
  return best <= within ? best : Infinity;
}

/** A polyline prepared for per-fix distances: segment i is vertex i → i + 1. */
export interface CompiledLine {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly segments: number;
  readonly box: BBox;
}

export function compileLine(g: LineGeometry): CompiledLine {
  const ring = compileRing(g.coordinates);
  return { xs: ring.xs, ys: ring.ys, segments: ring.edges, box: ring.box };
}

/**
 * Metres from a point to the polyline and the nearest segment's index, when the line comes within `within`
 * metres; { metres: Infinity, segment: -1 } otherwise.
 */
export function lineDistanceWithin(
  l: CompiledLine,
  px: number,
  py: number,
  within: number,
): { metres: number; segment: number } {
  const kx = METRES_PER_DEGREE * cosLat(py);
  const dLat = within / METRES_PER_DEGREE;
  const dLng = within / kx;
  const { xs, ys } = l;
  let best = Infinity;
  let segment = -1;
  for (let i = 0; i < l.segments; i++) {
    const ax = xs[i] as number;
    const ay = ys[i] as number;
    const bx = xs[i + 1] as number;
    const by = ys[i + 1] as number;
    if (Math.min(ay, by) > py + dLat || Math.max(ay, by) < py - dLat) continue;
    if (Math.min(ax, bx) > px + dLng || Math.max(ax, bx) < px - dLng) continue;
    const { d } = segmentMetres(px, py, kx, ax, ay, bx, by);
    if (d < best) {
      best = d;
      segment = i;
    }
  }
  return best <= within ? { metres: best, segment } : { metres: Infinity, segment: -1 };
}

/** A fence prepared for per-fix tests. */
export type CompiledFence =
  | { readonly kind: 'circle'; readonly lng: number; readonly lat: number; readonly radius: number; readonly box: BBox }
  | { readonly kind: 'polygon'; readonly outer: CompiledRing; readonly holes: CompiledRing[]; readonly box: BBox };

export function compileFence(g: FenceGeometry): CompiledFence {
  if (g.type === 'Circle') {
    const [lng, lat] = g.Center;
    return { kind: 'circle', lng, lat, radius: g.Radius, box: widenBBox([lng, lat, lng, lat], g.Radius) };
  }
  const [outer, ...holes] = g.coordinates.map((r) => compileRing(r));
  const o = outer ?? compileRing([]);
  return { kind: 'polygon', outer: o, holes, box: o.box };
}

/** The point is in the fence: a boundary (the circle, an edge or vertex of the outer ring or a hole) is inside. */
export function fenceContains(f: CompiledFence, lng: number, lat: number): boolean {
  if (f.kind === 'circle') return haversineMetres(f.lng, f.lat, lng, lat) <= f.radius;
  if (locateInRing(f.outer, lng, lat) < 0) return false;
  for (const hole of f.holes) if (locateInRing(hole, lng, lat) > 0) return false;
  return true;
}

/**
 * How far a point outside the fence is from it, metres, when at most `within`; Infinity when farther (only the
 * edges that come that near are measured).
 */
export function fenceDistanceWithin(f: CompiledFence, lng: number, lat: number, within: number): number {
  if (f.kind === 'circle') {
    const d = Math.max(0, haversineMetres(f.lng, f.lat, lng, lat) - f.radius);
    return d <= within ? d : Infinity;
  }
  let best = ringDistanceWithin(f.outer, lng, lat, within);
  for (const hole of f.holes) best = Math.min(best, ringDistanceWithin(hole, lng, lat, within));
  return best;
}
