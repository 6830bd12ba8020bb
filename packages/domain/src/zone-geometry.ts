/**
 * Geometry of fences and roads (issue #17), WGS-84 `[lng, lat]`, distances in metres: what the API checks
 * before it stores a zone (validateFence, validateLine), the shape it lists, and the boxes the engine indexes.
 * The per-fix tests (compiled rings, point in ring, distances) are in zone-locate.ts, re-exported here.
 * Topology is decided in plain lng/lat, the plane the maps draw edges in; the antimeridian is not handled
 * (issue #17 does not need it).
 */
import { boundsOf, compileRing, cosLat, locateInRing, METRES_PER_DEGREE, widenBBox } from './zone-locate.ts';
import type { BBox, FenceGeometry, FenceShape, LineGeometry, LngLat } from './zones.ts';

/** Why a geometry cannot be a fence or road (a message key the API answers with), or null when it can. */
export type GeometryProblem =
  | 'ringNotClosed'
  | 'ringTooSmall'
  | 'selfIntersecting'
  | 'holeOutside'
  | 'zeroArea'
  | 'lineTooShort';

/** Below this a ring has no area (m²): collinear vertices leave rounding noise; the smallest fence is 25 m². */
const MIN_AREA_M2 = 1;
/** A rectangle drawn on a GCJ-02 or BD-09 map is a hair off axis in WGS-84 (slopes up to 0.002 seen). */
const RECTANGLE_SLOPE = 0.01;

/** The fence's box. */
export function fenceBBox(g: FenceGeometry): BBox {
  if (g.type === 'Circle') return widenBBox([g.Center[0], g.Center[1], g.Center[0], g.Center[1]], g.Radius);
  return boundsOf(g.coordinates[0] ?? []);
}

/** A road's box widened by `halfWidthMetres`. */
export function lineBBox(g: LineGeometry, halfWidthMetres: number): BBox {
  return widenBBox(boundsOf(g.coordinates), halfWidthMetres);
}

/** circle; rectangle: a polygon of one axis-aligned four-corner ring; polygon otherwise. */
export function fenceShapeOf(g: FenceGeometry): FenceShape {
  if (g.type === 'Circle') return 'circle';
  const ring = g.coordinates[0];
  if (g.coordinates.length !== 1 || !ring || ring.length !== 5) return 'polygon';
  const flat = (a: LngLat, b: LngLat) => Math.abs(b[1] - a[1]) <= RECTANGLE_SLOPE * Math.abs(b[0] - a[0]);
  const upright = (a: LngLat, b: LngLat) => Math.abs(b[0] - a[0]) <= RECTANGLE_SLOPE * Math.abs(b[1] - a[1]);
  const [p0, p1, p2, p3, p4] = ring as [LngLat, LngLat, LngLat, LngLat, LngLat];
  if (p4[0] !== p0[0] || p4[1] !== p0[1]) return 'polygon';
  const across = flat(p0, p1) && upright(p1, p2) && flat(p2, p3) && upright(p3, p0);
  const down = upright(p0, p1) && flat(p1, p2) && upright(p2, p3) && flat(p3, p0);
  // Both hold only when an edge has no length, which validateFence refuses as zero area.
  return across !== down ? 'rectangle' : 'polygon';
}

const samePos = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** The ring's vertices in order without the closing repeat and without consecutive repeats. */
function distinctVertices(ring: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const p of ring) if (out.length === 0 || !samePos(out[out.length - 1] as LngLat, p)) out.push(p);
  if (out.length > 1 && samePos(out[0] as LngLat, out[out.length - 1] as LngLat)) out.pop();
  return out;
}

/**
 * A ring's area, m², in metres around its first vertex: `signed` by the shoelace (what a simple ring
 * encloses), `spread` as the sum of the fan's triangles taken unsigned, which is 0 only when every vertex lies
 * on one line (a bow tie's halves cancel in the first, not in the second).
 */
