import { describe, expect, it } from 'vitest';
import type { LngLat } from '../../../map/coords.ts';
import { distanceMetres } from '../geometry.ts';
import {
  completeSketch,
  type Draft,
  draftToFence,
  fenceToDraft,
  fitSegmentLimits,
  handlesOf,
  moveHandle,
  nearestSegment,
  removeVertex,
} from './draft.ts';

const SQUARE: LngLat[] = [
  [121.0, 31.0],
  [121.1, 31.0],
  [121.1, 31.1],
  [121.0, 31.1],
];
const polygon = (): Extract<Draft, { kind: 'polygon' }> => ({ kind: 'polygon', rings: [[...SQUARE]] });

describe('drawing a shape from clicks', () => {
  it('needs three vertices for a polygon and two points for a line', () => {
    expect(completeSketch('polygon', SQUARE.slice(0, 2), null)).toBeNull();
    expect(completeSketch('polygon', SQUARE.slice(0, 3), null)).toEqual({
      kind: 'polygon',
      rings: [SQUARE.slice(0, 3)],
    });
    expect(completeSketch('line', SQUARE.slice(0, 1), null)).toBeNull();
    expect(completeSketch('line', SQUARE.slice(0, 2), null)?.kind).toBe('line');
  });

  it('makes a circle of the clicked radius in metres, never under 10 m', () => {
    const c = completeSketch('circle', [SQUARE[0] as LngLat, SQUARE[1] as LngLat], null);
    expect(c?.kind).toBe('circle');
    if (c?.kind === 'circle')
      expect(c.radius).toBe(Math.round(distanceMetres(SQUARE[0] as LngLat, SQUARE[1] as LngLat)));
    const tiny = completeSketch('circle', [SQUARE[0] as LngLat, [121.00001, 31.0]], null);
    expect(tiny?.kind === 'circle' && tiny.radius).toBe(10);
  });

  it('refuses a flat rectangle', () => {
    expect(completeSketch('rectangle', [SQUARE[0] as LngLat, SQUARE[1] as LngLat], null)).toBeNull();
    expect(completeSketch('rectangle', [SQUARE[0] as LngLat, SQUARE[2] as LngLat], null)?.kind).toBe('rectangle');
  });

  it('cuts a hole only inside the polygon being edited', () => {
    const hole: LngLat[] = [
      [121.02, 31.02],
      [121.05, 31.02],
      [121.05, 31.05],
    ];
    const withHole = completeSketch('hole', hole, polygon());
    expect(withHole).toEqual({ kind: 'polygon', rings: [SQUARE, hole] });
    expect(completeSketch('hole', [...hole.slice(0, 2), [121.2, 31.05]], polygon())).toBeNull();
    expect(completeSketch('hole', hole, null)).toBeNull();
    // A second hole may not start inside the first.
    expect(
      completeSketch(
        'hole',
        [
          [121.03, 31.025],
          [121.08, 31.08],
          [121.09, 31.02],
        ],
        withHole,
      ),
    ).toBeNull();
  });
});

