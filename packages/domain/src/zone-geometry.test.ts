import { describe, expect, it } from 'vitest';
import {
  compileFence,
  compileLine,
  compileRing,
  fenceBBox,
  fenceContains,
  fenceDistanceWithin,
  fenceShapeOf,
  haversineMetres,
  lineBBox,
  lineDistanceWithin,
  locateInRing,
  METRES_PER_DEGREE,
  validateFence,
  validateLine,
} from './zone-geometry.ts';
import type { FenceGeometry, LngLat, PolygonGeometry, Ring } from './zones.ts';

const polygon = (...rings: Ring[]): PolygonGeometry => ({ type: 'Polygon', coordinates: rings });
/** A closed axis-aligned ring from its corners. */
const box = (x0: number, y0: number, x1: number, y1: number): Ring => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
/** A closed ring of n vertices around (lng, lat), radius in metres, every other vertex pulled in by `dent`. */
function star(lng: number, lat: number, metres: number, n: number, dent = 0): Ring {
  const ring: Ring = [];
  const kx = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 ? metres * (1 - dent) : metres;
    ring.push([lng + (r * Math.cos(a)) / kx, lat + (r * Math.sin(a)) / METRES_PER_DEGREE]);
  }
  ring.push(ring[0] as LngLat);
  return ring;
}
/** Deterministic points (a linear congruential generator), so a failure reproduces. */
function* points(seed: number, n: number, b: [number, number, number, number]): Generator<LngLat> {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  for (let i = 0; i < n; i++) yield [b[0] + next() * (b[2] - b[0]), b[1] + next() * (b[3] - b[1])];
}
/** Plain ray casting over every edge, the reference the banded test must agree with off the boundary. */
function bruteInside(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[i + 1] as LngLat;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('validateFence', () => {
  it('takes a square, a circle, a 5,000-vertex star and a polygon with holes', () => {
    expect(validateFence(polygon(box(121, 31, 121.01, 31.01)))).toBeNull();
    expect(validateFence({ type: 'Circle', Center: [121, 31], Radius: 10 })).toBeNull();
    expect(validateFence(polygon(star(121.4, 31.2, 2000, 5000, 0.3)))).toBeNull();
    const holes = polygon(box(0, 0, 10, 10), box(1, 1, 3, 3), box(5, 5, 8, 8), [
      [4, 1],
      [4, 4],
      [5, 1],
      [4, 1],
    ]);
    expect(validateFence(holes)).toBeNull();
    // A hole may touch the outer ring at a point (GeoJSON allows it).
    expect(
      validateFence(
        polygon(box(0, 0, 10, 10), [
          [0, 5],
          [3, 4],
          [3, 6],
          [0, 5],
        ]),
      ),
    ).toBeNull();
  });

  it('refuses an open ring, a short ring, and a ring without area', () => {
    expect(
      validateFence(
        polygon([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ),
    ).toBe('ringNotClosed');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toBe('ringTooSmall');
    expect(validateFence(polygon([]))).toBe('ringTooSmall');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [1, 1],
          [2, 2],
          [0, 0],
        ]),
      ),
    ).toBe('zeroArea');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [1, 0],
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toBe('zeroArea');
    // 1e-7 degrees wide: about a centimetre, so well under a square metre.
    expect(validateFence(polygon(box(0, 0, 1e-7, 1e-4)))).toBe('zeroArea');
    expect(validateFence({ type: 'Circle', Center: [0, 0], Radius: 0 })).toBe('zeroArea');
    // A hole without area too.
    expect(
      validateFence(
        polygon(box(0, 0, 10, 10), [
          [1, 1],
          [2, 2],
          [3, 3],
          [1, 1],
        ]),
      ),
    ).toBe('zeroArea');
  });

  it('finds a ring crossing itself: a bow tie, a vertex on another edge, a repeated vertex, a spike', () => {
    expect(
      validateFence(
        polygon([
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ]),
      ),
    ).toBe('selfIntersecting');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [4, 0],
          [4, 4],
          [2, 0],
          [0, 4],
          [0, 0],
        ]),
      ),
    ).toBe('selfIntersecting');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [2, 0],
          [2, 2],
          [1, 1],
          [2, 4],
          [0, 4],
          [1, 1],
          [0, 0],
        ]),
      ),
    ).toBe('selfIntersecting');
    expect(
      validateFence(
        polygon([
          [0, 0],
          [2, 0],
          [3, 0],
          [2.5, 0],
          [2, 2],
          [0, 0],
        ]),
      ),
    ).toBe('selfIntersecting');
    // One swapped pair of neighbours in 5,000 vertices makes a bow tie somewhere along the ring.
    const big = star(121.4, 31.2, 2000, 5000);
    [big[2500], big[2501]] = [big[2501] as LngLat, big[2500] as LngLat];
    expect(validateFence(polygon(big))).toBe('selfIntersecting');
  });

  it('finds holes outside, across the outer ring, inside another hole, or crossing each other', () => {
    expect(validateFence(polygon(box(0, 0, 10, 10), box(20, 20, 21, 21)))).toBe('holeOutside');
    expect(validateFence(polygon(box(0, 0, 10, 10), box(8, 8, 12, 9)))).toBe('holeOutside');
    expect(validateFence(polygon(box(0, 0, 10, 10), box(-1, -1, 11, 11)))).toBe('holeOutside');
    expect(validateFence(polygon(box(0, 0, 10, 10), box(1, 1, 5, 5), box(2, 2, 3, 3)))).toBe('holeOutside');
    expect(validateFence(polygon(box(0, 0, 10, 10), box(1, 1, 5, 5), box(4, 4, 6, 6)))).toBe('selfIntersecting');
    // A hole along part of the outer ring's edge is outside it there.
    expect(validateFence(polygon(box(0, 0, 10, 10), box(0, 2, 3, 4)))).toBe('holeOutside');
  });
});

