import { describe, expect, it } from 'vitest';
import { fenceDef } from './testing.ts';
import { METRES_PER_DEGREE } from './zone-geometry.ts';
import {
  type CompiledZone,
  compileZone,
  type FenceDef,
  fenceValidAt,
  type RoadDef,
  stayDue,
  stayEvent,
  stepZone,
  type ZoneEvent,
  type ZoneFix,
  type ZoneVisit,
  zoneOffsetMs,
} from './zone-rules.ts';
import { ZONE_LIMITS } from './zones.ts';

const H = ZONE_LIMITS.hysteresisMetres;
const MIN = 60_000;
/** 2026-11-26 00:00 UTC: the fake clock's zero. */
const T0 = Date.UTC(2026, 10, 26);
const LNG = 121.4;
const LAT = 31.2;
const KX = METRES_PER_DEGREE * Math.cos((LAT * Math.PI) / 180);
/** [lng, lat] `east` and `north` metres from (LNG, LAT). */
const off = (east: number, north: number): [number, number] => [LNG + east / KX, LAT + north / METRES_PER_DEGREE];

/** A 200 m square, its south-west corner at (LNG, LAT). */
function fence(over: Partial<FenceDef> = {}): FenceDef {
  const square = [off(0, 0), off(200, 0), off(200, 200), off(0, 200), off(0, 0)];
  return fenceDef(7, { type: 'Polygon', coordinates: [square] }, { name: 'depot', timeZone: 'UTC', ...over });
}

/** A road east along LAT for 1 km, then north for 1 km; 40 m wide. */
function road(over: Partial<RoadDef> = {}): RoadDef {
  return {
    kind: 'road',
    id: 3,
    name: 'ring road',
    geometry: { type: 'LineString', coordinates: [off(0, 0), off(1000, 0), off(1000, 1000)] },
    width: 40,
    speedLimit: 80,
    segmentLimits: null,
    triggerAlarm: false,
    ...over,
  };
}

/** A device's fixes through one zone, the visit carried along, every event kept. */
class Drive {
  visit: ZoneVisit | undefined;
  events: ZoneEvent[] = [];
  constructor(readonly zone: CompiledZone) {}
  /** A fix `minutes` after T0 at `east`/`north` metres, at `speed` km/h; answers this fix's events' types. */
  at(minutes: number, east: number, north: number, speed = 30, valid = true): string[] {
    const [lng, lat] = off(east, north);
    const fix: ZoneFix = { time: T0 + minutes * MIN, lat, lng, speed, valid };
    const r = stepZone(this.zone, this.visit, fix, H);
    this.visit = r.visit;
    this.events.push(...r.events);
    return r.events.map((e) => e.type);
  }
  types() {
    return this.events.map((e) => e.type);
  }
}