describe('editing a shape by its handles', () => {
  it('drags a vertex, and adds one by dragging an edge’s midpoint', () => {
    const d = polygon();
    const handles = handlesOf(d);
    expect(handles.filter((h) => h.role === 'vertex')).toHaveLength(4);
    const firstMid = handles.find((h) => h.role === 'mid' && h.index === 0);
    expect(firstMid?.at).toEqual([121.05, 31.0]);
    const moved = moveHandle(d, { role: 'vertex', ring: 0, index: 2, at: [121.1, 31.1] }, [121.2, 31.2]);
    expect(moved.kind === 'polygon' && moved.rings[0]?.[2]).toEqual([121.2, 31.2]);
    const added = moveHandle(d, firstMid as NonNullable<typeof firstMid>, [121.05, 30.95]);
    expect(added.kind === 'polygon' && added.rings[0]).toEqual([SQUARE[0], [121.05, 30.95], ...SQUARE.slice(1)]);
  });

  it('removes a vertex but never below a triangle; a hole goes altogether', () => {
    const d = polygon();
    const three = removeVertex(d, 0, 1);
    expect(three?.kind === 'polygon' && three.rings[0]).toHaveLength(3);
    expect(removeVertex(three as Draft, 0, 0)).toBeNull();
    const withHole: Draft = { kind: 'polygon', rings: [SQUARE, SQUARE.slice(0, 3)] };
    expect(removeVertex(withHole, 1, 0)).toEqual({ kind: 'polygon', rings: [SQUARE] });
  });

  it('moves a circle by its centre and resizes it by its radius handle', () => {
    const c: Draft = { kind: 'circle', center: [121, 31], radius: 200 };
    const [center, radius] = handlesOf(c);
    expect(distanceMetres([121, 31], radius?.at as LngLat)).toBeCloseTo(200, 3);
    expect(moveHandle(c, center as never, [121.01, 31])).toEqual({ ...c, center: [121.01, 31] });
    const grown = moveHandle(c, radius as never, [121, 31.01]);
    expect(grown.kind === 'circle' && grown.radius).toBe(Math.round(distanceMetres([121, 31], [121, 31.01])));
  });

  it('keeps a rectangle a rectangle: the opposite corner stays', () => {
    const r: Draft = { kind: 'rectangle', a: [121, 31], b: [121.1, 31.1] };
    const moved = moveHandle(r, { role: 'vertex', ring: 0, index: 1, at: [121.1, 31] }, [121.2, 30.9]);
    expect(moved).toEqual({ kind: 'rectangle', a: [121, 31.1], b: [121.2, 30.9] });
  });
});

describe('a draft as the server stores it', () => {
  it('closes the rings and keeps a GCJ-02 rectangle axis-aligned in WGS-84', () => {
    const g = draftToFence({ kind: 'rectangle', a: [121.48, 31.24], b: [121.5, 31.22] }, 'GCJ02');
    expect(g?.type).toBe('Polygon');
    const ring = g?.type === 'Polygon' ? (g.coordinates[0] as LngLat[]) : [];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(ring[0]?.[1]).toBe(ring[1]?.[1]);
    expect(ring[1]?.[0]).toBe(ring[2]?.[0]);
    const back = fenceToDraft(g as NonNullable<typeof g>, 'rectangle', 'GCJ02');
    expect(back.kind).toBe('rectangle');
    if (back.kind === 'rectangle') expect(distanceMetres(back.a, [121.48, 31.24])).toBeLessThan(0.5);
  });

  it('round-trips a polygon with a hole through WGS-84 within 0.5 m', () => {
    const d: Draft = {
      kind: 'polygon',
      rings: [
        SQUARE,
        [
          [121.02, 31.02],
          [121.05, 31.02],
          [121.05, 31.05],
        ],
      ],
    };
    const g = draftToFence(d, 'BD09');
    expect(g?.type === 'Polygon' && g.coordinates.map((r) => r.length)).toEqual([5, 4]);
    const back = fenceToDraft(g as NonNullable<typeof g>, 'polygon', 'BD09');
    if (back.kind !== 'polygon') throw new Error(back.kind);
    back.rings.forEach((ring, r) => {
      ring.forEach((p, i) => {
        expect(distanceMetres(p, d.rings[r]?.[i] as LngLat)).toBeLessThan(0.5);
      });
    });
  });
});

describe('a road’s segments', () => {
  it('picks the segment nearest a click, within the distance only', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ];
    expect(nearestSegment(pts, { x: 50, y: 4 }, 10)).toBe(0);
    expect(nearestSegment(pts, { x: 104, y: 60 }, 10)).toBe(1);
    expect(nearestSegment(pts, { x: 50, y: 50 }, 10)).toBeNull();
  });

  it('keeps one limit per segment as vertices come and go', () => {
    expect(fitSegmentLimits([60, null, 40], 3)).toEqual([60, null]);
    expect(fitSegmentLimits([60], 4)).toEqual([60, null, null]);
    expect(fitSegmentLimits(null, 1)).toEqual([]);
  });
});
