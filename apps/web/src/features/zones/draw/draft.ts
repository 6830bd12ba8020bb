import type { FenceGeometry, FenceShape, LineGeometry, PolygonGeometry } from '@lodestar/domain';
import { type Crs, fromDisplay, type LngLat, toDisplay } from '../../../map/coords.ts';
import { circleRing, distanceMetres, pointInRing, toDisplayGeometry, toWgsGeometry } from '../geometry.ts';

/**
 * A shape being drawn or edited, in the map's displayed coordinates (what the mouse gives), and the pure
 * operations the drawing tools apply to it; DrawLayer.tsx turns mouse and keys into these. Rings are kept
 * open here (no repeated first vertex) and closed only in the geometry sent to the server.
 */
export type Draft =
  | { kind: 'circle'; center: LngLat; radius: number }
  | { kind: 'rectangle'; a: LngLat; b: LngLat }
  | { kind: 'polygon'; rings: LngLat[][] }
  | { kind: 'line'; points: LngLat[] };

/** hole: a ring cut out of the polygon being edited. */
export type DrawTool = 'circle' | 'rectangle' | 'polygon' | 'hole' | 'line';

/** A draggable point of a draft: a vertex, an edge's midpoint (dragging it adds a vertex), a circle's handles. */
export type Handle =
  | { role: 'vertex'; ring: number; index: number; at: LngLat }
  | { role: 'mid'; ring: number; index: number; at: LngLat }
  | { role: 'center'; at: LngLat }
  | { role: 'radius'; at: LngLat };

export const MIN_RADIUS = 10;
const MIN_RING = 3;
const MIN_LINE = 2;

/** Clicks a tool takes before the shape is complete on its own (circle: centre and edge; rectangle: two corners). */
export const fixedClicks = (tool: DrawTool): number | null => (tool === 'circle' || tool === 'rectangle' ? 2 : null);

/** The fewest clicks that finish a tool by Enter or double-click. */
export const minClicks = (tool: DrawTool): number =>
  tool === 'line' ? MIN_LINE : tool === 'circle' || tool === 'rectangle' ? 2 : MIN_RING;

/**
 * The draft a sketch (the clicked points) makes with `tool`, or null when it cannot yet. A hole needs the
 * polygon being edited and every vertex inside its outer ring.
 */
export function completeSketch(tool: DrawTool, points: readonly LngLat[], current: Draft | null): Draft | null {
  if (points.length < minClicks(tool)) return null;
  const [p0, p1] = points as [LngLat, LngLat];
  switch (tool) {
    case 'circle':
      return { kind: 'circle', center: p0, radius: Math.max(MIN_RADIUS, Math.round(distanceMetres(p0, p1))) };
    case 'rectangle':
      return p0[0] === p1[0] || p0[1] === p1[1] ? null : { kind: 'rectangle', a: p0, b: p1 };
    case 'polygon':
      return { kind: 'polygon', rings: [[...points]] };
    case 'line':
      return { kind: 'line', points: [...points] };
    case 'hole':
      if (current?.kind !== 'polygon' || !holeFits(current, points)) return null;
      return { kind: 'polygon', rings: [...current.rings, [...points]] };
  }
}

/** A hole's vertices all lie inside the outer ring and outside the other holes. */
export function holeFits(polygon: Extract<Draft, { kind: 'polygon' }>, points: readonly LngLat[]): boolean {
  const [outer, ...holes] = polygon.rings;
  if (!outer) return false;
  return points.every((p) => pointInRing(p, outer) && !holes.some((h) => pointInRing(p, h)));
}

/** The four corners of a rectangle, clockwise from `a`. */
export function rectangleCorners(a: LngLat, b: LngLat): LngLat[] {
  return [a, [b[0], a[1]], b, [a[0], b[1]]];
}

const mid = (p: LngLat, q: LngLat): LngLat => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];