describe('fence: enter and leave with hysteresis', () => {
  it('enters once while fixes jitter across the edge, and leaves only beyond the hysteresis', () => {
    const d = new Drive(compileZone(fence(), H));
    expect(d.at(0, -100, 100)).toEqual([]);
    expect(d.at(1, 5, 100)).toEqual(['fenceEnter']);
    const entered = d.visit;
    expect(entered).toEqual({ enteredAt: T0 + MIN, overspeed: false, stayFired: false });
    // A parked car's fixes wander across the west edge: outside by 10 m, in, outside by 29 m, on the edge.
    expect(d.at(2, -10, 100)).toEqual([]);
    expect(d.at(3, 3, 100)).toEqual([]);
    expect(d.at(4, -29, 100)).toEqual([]);
    expect(d.at(5, 0, 100)).toEqual([]);
    // Nothing about the visit changed: the same object, so the caller writes nothing.
    expect(d.visit).toBe(entered);
    expect(d.at(6, -31, 100)).toEqual(['fenceLeave']);
    expect(d.visit).toBeUndefined();
    // Back in: a new visit and a new entry.
    expect(d.at(7, 100, 100)).toEqual(['fenceEnter']);
    expect(d.visit?.enteredAt).toBe(T0 + 7 * MIN);
    expect(d.types()).toEqual(['fenceEnter', 'fenceLeave', 'fenceEnter']);
  });

  it('counts a fix on the boundary as inside, and one a metre outside as outside when not in a visit', () => {
    const d = new Drive(compileZone(fence(), H));
    expect(d.at(0, -1, 50)).toEqual([]);
    expect(d.at(1, 0, 50)).toEqual(['fenceEnter']);
    const corner = new Drive(compileZone(fence(), H));
    expect(corner.at(0, 200, 200)).toEqual(['fenceEnter']);
  });

  it("carries the fence's alarm flag, kind, id and the fix's time, place and speed", () => {
    const d = new Drive(compileZone(fence({ triggerAlarm: false }), H));
    d.at(0, 50, 50, 42);
    d.at(9, 50, 260, 55);
    const [lng, lat] = off(50, 50);
    const [lng2, lat2] = off(50, 260);
    expect(d.events).toEqual([
      { type: 'fenceEnter', zoneKind: 'fence', zoneId: 7, alarm: false, time: T0, lat, lng, speed: 42 },
      {
        type: 'fenceLeave',
        zoneKind: 'fence',
        zoneId: 7,
        alarm: false,
        time: T0 + 9 * MIN,
        lat: lat2,
        lng: lng2,
        speed: 55,
      },
    ]);
  });

  it('ignores fixes without GPS and fixes older than the visit', () => {
    const d = new Drive(compileZone(fence(), H));
    expect(d.at(0, 50, 50, 30, false)).toEqual([]);
    expect(d.visit).toBeUndefined();
    d.at(5, 50, 50);
    expect(d.at(6, 5000, 5000, 30, false)).toEqual([]);
    expect(d.at(4, 5000, 5000)).toEqual([]);
    expect(d.visit?.enteredAt).toBe(T0 + 5 * MIN);
  });

  it('leaves by entering a hole further than the hysteresis, not by touching it', () => {
    const holed = fence({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [off(0, 0), off(200, 0), off(200, 200), off(0, 200), off(0, 0)],
          [off(50, 50), off(150, 50), off(150, 150), off(50, 150), off(50, 50)],
        ],
      },
    });
    const d = new Drive(compileZone(holed, H));
    expect(d.at(0, 100, 100)).toEqual([]);
    expect(d.at(1, 25, 100)).toEqual(['fenceEnter']);
    expect(d.at(2, 70, 100)).toEqual([]);
    expect(d.at(3, 100, 100)).toEqual(['fenceLeave']);
  });

  it('works around the North Pole', () => {
    const pole = fence({ geometry: { type: 'Circle', Center: [0, 90], Radius: 100 } });
    const zone = compileZone(pole, H);
    const step = (time: number, lng: number, lat: number, v?: ZoneVisit) =>
      stepZone(zone, v, { time, lng, lat, speed: 5, valid: true }, H);
    const a = step(T0, 100, 89.9995);
    expect(a.events.map((e) => e.type)).toEqual(['fenceEnter']);
    // 130 m from the pole on the other side of the world: outside by 30 m exactly is still the visit.
    expect(step(T0 + MIN, -80, 90 - 129 / METRES_PER_DEGREE, a.visit).visit).toBe(a.visit);
    expect(step(T0 + MIN, -80, 90 - 140 / METRES_PER_DEGREE, a.visit).events.map((e) => e.type)).toEqual([
      'fenceLeave',
    ]);
  });
});

