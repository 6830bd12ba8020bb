/**
 * Geometry of fences and roads (issue #17), WGS-84 `[lng, lat]`, distances in metres.
 *
 * INTERFACE ONLY (session 13): the zone-rules helper implements the bodies.
 */
import type { BBox, FenceGeometry, FenceShape, LineGeometry } from './zones.ts';

/** Why a geometry cannot be a fence or road (a message key the API answers with), or null when it can. */
export type GeometryProblem =
  | 'ringNotClosed'
  | 'ringTooSmall'
  | 'selfIntersecting'
  | 'holeOutside'
  | 'zeroArea'
  | 'lineTooShort';

export function validateFence(g: FenceGeometry): GeometryProblem | null {
  void g;
  throw new Error('zone-geometry: not implemented yet');
}

export function validateLine(g: LineGeometry): GeometryProblem | null {
  void g;
  throw new Error('zone-geometry: not implemented yet');
}

/** circle; rectangle: a polygon of one axis-aligned four-corner ring; polygon otherwise. */
export function fenceShapeOf(g: FenceGeometry): FenceShape {
  void g;
  throw new Error('zone-geometry: not implemented yet');
}

/** The fence's box; a road's widened by `halfWidthMetres`. */
export function fenceBBox(g: FenceGeometry): BBox {
  void g;
  throw new Error('zone-geometry: not implemented yet');
}
export function lineBBox(g: LineGeometry, halfWidthMetres: number): BBox {
  void g;
  void halfWidthMetres;
  throw new Error('zone-geometry: not implemented yet');
}