/** The handles the edit tool shows on a draft. */
export function handlesOf(d: Draft): Handle[] {
  switch (d.kind) {
    case 'circle': {
      const ring = circleRing(d.center, d.radius, 4);
      return [
        { role: 'center', at: d.center },
        { role: 'radius', at: ring[1] as LngLat },
      ];
    }
    case 'rectangle':
      return rectangleCorners(d.a, d.b).map((at, index) => ({ role: 'vertex', ring: 0, index, at }));
    case 'polygon':
      return d.rings.flatMap((ring, r) => [
        ...ring.map((at, index) => ({ role: 'vertex' as const, ring: r, index, at })),
        ...ring.map((at, index) => ({
          role: 'mid' as const,
          ring: r,
          index,
          at: mid(at, ring[(index + 1) % ring.length] as LngLat),
        })),
      ]);
    case 'line':
      return [
        ...d.points.map((at, index) => ({ role: 'vertex' as const, ring: 0, index, at })),
        ...d.points
          .slice(1)
          .map((at, i) => ({ role: 'mid' as const, ring: 0, index: i, at: mid(d.points[i] as LngLat, at) })),
      ];
  }
}

/**
 * The draft with a handle dragged to `p`. A midpoint becomes a vertex after `index` (the caller then drags
 * that vertex); a rectangle's corner moves with its opposite corner fixed, so it stays a rectangle.
 */
export function moveHandle(d: Draft, h: Handle, p: LngLat): Draft {
  if (d.kind === 'circle') {
    if (h.role === 'center') return { ...d, center: p };
    if (h.role === 'radius') return { ...d, radius: Math.max(MIN_RADIUS, Math.round(distanceMetres(d.center, p))) };
    return d;
  }
  if (d.kind === 'rectangle') {
    if (h.role !== 'vertex') return d;
    const opposite = rectangleCorners(d.a, d.b)[(h.index + 2) % 4] as LngLat;
    return p[0] === opposite[0] || p[1] === opposite[1] ? d : { kind: 'rectangle', a: opposite, b: p };
  }
  if (h.role !== 'vertex' && h.role !== 'mid') return d;
  const at = h.role === 'mid' ? h.index + 1 : h.index;
  const put = (points: LngLat[]) => {
    const next = [...points];
    if (h.role === 'mid') next.splice(at, 0, p);
    else next[at] = p;
    return next;
  };
  if (d.kind === 'line') return { kind: 'line', points: put(d.points) };
  return { kind: 'polygon', rings: d.rings.map((ring, r) => (r === h.ring ? put(ring) : ring)) };
}

/**
 * The draft without a vertex (right-click or alt-click), or null when that would leave a ring of fewer than
 * three or a line of fewer than two. A hole that would shrink below three goes altogether.
 */
export function removeVertex(d: Draft, ring: number, index: number): Draft | null {
  if (d.kind === 'line') {
    if (d.points.length <= MIN_LINE) return null;
    return { kind: 'line', points: d.points.filter((_, i) => i !== index) };
  }
  if (d.kind !== 'polygon') return null;
  const target = d.rings[ring];
  if (!target) return null;
  if (target.length <= MIN_RING)
    return ring > 0 ? { kind: 'polygon', rings: d.rings.filter((_, r) => r !== ring) } : null;
  return { kind: 'polygon', rings: d.rings.map((pts, r) => (r === ring ? pts.filter((_, i) => i !== index) : pts)) };
}

const close = (ring: LngLat[]): LngLat[] => [...ring, ring[0] as LngLat];

/** The outline of a draft in displayed coordinates: a polygon (closed rings) or a line, for drawing. */
export function draftOutline(d: Draft): PolygonGeometry | LineGeometry {
  switch (d.kind) {
    case 'circle':
      return { type: 'Polygon', coordinates: [circleRing(d.center, d.radius)] };
    case 'rectangle':
      return { type: 'Polygon', coordinates: [close(rectangleCorners(d.a, d.b))] };
    case 'polygon':
      return { type: 'Polygon', coordinates: d.rings.map(close) };
    case 'line':
      return { type: 'LineString', coordinates: d.points };
  }
}