describe('fence: speed and stay', () => {
  it('fires overspeed once until the speed is back at or under the limit', () => {
    const d = new Drive(compileZone(fence({ speedLimit: 60 }), H));
    expect(d.at(0, 50, 50, 50)).toEqual(['fenceEnter']);
    expect(d.at(1, 60, 50, 70)).toEqual(['fenceOverspeed']);
    expect(d.visit?.overspeed).toBe(true);
    expect(d.at(2, 70, 50, 90)).toEqual([]);
    expect(d.at(3, 80, 50, 60)).toEqual([]);
    expect(d.visit?.overspeed).toBe(false);
    expect(d.at(4, 90, 50, 61)).toEqual(['fenceOverspeed']);
    // Entering over the limit fires both on that fix.
    const fast = new Drive(compileZone(fence({ speedLimit: 60 }), H));
    expect(fast.at(0, 50, 50, 100)).toEqual(['fenceEnter', 'fenceOverspeed']);
  });

  it('fires the stay once per visit and re-arms it after a leave', () => {
    const d = new Drive(compileZone(fence({ maxStayMinutes: 10 }), H));
    d.at(0, 50, 50);
    for (let m = 1; m < 10; m++) expect(d.at(m, 50, 50, 0)).toEqual([]);
    expect(d.at(10, 50, 50, 0)).toEqual(['fenceStay']);
    for (let m = 11; m < 40; m++) expect(d.at(m, 50, 50, 0)).toEqual([]);
    expect(d.at(41, 500, 500)).toEqual(['fenceLeave']);
    expect(d.at(42, 50, 50)).toEqual(['fenceEnter']);
    expect(d.at(51, 50, 50, 0)).toEqual([]);
    expect(d.at(52, 50, 50, 0)).toEqual(['fenceStay']);
    expect(d.types()).toEqual(['fenceEnter', 'fenceStay', 'fenceLeave', 'fenceEnter', 'fenceStay']);
  });

  it('keeps the stay timer through a jitter outside the fence', () => {
    const d = new Drive(compileZone(fence({ maxStayMinutes: 5 }), H));
    d.at(0, 5, 50);
    expect(d.at(5, -20, 50, 0)).toEqual(['fenceStay']);
  });

  it('answers stayDue for a silent parked device, and stayEvent marks the visit', () => {
    const zone = compileZone(fence({ maxStayMinutes: 30 }), H);
    const visit: ZoneVisit = { enteredAt: T0, overspeed: false, stayFired: false };
    expect(stayDue(zone, visit, T0 + 30 * MIN - 1)).toBe(false);
    expect(stayDue(zone, visit, T0 + 30 * MIN)).toBe(true);
    const [lng, lat] = off(50, 50);
    const fired = stayEvent(zone, visit, T0 + 31 * MIN, { lat, lng });
    expect(fired.event).toEqual({
      type: 'fenceStay',
      zoneKind: 'fence',
      zoneId: 7,
      alarm: true,
      time: T0 + 31 * MIN,
      lat,
      lng,
      speed: 0,
    });
    expect(stayDue(zone, fired.visit, T0 + 60 * MIN)).toBe(false);
    expect(stayDue(compileZone(fence(), H), visit, T0 + 9999 * MIN)).toBe(false);
    expect(stayDue(compileZone(road(), H), visit, T0 + 9999 * MIN)).toBe(false);
    // Not while the fence is out of its valid time.
    const expired = compileZone(fence({ maxStayMinutes: 30, validTo: T0 + 20 * MIN }), H);
    expect(stayDue(expired, visit, T0 + 30 * MIN)).toBe(false);
  });
});

describe('fence: record types', () => {
  const run = (recordType: FenceDef['recordType']) => {
    const d = new Drive(compileZone(fence({ recordType, speedLimit: 60, maxStayMinutes: 5 }), H));
    d.at(0, 50, 50);
    d.at(1, 50, 50, 80);
    d.at(6, 50, 50, 0);
    d.at(7, 50, 400);
    return d.types();
  };

  it('records enter and leave, one of them, or neither; speed and stay apply to all', () => {
    expect(run('both')).toEqual(['fenceEnter', 'fenceOverspeed', 'fenceStay', 'fenceLeave']);
    expect(run('enter')).toEqual(['fenceEnter', 'fenceOverspeed', 'fenceStay']);
    expect(run('leave')).toEqual(['fenceOverspeed', 'fenceStay', 'fenceLeave']);
    expect(run('none')).toEqual(['fenceOverspeed', 'fenceStay']);
  });
});

