import { compileZone, type LngLat, type RoadDef } from '@lodestar/domain';
import { fenceDef } from '@lodestar/domain/testing';
import { describe, expect, it } from 'vitest';
import { DENSE_PKS, ZoneIndex } from './zone-index.ts';
import { zoneKey } from './zone-sql.ts';
import { KeptVisits } from './zone-visits.ts';

/** mulberry32 */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ORIGIN: LngLat = [121.4, 31.2];
const M_PER_DEG = 111_320;
const COS = Math.cos((ORIGIN[1] * Math.PI) / 180);
const place = (x: number, y: number): [number, number] => [
  ORIGIN[0] + x / (M_PER_DEG * COS),
  ORIGIN[1] + y / M_PER_DEG,
];

describe('ZoneIndex.candidates', () => {
  it('answers what testing every bound box would, as a device walks, stops and jumps, whatever the cache held', () => {
    const rnd = seeded(7);
    // 400 circles of 30–800 m over a 6 km square; device 1 bound to 150 of them (past the linear scan; many near
    // zones at a time), device 2 to 10 (the linear scan), device 3 to 20 (few near zones at a time: the ones the
    // device record holds itself, and at times more).
    const zones = Array.from({ length: 400 }, (_, i) =>
      compileZone(
        fenceDef(i + 1, { type: 'Circle', Center: place(rnd() * 6000, rnd() * 6000), Radius: 30 + rnd() * 770 }),
        30,
      ),
    );
    const many = Int32Array.from({ length: 150 }, (_, k) => 1 + ((k * 7) % 400));
    const few = Int32Array.from({ length: 10 }, (_, k) => 3 + k * 37);
    const some = Int32Array.from({ length: 20 }, (_, k) => 5 + k * 19);
    const bindings = [
      { devicePk: 1, vipUntil: Number.POSITIVE_INFINITY, fenceIds: many, roadIds: [] },
      { devicePk: 2, vipUntil: Number.POSITIVE_INFINITY, fenceIds: few, roadIds: [] },
      { devicePk: 3, vipUntil: Number.POSITIVE_INFINITY, fenceIds: some, roadIds: [] },
    ];
    const brute = (ids: Int32Array, lng: number, lat: number) =>
      zones
        .map((z, i) => ({ z, i }))
        .filter(({ z }) => ids.indexOf(z.def.id) >= 0)
        .filter(({ z: { searchBox: b } }) => lng >= b[0] && lat >= b[1] && lng <= b[2] && lat <= b[3])
        .map(({ i }) => i)
        .sort((a, b) => a - b);

    let index = new ZoneIndex(zones, bindings);
    let [x, y] = [3000, 3000];
    let hits = 0;
    let someHits = 0;
    let clears = 0;
    for (let step = 0; step < 10_000; step++) {
      const r = rnd();
      if (r < 0.01)
        [x, y] = [rnd() * 8000 - 1000, rnd() * 8000 - 1000]; // a jump, out of the square at times
      else if (r < 0.2) {
        // parked: the same place
      } else {
        x += (rnd() - 0.5) * 120;
        y += (rnd() - 0.5) * 120;
      }
      // A reload makes a new index, its cache empty, now and then.
      if (step % 2500 === 2499) index = new ZoneIndex(zones, bindings);
      const [lng, lat] = place(x, y);
      for (const [pk, ids] of [
        [1, many],
        [2, few],
        [3, some],
      ] as const) {
        const slot = index.slotOf(pk)!;
        // Asked before candidates, as the flush asks it: what the record held from the fixes before.
        const clear = index.clear(slot, lng, lat);
        const got = [...index.candidates(slot, lng, lat)].sort((a, b) => a - b);
        expect(got).toEqual(brute(ids, lng, lat));
        if (clear) {
          expect(got).toEqual([]);
          clears++;
        }
        hits += got.length;
        if (pk === 3) someHits += got.length;
      }
    }
    // The walk met zones (the comparison is not of empty lists only), device 3's too.
    expect(hits).toBeGreaterThan(2500);
    expect(someHits).toBeGreaterThan(100);
    // and the record alone cleared a good share of the fixes (never device 2's: few zones, tested one by one)
    expect(clears).toBeGreaterThan(5000);
  });
});