function areasM2(v: readonly LngLat[]): { signed: number; spread: number } {
  const [x0, y0] = v[0] as LngLat;
  const kx = METRES_PER_DEGREE * cosLat(y0);
  let signed = 0;
  let spread = 0;
  for (let i = 1; i + 1 < v.length; i++) {
    const a = v[i] as LngLat;
    const b = v[i + 1] as LngLat;
    const twice = ((a[0] - x0) * (b[1] - y0) - (b[0] - x0) * (a[1] - y0)) * kx * METRES_PER_DEGREE;
    signed += twice;
    spread += Math.abs(twice);
  }
  return { signed: Math.abs(signed) / 2, spread: spread / 2 };
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
const within = (a: number, b: number, c: number) => c >= Math.min(a, b) && c <= Math.max(a, b);

/**
 * The first crossing among the rings' edges, or null. A ring may not touch itself anywhere but at the vertex two neighbour edges share
 * (nor fold back along it); two rings may touch at a point, not cross or overlap along an edge.
 */
function firstCrossing(rings: readonly LngLat[][]): GeometryProblem | null {
  let total = 0;
  for (const r of rings) total += r.length;
  const ax = new Float64Array(total);
  const ay = new Float64Array(total);
  const bx = new Float64Array(total);
  const by = new Float64Array(total);
  const ringOf = new Int32Array(total);
  const indexOf = new Int32Array(total);
  let s = 0;
  rings.forEach((r, k) => {
    for (let i = 0; i < r.length; i++, s++) {
      const a = r[i] as LngLat;
      const b = r[(i + 1) % r.length] as LngLat;
      ax[s] = a[0];
      ay[s] = a[1];
      bx[s] = b[0];
      by[s] = b[1];
      ringOf[s] = k;
      indexOf[s] = i;
    }
  });

  const pair = (e: number, f: number): GeometryProblem | null => {
    if (Math.max(ay[e] as number, by[e] as number) < Math.min(ay[f] as number, by[f] as number)) return null;
    if (Math.max(ay[f] as number, by[f] as number) < Math.min(ay[e] as number, by[e] as number)) return null;
    const [eax, eay, ebx, eby] = [ax[e] as number, ay[e] as number, bx[e] as number, by[e] as number];
    const [fax, fay, fbx, fby] = [ax[f] as number, ay[f] as number, bx[f] as number, by[f] as number];
    const o1 = orient(eax, eay, ebx, eby, fax, fay);
    const o2 = orient(eax, eay, ebx, eby, fbx, fby);
    const o3 = orient(fax, fay, fbx, fby, eax, eay);
    const o4 = orient(fax, fay, fbx, fby, ebx, eby);
    const proper = ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
    const ring = ringOf[e] as number;
    if (ring !== ringOf[f]) {
      const overlap =
        o1 === 0 &&
        o2 === 0 &&
        (Math.abs(ebx - eax) >= Math.abs(eby - eay)
          ? Math.min(Math.max(eax, ebx), Math.max(fax, fbx)) > Math.max(Math.min(eax, ebx), Math.min(fax, fbx))
          : Math.min(Math.max(eay, eby), Math.max(fay, fby)) > Math.max(Math.min(eay, eby), Math.min(fay, fby)));
      if (!proper && !overlap) return null;
      return ring === 0 || ringOf[f] === 0 ? 'holeOutside' : 'selfIntersecting';
    }
    const n = (rings[ring] as LngLat[]).length;
    const i = indexOf[e] as number;
    const j = indexOf[f] as number;
    if ((i + 1) % n === j || (j + 1) % n === i) {
      // Neighbours share a vertex v; they overlap only when the far ends p and q lie on one ray from v.
      const [px, py, vx, vy, qx, qy] =
        (i + 1) % n === j ? [eax, eay, ebx, eby, fbx, fby] : [ebx, eby, eax, eay, fax, fay];
      const foldsBack = orient(px, py, vx, vy, qx, qy) === 0 && (px - vx) * (qx - vx) + (py - vy) * (qy - vy) > 0;
      return foldsBack ? 'selfIntersecting' : null;
    }
    const touches =
      proper ||
      (o1 === 0 && within(eax, ebx, fax) && within(eay, eby, fay)) ||
      (o2 === 0 && within(eax, ebx, fbx) && within(eay, eby, fby)) ||
      (o3 === 0 && within(fax, fbx, eax) && within(fay, fby, eay)) ||
      (o4 === 0 && within(fax, fbx, ebx) && within(fay, fby, eby));
    return touches ? 'selfIntersecting' : null;
  };

  // A grid of about one cell per edge over the rings' box. Each edge is listed in the cells it passes (its
  // stretch in each column it spans, widened a hair so rounding cannot split a meeting point between two
  // cells); only edges that share a cell are tested. A sweep over x alone met 2.4 million pairs on a spiky
  // 5,000-vertex star, whose long spikes all overlap in x.
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let e = 0; e < total; e++) {
    x0 = Math.min(x0, ax[e] as number);
    x1 = Math.max(x1, ax[e] as number);
    y0 = Math.min(y0, ay[e] as number);
    y1 = Math.max(y1, ay[e] as number);
  }
  const w = Math.max(x1 - x0, 1e-12);
  const h = Math.max(y1 - y0, 1e-12);
  const cols = Math.max(1, Math.min(2048, Math.round(Math.sqrt((total * w) / h))));
  const rows = Math.max(1, Math.min(2048, Math.ceil(total / cols)));
  const cw = w / cols;
  const ch = h / rows;
  const col = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x - x0) / cw)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y - y0) / ch)));
  const cellsOf = (e: number, put: (cell: number) => void) => {
    const xa = ax[e] as number;
    const ya = ay[e] as number;
    const xb = bx[e] as number;
    const yb = by[e] as number;
    const c0 = col(Math.min(xa, xb) - cw * 1e-6);
    const c1 = col(Math.max(xa, xb) + cw * 1e-6);
    for (let c = c0; c <= c1; c++) {
      let lo = Math.min(ya, yb);
      let hi = Math.max(ya, yb);
      if (c0 !== c1) {
        const ta = Math.min(1, Math.max(0, (x0 + c * cw - xa) / (xb - xa)));
        const tb = Math.min(1, Math.max(0, (x0 + (c + 1) * cw - xa) / (xb - xa)));
        lo = Math.min(ya + ta * (yb - ya), ya + tb * (yb - ya));
        hi = Math.max(ya + ta * (yb - ya), ya + tb * (yb - ya));
      }
      for (let r = row(lo - ch * 1e-6), last = row(hi + ch * 1e-6); r <= last; r++) put(r * cols + c);
    }
  };
  const start = new Int32Array(cols * rows + 1);
  for (let e = 0; e < total; e++)
    cellsOf(e, (cell) => {
      (start[cell + 1] as number)++;
    });
  for (let k = 0; k < cols * rows; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
  const fill = start.slice(0, cols * rows);
  const listed = new Int32Array(start[cols * rows] as number);
  for (let e = 0; e < total; e++)
    cellsOf(e, (cell) => {
      listed[(fill[cell] as number)++] = e;
    });
  for (let k = 0; k < cols * rows; k++) {
    const end = start[k + 1] as number;
    for (let i = start[k] as number; i < end; i++)
      for (let j = i + 1; j < end; j++) {
        const problem = pair(listed[i] as number, listed[j] as number);
        if (problem) return problem;
      }
  }
  return null;
}