describe('fence: valid time', () => {
  it('records nothing before ValidFrom or after ValidTo, but follows the visit', () => {
    const d = new Drive(compileZone(fence({ validFrom: T0 + 10 * MIN, validTo: T0 + 60 * MIN, speedLimit: 60 }), H));
    expect(d.at(0, 50, 50, 90)).toEqual([]);
    expect(d.visit).toBeDefined();
    // Still over the limit when the fence becomes valid: the overspeed fires then.
    expect(d.at(10, 50, 50, 90)).toEqual(['fenceOverspeed']);
    expect(d.at(20, 50, 400)).toEqual(['fenceLeave']);
    expect(d.at(30, 50, 50)).toEqual(['fenceEnter']);
    expect(d.at(61, 50, 400)).toEqual([]);
    expect(d.visit).toBeUndefined();
  });

  it('keeps to a daily window in the fence’s zone, its ends inclusive to the minute', () => {
    // 08:00–18:00 in Shanghai (UTC+8) is 00:00–10:00 UTC.
    const zone = compileZone(fence({ dailyFrom: 8 * 60, dailyTo: 18 * 60, timeZone: 'Asia/Shanghai' }), H);
    expect(fenceValidAt(zone, T0 - 1)).toBe(false);
    expect(fenceValidAt(zone, T0)).toBe(true);
    expect(fenceValidAt(zone, T0 + 10 * 60 * MIN + 59_999)).toBe(true);
    expect(fenceValidAt(zone, T0 + 10 * 60 * MIN + 60_000)).toBe(false);
    expect(fenceValidAt(zone, T0 + 14 * 60 * MIN)).toBe(false);
    const d = new Drive(zone);
    expect(d.at(-1, 50, 50)).toEqual([]);
    expect(d.at(5, 50, 400)).toEqual(['fenceLeave']);
  });

  it('runs a window over midnight, and follows daylight saving in New York', () => {
    // 22:00–06:00 in New York: 03:00–11:00 UTC in winter (EST, UTC−5), 02:00–10:00 in summer (EDT).
    const zone = compileZone(fence({ dailyFrom: 22 * 60, dailyTo: 6 * 60, timeZone: 'America/New_York' }), H);
    const at = (iso: string) => fenceValidAt(zone, Date.parse(iso));
    expect(at('2026-01-15T02:59:00Z')).toBe(false);
    expect(at('2026-01-15T03:00:00Z')).toBe(true);
    expect(at('2026-01-15T05:00:00Z')).toBe(true);
    expect(at('2026-01-15T11:00:59Z')).toBe(true);
    expect(at('2026-01-15T11:01:00Z')).toBe(false);
    expect(at('2026-01-15T17:00:00Z')).toBe(false);
    expect(at('2026-07-15T02:00:00Z')).toBe(true);
    expect(at('2026-07-15T10:30:00Z')).toBe(false);
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT at 07:00 UTC. The window's last minute, 06:00 local,
    // is 11:00 UTC the day before and 10:00 UTC after; 11:00 UTC is then 07:00 local.
    expect(at('2026-03-07T11:00:30Z')).toBe(true);
    expect(at('2026-03-08T10:00:30Z')).toBe(true);
    expect(at('2026-03-08T11:00:30Z')).toBe(false);
    expect(at('2026-03-08T06:59:00Z')).toBe(true);
  });

  it('caches offsets by quarter hour, so a change of offset inside an hour is seen (Lord Howe, +10:30 to +11)', () => {
    // Lord Howe Island moves its clocks half an hour at 02:00 local standard time: 2026-10-03 15:30 UTC.
    expect(zoneOffsetMs('Australia/Lord_Howe', Date.parse('2026-10-03T15:29:00Z'))).toBe(10.5 * 60 * MIN);
    expect(zoneOffsetMs('Australia/Lord_Howe', Date.parse('2026-10-03T15:30:00Z'))).toBe(11 * 60 * MIN);
    expect(zoneOffsetMs('Asia/Kathmandu', T0)).toBe(5.75 * 60 * MIN);
  });

  it('takes an unknown zone name as UTC', () => {
    const zone = compileZone(fence({ dailyFrom: 0, dailyTo: 60, timeZone: 'Mars/Olympus_Mons' }), H);
    expect(fenceValidAt(zone, T0 + 30 * MIN)).toBe(true);
    expect(fenceValidAt(zone, T0 + 90 * MIN)).toBe(false);
  });
});