describe('the near box', () => {
  it('leans the way a driving device goes, so a straight drive walks the tree once per 1.6 half-sides, not one', () => {
    // 40 circles in a row, every one bound to the device (past the linear scan), along a 30 km drive east.
    const zones = Array.from({ length: 40 }, (_, i) =>
      compileZone(fenceDef(i + 1, { type: 'Circle', Center: place(i * 750, 200), Radius: 100 }), 30),
    );
    const ids = Int32Array.from({ length: 40 }, (_, i) => i + 1);
    const index = new ZoneIndex(zones, [
      { devicePk: 1, vipUntil: Number.POSITIVE_INFINITY, fenceIds: ids, roadIds: [] },
    ]);
    const metres = 30_000;
    let met = 0;
    for (let x = 0; x <= metres; x += 10) met += index.candidates(0, ...place(x, 200)).length;
    // The near box is 0.005° a half-side, ~477 m east-west at this latitude: a box centred on the fix lasts
    // ~477 m (63 walks), a leaning one ~763 m (40).
    const halfSide = 0.005 * M_PER_DEG * COS;
    expect(index.walks).toBeLessThanOrEqual(Math.ceil(metres / (1.5 * halfSide)) + 1);
    expect(index.walks).toBeGreaterThan(metres / (2 * halfSide));
    // and the fixes still met every circle on the way
    expect(met).toBeGreaterThan(40 * 20);
  });

  it("answers the same for fixes a hair inside or outside a near zone's box, whatever the record rounds to", () => {
    const zones = Array.from({ length: 20 }, (_, i) =>
      compileZone(fenceDef(i + 1, { type: 'Circle', Center: place(i * 3000, 0), Radius: 100 }), 30),
    );
    const ids = Int32Array.from({ length: 20 }, (_, i) => i + 1);
    const index = new ZoneIndex(zones, [
      { devicePk: 1, vipUntil: Number.POSITIVE_INFINITY, fenceIds: ids, roadIds: [] },
    ]);
    const [minLng, minLat, maxLng, maxLat] = zones[0]!.searchBox;
    const lat = (minLat + maxLat) / 2;
    for (const eps of [1e-12, 1e-9, 1e-7, 3e-6, 9e-6]) {
      expect([eps, index.candidates(0, minLng - eps, lat)]).toEqual([eps, []]);
      expect([eps, index.candidates(0, maxLng + eps, lat)]).toEqual([eps, []]);
      expect([eps, index.candidates(0, minLng + eps, lat)]).toEqual([eps, [0]]);
      expect([eps, index.candidates(0, maxLng - eps, lat)]).toEqual([eps, [0]]);
    }
  });
});

describe('device look-ups by pk', () => {
  const zone = compileZone(fenceDef(1, { type: 'Circle', Center: ORIGIN, Radius: 100 }), 30);
  const bound = (devicePk: number) => ({
    devicePk,
    vipUntil: Number.POSITIVE_INFINITY,
    fenceIds: [1],
    roadIds: [],
  });

  it('ZoneIndex finds each bound device, whether its pks fit an array or not, and no other', () => {
    for (const pks of [
      [3, 7, 1000],
      [5, DENSE_PKS + 9],
    ]) {
      const index = new ZoneIndex([zone], pks.map(bound));
      expect(pks.map((pk) => index.slotOf(pk))).toEqual(pks.map((_, i) => i));
      for (const other of [0, 4, 999, 1001, -1, DENSE_PKS, DENSE_PKS + 8, 2 ** 31 - 1])
        expect([other, index.slotOf(other), index.has(other)]).toEqual([other, undefined, false]);
    }
  });

  it('KeptVisits answers unread, read with none, and the visits set, past its first array and beyond DENSE_PKS', () => {
    const kept = new KeptVisits();
    const some = new Map([[2, { enteredAt: 1, overspeed: false, stayFired: false }]]);
    for (const pk of [0, 5, 1023, 1024, 70_000, DENSE_PKS - 1, DENSE_PKS, DENSE_PKS + 3]) {
      expect(kept.get(pk)).toBeUndefined();
      expect(kept.has(pk)).toBe(false);
      kept.set(pk, new Map());
      expect(kept.get(pk)?.size).toBe(0);
      kept.set(pk, some);
      expect(kept.get(pk)).toBe(some);
      kept.delete(pk);
      expect(kept.has(pk)).toBe(false);
      kept.set(pk, some);
    }
    expect([...kept.entries()].length).toBe(8);
    // Earlier pks kept their answers when the array grew.
    expect(kept.get(5)).toBe(some);
    expect(kept.get(6)).toBeUndefined();
  });
});

describe('ZoneIndex.zoneOf', () => {
  const circle = { type: 'Circle' as const, Center: ORIGIN, Radius: 100 };
  const road = (id: number): RoadDef => ({
    kind: 'road',
    id,
    name: `R${id}`,
    geometry: { type: 'LineString', coordinates: [ORIGIN, place(500, 0)] },
    width: 40,
    speedLimit: null,
    segmentLimits: null,
    triggerAlarm: false,
  });

  it('finds a fence and a road of the same id apart, and answers -1 for a zone not indexed, dense ids or sparse', () => {
    // Ids past 16 a zone plus a million are looked up in a Map rather than an array: both ways answer alike.
    for (const [a, b] of [
      [4, 9],
      [4, 2 ** 30 + 5],
    ] as const) {
      const zones = [
        compileZone(fenceDef(a, circle), 30),
        compileZone(road(a), 30),
        compileZone(fenceDef(b, circle), 30),
      ];
      const index = new ZoneIndex(zones, []);
      expect([zoneKey('fence', a), zoneKey('road', a), zoneKey('fence', b)].map((k) => index.zoneOf(k))).toEqual([
        0, 1, 2,
      ]);
      for (const key of [zoneKey('road', b), zoneKey('fence', 5), zoneKey('road', 2 ** 31 - 1), 0, 1])
        expect([key, index.zoneOf(key)]).toEqual([key, -1]);
      expect([...index.keys].map((k) => index.zoneOf(k))).toEqual([0, 1, 2]);
    }
  });
});