/**
 * Why a fence's geometry cannot be stored, or null: a ring not closed or of fewer than four positions, one
 * without area, rings that cross themselves or each other, a hole not inside the outer ring (or inside
 * another hole). A circle needs a positive radius (the contract bounds it).
 */
export function validateFence(g: FenceGeometry): GeometryProblem | null {
  if (g.type === 'Circle') return g.Radius > 0 ? null : 'zeroArea';
  if (g.coordinates.length === 0) return 'ringTooSmall';
  const rings: LngLat[][] = [];
  for (const ring of g.coordinates) {
    if (ring.length < 4) return 'ringTooSmall';
    if (!samePos(ring[0] as LngLat, ring[ring.length - 1] as LngLat)) return 'ringNotClosed';
    const v = distinctVertices(ring);
    if (v.length < 3 || areasM2(v).spread < MIN_AREA_M2) return 'zeroArea';
    rings.push(v);
  }
  const crossing = firstCrossing(rings);
  if (crossing) return crossing;
  if (rings.some((v) => areasM2(v).signed < MIN_AREA_M2)) return 'zeroArea';
  if (rings.length === 1) return null;
  const compiled = g.coordinates.map((r) => compileRing(r));
  const outer = compiled[0] as (typeof compiled)[0];
  for (let h = 1; h < rings.length; h++) {
    for (const [x, y] of rings[h] as LngLat[]) if (locateInRing(outer, x, y) < 0) return 'holeOutside';
    // No crossings, so one vertex off another hole's boundary tells whether this hole lies inside that one.
    for (let k = 1; k < rings.length; k++) {
      if (k === h) continue;
      const other = compiled[k] as (typeof compiled)[0];
      for (const [x, y] of rings[h] as LngLat[]) {
        const where = locateInRing(other, x, y);
        if (where === 1) return 'holeOutside';
        if (where === -1) break;
      }
    }
  }
  return null;
}

/** Why a road's line cannot be stored (fewer than two distinct positions), or null. */
export function validateLine(g: LineGeometry): GeometryProblem | null {
  const [first] = g.coordinates;
  if (!first) return 'lineTooShort';
  return g.coordinates.some((p) => !samePos(p, first)) ? null : 'lineTooShort';
}

export * from './zone-locate.ts';