export const shapeOfDraft = (d: Draft): FenceShape | 'line' =>
  d.kind === 'circle' ? 'circle' : d.kind === 'rectangle' ? 'rectangle' : d.kind === 'line' ? 'line' : 'polygon';

/**
 * A fence draft as the server stores it, in WGS-84. A rectangle's two corners are converted and the
 * rectangle is built from them in WGS-84, so it stays axis-aligned there (the server tells a rectangle by
 * that) even though GCJ-02's shift differs a little from corner to corner.
 */
export function draftToFence(d: Draft, crs: Crs): FenceGeometry | null {
  if (d.kind === 'line') return null;
  if (d.kind === 'circle') return toWgsGeometry({ type: 'Circle', Center: d.center, Radius: d.radius }, crs);
  if (d.kind === 'rectangle') {
    const a = fromDisplay(d.a, crs);
    const b = fromDisplay(d.b, crs);
    return { type: 'Polygon', coordinates: [close(rectangleCorners(a, b))] };
  }
  return toWgsGeometry({ type: 'Polygon', coordinates: d.rings.map(close) }, crs);
}

export function draftToLine(d: Draft, crs: Crs): LineGeometry | null {
  return d.kind === 'line' ? toWgsGeometry({ type: 'LineString', coordinates: d.points }, crs) : null;
}

/** A stored fence as a draft on the map of `crs`; a rectangle by the corners it was saved with. */
export function fenceToDraft(g: FenceGeometry, shape: FenceShape, crs: Crs): Draft {
  if (g.type === 'Circle') return { kind: 'circle', center: toDisplay(g.Center, crs), radius: g.Radius };
  const rings = g.coordinates.map((ring) => ring.slice(0, -1).map((p) => toDisplay(p, crs)));
  const outer = rings[0] ?? [];
  if (shape === 'rectangle' && outer.length === 4 && rings.length === 1)
    return { kind: 'rectangle', a: outer[0] as LngLat, b: outer[2] as LngLat };
  return { kind: 'polygon', rings };
}

export function lineToDraft(g: LineGeometry, crs: Crs): Draft {
  return { kind: 'line', points: toDisplayGeometry(g, crs).coordinates };
}

/** Every position of a draft through `f` (a circle keeps its radius in metres). */
export function mapDraft(d: Draft, f: (p: LngLat) => LngLat): Draft {
  switch (d.kind) {
    case 'circle':
      return { ...d, center: f(d.center) };
    case 'rectangle':
      return { kind: 'rectangle', a: f(d.a), b: f(d.b) };
    case 'polygon':
      return { kind: 'polygon', rings: d.rings.map((r) => r.map(f)) };
    case 'line':
      return { kind: 'line', points: d.points.map(f) };
  }
}

/** A draft drawn on one map, where it lies on the ground on another (the change-map dialog while editing). */
export const reprojectDraft = (d: Draft, from: Crs, to: Crs): Draft =>
  from === to ? d : mapDraft(d, (p) => toDisplay(fromDisplay(p, from), to));

/**
 * The segment of a polyline (screen points) nearest to `p`, when within `maxPx`: segment i joins points i
 * and i + 1.
 */
export function nearestSegment(
  points: readonly { x: number; y: number }[],
  p: { x: number; y: number },
  maxPx: number,
): number | null {
  let best: number | null = null;
  let bestD = maxPx;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as { x: number; y: number };
    const b = points[i + 1] as { x: number; y: number };
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const u = len2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
    const d = Math.hypot(p.x - (a.x + u * dx), p.y - (a.y + u * dy));
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Per-segment limits kept beside a line whose vertices changed: one per segment, null where none is set. */
export function fitSegmentLimits(limits: readonly (number | null)[] | null | undefined, vertices: number) {
  return Array.from({ length: Math.max(0, vertices - 1) }, (_, i) => limits?.[i] ?? null);
}