describe('validateLine', () => {
  it('needs two distinct positions', () => {
    expect(validateLine({ type: 'LineString', coordinates: [[1, 1]] })).toBe('lineTooShort');
    expect(
      validateLine({
        type: 'LineString',
        coordinates: [
          [1, 1],
          [1, 1],
          [1, 1],
        ],
      }),
    ).toBe('lineTooShort');
    expect(
      validateLine({
        type: 'LineString',
        coordinates: [
          [1, 1],
          [1, 1],
          [1, 1.001],
        ],
      }),
    ).toBeNull();
    // A route may cross itself (a loop through a roundabout).
    expect(
      validateLine({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
        ],
      }),
    ).toBeNull();
  });
});

describe('fenceShapeOf', () => {
  it('tells circles, rectangles either way round, and polygons apart', () => {
    expect(fenceShapeOf({ type: 'Circle', Center: [0, 0], Radius: 50 })).toBe('circle');
    expect(fenceShapeOf(polygon(box(121, 31, 121.01, 31.01)))).toBe('rectangle');
    expect(
      fenceShapeOf(
        polygon([
          [0, 0],
          [0, 1],
          [1, 1],
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toBe('rectangle');
    expect(
      fenceShapeOf(
        polygon([
          [0, 0],
          [1, 1],
          [0, 2],
          [-1, 1],
          [0, 0],
        ]),
      ),
    ).toBe('polygon');
    expect(fenceShapeOf(polygon(box(0, 0, 10, 10), box(1, 1, 2, 2)))).toBe('polygon');
    expect(fenceShapeOf(polygon(star(0, 0, 100, 6)))).toBe('polygon');
    // A triangle with a repeated vertex is four positions plus the closing one, but not a rectangle.
    expect(
      fenceShapeOf(
        polygon([
          [0, 0],
          [1, 0],
          [1, 0],
          [0, 1],
          [0, 0],
        ]),
      ),
    ).toBe('polygon');
  });

  it('still sees the rectangle a GCJ-02 map drew once converted to WGS-84 (a hair off axis)', () => {
    // gcoord's GCJ-02 → WGS-84 of a 0.01° rectangle in Beijing: corners moved by up to 1.6e-5° apart.
    const drawn: Ring = [
      [116.29375, 39.89869],
      [116.30375, 39.89867],
      [116.30376, 39.90867],
      [116.29376, 39.90869],
      [116.29375, 39.89869],
    ];
    expect(fenceShapeOf(polygon(drawn))).toBe('rectangle');
  });
});

describe('boxes', () => {
  it('bounds a polygon by its outer ring and widens a circle by its radius', () => {
    expect(fenceBBox(polygon(box(1, 2, 3, 4), box(1.5, 2.5, 2, 3)))).toEqual([1, 2, 3, 4]);
    const [w, s, e, n] = fenceBBox({ type: 'Circle', Center: [10, 0], Radius: 1000 });
    expect(n - 0).toBeCloseTo(1000 / METRES_PER_DEGREE, 9);
    expect(s).toBeCloseTo(-1000 / METRES_PER_DEGREE, 9);
    expect(e - 10).toBeGreaterThanOrEqual(1000 / METRES_PER_DEGREE);
    expect(10 - w).toBeGreaterThanOrEqual(1000 / METRES_PER_DEGREE);
  });

  it('covers every longitude when a circle reaches a pole', () => {
    expect(fenceBBox({ type: 'Circle', Center: [0, 90], Radius: 100 })).toEqual([
      -180,
      90 - 100 / METRES_PER_DEGREE,
      180,
      90,
    ]);
    const [w, , e] = fenceBBox({ type: 'Circle', Center: [0, 89.9], Radius: 100 });
    // 100 m is about 0.05° of longitude at 89.9°.
    expect(e).toBeGreaterThan(0.05);
    expect(w).toBeLessThan(-0.05);
  });

  it("widens a road's box by its half width", () => {
    const [w, s, e, n] = lineBBox(
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0.5],
        ],
      },
      50,
    );
    expect(s).toBeCloseTo(-50 / METRES_PER_DEGREE, 9);
    expect(n).toBeCloseTo(0.5 + 50 / METRES_PER_DEGREE, 9);
    expect(w).toBeLessThan(-50 / METRES_PER_DEGREE + 1e-12);
    expect(e).toBeGreaterThan(1 + 50 / METRES_PER_DEGREE - 1e-12);
  });
});

describe('point in ring', () => {
  const square = compileRing(box(0, 0, 2, 2));
  const slanted = compileRing([
    [0, 0],
    [3, 1],
    [1, 3],
    [0, 0],
  ]);

  it('counts a point on an edge or a vertex as on the boundary, whichever edge it is', () => {
    for (const [x, y] of [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [1, 0],
      [2, 1],
      [1, 2],
      [0, 1],
      [0, 0.3],
    ] as LngLat[])
      expect(locateInRing(square, x, y)).toBe(0);
    // 0.1 × 3 is 0.30000000000000004: a point on a slanted edge by arithmetic, not exactly.
    expect(locateInRing(slanted, 0.1 * 3, 0.1)).toBe(0);
    expect(locateInRing(slanted, 2, 2)).toBe(0);
    expect(locateInRing(slanted, 1, 3)).toBe(0);
    expect(locateInRing(square, 1, 1)).toBe(1);
    expect(locateInRing(square, 2.000001, 1)).toBe(-1);
    expect(locateInRing(square, 3, 2)).toBe(-1);
    // Level with a vertex, on the ray the test casts: counted once, not twice.
    expect(locateInRing(slanted, 1.5, 1)).toBe(1);
    expect(locateInRing(slanted, -1, 1)).toBe(-1);
  });

  it('agrees with plain ray casting over every edge on a 5,000-vertex star (the banded test)', () => {
    const ring = star(121.4, 31.2, 3000, 5000, 0.4);
    const compiled = compileRing(ring);
    expect(compiled.bandEdges).not.toBeNull();
    let inside = 0;
    let disagree = 0;
    for (const [x, y] of points(7, 4000, compiled.box)) {
      const expected = bruteInside(ring, x, y);
      const got = locateInRing(compiled, x, y);
      if (got !== 0 && (got === 1) !== expected) disagree++;
      if (expected) inside++;
    }
    expect(disagree).toBe(0);
    // The points fall both sides, so the agreement means something.
    expect(inside).toBeGreaterThan(400);
    expect(inside).toBeLessThan(3600);
    for (let i = 0; i < 5000; i += 499) expect(locateInRing(compiled, ...(ring[i] as LngLat))).toBe(0);
  });
});

describe('fences', () => {
  it('has holes: a point in a hole is outside, on its edge inside, and its distance is to the hole', () => {
    const f = compileFence(polygon(box(0, 0, 0.01, 0.01), box(0.004, 0.004, 0.006, 0.006)));
    expect(fenceContains(f, 0.002, 0.002)).toBe(true);
    expect(fenceContains(f, 0.005, 0.005)).toBe(false);
    expect(fenceContains(f, 0.004, 0.005)).toBe(true);
    expect(fenceContains(f, 0.006, 0.006)).toBe(true);
    // The hole's centre is 0.001° (about 111 m) from the hole's edges.
    expect(fenceDistanceWithin(f, 0.005, 0.005, 500)).toBeCloseTo(0.001 * METRES_PER_DEGREE, 0);
    expect(fenceDistanceWithin(f, 0.005, 0.005, 100)).toBe(Infinity);
  });

  it('tells a 10 m circle and a 5 m square apart by a few centimetres', () => {
    const lat = 31.2;
    const kx = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
    const circle = compileFence({ type: 'Circle', Center: [121.4, lat], Radius: 10 });
    expect(fenceContains(circle, 121.4 + 9.95 / kx, lat)).toBe(true);
    expect(fenceContains(circle, 121.4, lat + 10.05 / METRES_PER_DEGREE)).toBe(false);
    expect(fenceDistanceWithin(circle, 121.4, lat + 12 / METRES_PER_DEGREE, 30)).toBeCloseTo(2, 2);

    const square = compileFence(polygon(box(121.4, lat, 121.4 + 5 / kx, lat + 5 / METRES_PER_DEGREE)));
    expect(fenceContains(square, 121.4 + 4.95 / kx, lat + 2.5 / METRES_PER_DEGREE)).toBe(true);
    expect(fenceContains(square, 121.4 + 5.05 / kx, lat + 2.5 / METRES_PER_DEGREE)).toBe(false);
    expect(fenceDistanceWithin(square, 121.4 + 5.5 / kx, lat + 2.5 / METRES_PER_DEGREE, 30)).toBeCloseTo(0.5, 3);
    // Off a corner the distance is to the vertex: 3-4-5.
    expect(fenceDistanceWithin(square, 121.4 - 3 / kx, lat - 4 / METRES_PER_DEGREE, 30)).toBeCloseTo(5, 3);
  });

  it('works at the poles: a circle around the North Pole and a polygon at 89.99°', () => {
    const pole = compileFence({ type: 'Circle', Center: [0, 90], Radius: 100 });
    expect(fenceContains(pole, 45, 89.9995)).toBe(true);
    expect(fenceContains(pole, -170, 89.9995)).toBe(true);
    expect(fenceContains(pole, 170, 89.998)).toBe(false);
    expect(fenceDistanceWithin(pole, 170, 89.998, 500)).toBeCloseTo(0.002 * METRES_PER_DEGREE - 100, 3);
    expect(pole.box[0]).toBe(-180);
    expect(pole.box[2]).toBe(180);

    // At 89.99° a degree of longitude is about 19.4 m: this is a 10 m square.
    const kx = METRES_PER_DEGREE * Math.cos((89.99 * Math.PI) / 180);
    const near = compileFence(polygon(box(0, 89.99, 10 / kx, 89.99 + 10 / METRES_PER_DEGREE)));
    const midLat = 89.99 + 5 / METRES_PER_DEGREE;
    expect(fenceContains(near, 5 / kx, midLat)).toBe(true);
    expect(fenceContains(near, 10.5 / kx, midLat)).toBe(false);
    // 2 m at 89.99°, a little less 5 m further north; the great circle agrees.
    const d = fenceDistanceWithin(near, 12 / kx, midLat, 30);
    expect(d).toBeCloseTo(haversineMetres(10 / kx, midLat, 12 / kx, midLat), 3);
    expect(d).toBeGreaterThan(1.98);
    expect(d).toBeLessThan(2);
  });

  it('measures from far outside a 5,000-vertex star only within the radius asked', () => {
    const ring = star(121.4, 31.2, 3000, 5000);
    const f = compileFence(polygon(ring));
    const kx = METRES_PER_DEGREE * Math.cos((31.2 * Math.PI) / 180);
    // 20 m east of the easternmost vertex (vertex 0): about 20 m, a 5,000-gon's edge is that close to round.
    const d = fenceDistanceWithin(f, 121.4 + 3020 / kx, 31.2, 30);
    expect(d).toBeGreaterThan(19.9);
    expect(d).toBeLessThanOrEqual(20.0001);
    expect(fenceDistanceWithin(f, 121.4 + 3040 / kx, 31.2, 30)).toBe(Infinity);
    expect(fenceContains(f, 121.4, 31.2)).toBe(true);
  });
});

describe('roads', () => {
  const line = compileLine({
    type: 'LineString',
    coordinates: [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
    ],
  });

  it('gives the distance to the nearest segment and its index', () => {
    const a = lineDistanceWithin(line, 0.005, 0.0001, 100);
    expect(a.segment).toBe(0);
    expect(a.metres).toBeCloseTo(0.0001 * METRES_PER_DEGREE, 3);
    const b = lineDistanceWithin(line, 0.0101, 0.008, 100);
    expect(b.segment).toBe(1);
    expect(b.metres).toBeCloseTo(0.0001 * METRES_PER_DEGREE * Math.cos(0.008 * (Math.PI / 180)), 3);
    // Past the start the distance is to the first vertex.
    expect(lineDistanceWithin(line, -0.0003, 0.0004, 100).metres).toBeCloseTo(0.0005 * METRES_PER_DEGREE, 0);
  });

  it('answers Infinity beyond the radius asked', () => {
    expect(lineDistanceWithin(line, 0.005, 0.002, 100)).toEqual({ metres: Infinity, segment: -1 });
  });
});

describe('fence geometry union', () => {
  it('compiles a circle and a polygon to boxes equal to fenceBBox', () => {
    const geoms: FenceGeometry[] = [
      { type: 'Circle', Center: [121, 31], Radius: 500 },
      polygon(box(121, 31, 121.01, 31.01)),
    ];
    for (const g of geoms) expect(compileFence(g).box).toEqual(fenceBBox(g));
  });
});