describe('road', () => {
  it('raises nothing on joining the corridor and a deviation on leaving it beyond the hysteresis', () => {
    const d = new Drive(compileZone(road(), H));
    expect(d.at(0, 500, 100)).toEqual([]);
    expect(d.visit).toBeUndefined();
    expect(d.at(1, 500, 19)).toEqual([]);
    expect(d.visit).toBeDefined();
    // Half the width is 20 m: 45 m off the line is 25 m outside the corridor, within the hysteresis.
    expect(d.at(2, 500, -45)).toEqual([]);
    expect(d.visit).toBeDefined();
    expect(d.at(3, 500, -51)).toEqual(['roadDeviation']);
    expect(d.visit).toBeUndefined();
    expect(d.events[0]).toMatchObject({ zoneKind: 'road', zoneId: 3, alarm: false });
    // Far away and not on the road: nothing, however often.
    expect(d.at(4, 5000, 5000)).toEqual([]);
  });

  it('uses each segment’s limit, the road’s where a segment has none, once until back under', () => {
    const d = new Drive(compileZone(road({ speedLimit: 80, segmentLimits: [40, null] }), H));
    expect(d.at(0, 100, 0, 50)).toEqual(['roadOverspeed']);
    expect(d.at(1, 300, 0, 60)).toEqual([]);
    expect(d.at(2, 600, 0, 40)).toEqual([]);
    // Round the corner onto segment 1: 70 is under the road's 80.
    expect(d.at(3, 1000, 300, 70)).toEqual([]);
    expect(d.at(4, 1000, 500, 81)).toEqual(['roadOverspeed']);
    expect(d.types()).toEqual(['roadOverspeed', 'roadOverspeed']);
  });

  it('has no speed rule without limits', () => {
    const d = new Drive(compileZone(road({ speedLimit: null, segmentLimits: null }), H));
    expect(d.at(0, 100, 0, 250)).toEqual([]);
  });
});

describe('compileZone', () => {
  it("gives a search box of the geometry widened by the hysteresis, and a road's by its half width too", () => {
    const f = compileZone(fence(), H);
    const [w, s, e, n] = f.searchBox;
    expect((LNG - w) * KX).toBeGreaterThanOrEqual(H - 1e-6);
    expect((LAT - s) * METRES_PER_DEGREE).toBeCloseTo(H, 6);
    expect((e - off(200, 0)[0]) * KX).toBeGreaterThanOrEqual(H - 1e-6);
    expect((n - off(0, 200)[1]) * METRES_PER_DEGREE).toBeCloseTo(H, 6);
    const r = compileZone(road(), H);
    expect((LAT - r.searchBox[1]) * METRES_PER_DEGREE).toBeCloseTo(20 + H, 6);
    expect(r.def.kind).toBe('road');
  });

  it('keeps the rules of a definition but not its geometry, which the compiled form replaces', () => {
    const def = fence({ speedLimit: 60, maxStayMinutes: 5 });
    const f = compileZone(def, H);
    expect(f.def).not.toHaveProperty('geometry');
    const { geometry: _, ...rules } = def;
    expect(f.def).toEqual(rules);
    const r = compileZone(road(), H);
    expect(r.def).not.toHaveProperty('geometry');
    expect(r.def).toMatchObject({ kind: 'road', width: road().width });
  });
});
