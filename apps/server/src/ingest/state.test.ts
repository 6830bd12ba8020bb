import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, judgeFix } from './filters.ts';
import { applyFix, applyStatus, distanceKm, EMPTY_STATE, type Fix, isOnline, lifeState, mapStatus } from './state.ts';

const t0 = new Date('2026-11-01T08:00:00Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const fix = (over: Partial<Fix> = {}): Fix => ({
  fixTime: t0,
  valid: true,
  lat: 31.2304,
  lon: 121.4737,
  speedKmh: 0,
  course: 0,
  satellites: 9,
  alarms: [],
  attributes: {},
  ...over,
});
const rules = { speedLimit: 0, overspeedSeconds: 5 };

describe('derived device state', () => {
  it('accumulates mileage between consecutive valid fixes', () => {
    const a = applyFix(EMPTY_STATE, fix(), t0, rules).state;
    const b = applyFix(a, fix({ fixTime: at(60), lat: 31.2404 }), at(60), rules).state;
    expect(b.mileage).toBeCloseTo(distanceKm(31.2304, 121.4737, 31.2404, 121.4737), 6);
    expect(b.mileage).toBeGreaterThan(1.1);
    expect(b.mileage).toBeLessThan(1.12);
  });

  it('raises ignition on/off only on a change, and an alarm once until released', () => {
    const a = applyFix(EMPTY_STATE, fix({ attributes: { acc: false } }), t0, rules);
    expect(a.events).toEqual([]);
    const b = applyFix(a.state, fix({ fixTime: at(10), attributes: { acc: true }, alarms: ['sos'] }), at(10), rules);
    expect(b.events.map((e) => e.type + (e.alarm ?? ''))).toEqual(['ignitionOn', 'alarmsos']);
    const c = applyFix(b.state, fix({ fixTime: at(20), attributes: { acc: true }, alarms: ['sos'] }), at(20), rules);
    expect(c.events).toEqual([]);
    expect(c.state.alarms).toEqual(['sos']);
  });

  it('raises overspeed only after the speed stayed above the limit for the set seconds', () => {
    const r = { speedLimit: 80, overspeedSeconds: 5 };
    let s = applyFix(EMPTY_STATE, fix({ speedKmh: 90 }), t0, r);
    expect(s.events).toEqual([]);
    s = applyFix(s.state, fix({ fixTime: at(3), speedKmh: 95 }), at(3), r);
    expect(s.events).toEqual([]);
    s = applyFix(s.state, fix({ fixTime: at(6), speedKmh: 92 }), at(6), r);
    expect(s.events).toMatchObject([{ type: 'alarm', alarm: 'overspeed' }]);
    // Dropping below the limit resets the clock.
    const slow = applyFix(EMPTY_STATE, fix({ speedKmh: 90 }), t0, r);
    const dip = applyFix(slow.state, fix({ fixTime: at(3), speedKmh: 60 }), at(3), r);
    const again = applyFix(dip.state, fix({ fixTime: at(6), speedKmh: 90 }), at(6), r);
    expect(again.events).toEqual([]);
  });

  it('keeps the alarms of a device in alarm through fixes that report none, and never changes an earlier state', () => {
    const r = { speedLimit: 80, overspeedSeconds: 0 };
    const before = applyFix(EMPTY_STATE, fix({ alarms: ['sos'] }), t0, r).state;
    const quiet = applyFix(before, fix({ fixTime: at(10) }), at(10), r);
    expect(quiet.state.alarms).toEqual(['sos']);
    expect(quiet.events).toEqual([]);
    // Overspeed joins them in a new list: the state before still holds only its own.
    const fast = applyFix(quiet.state, fix({ fixTime: at(20), speedKmh: 95 }), at(20), r);
    expect(fast.state.alarms).toEqual(['sos', 'overspeed']);
    expect(quiet.state.alarms).toEqual(['sos']);
    expect(before.alarms).toEqual(['sos']);
    expect(EMPTY_STATE.alarms).toEqual([]);
    const fromEmpty = applyFix(EMPTY_STATE, fix({ speedKmh: 95 }), t0, r);
    expect(fromEmpty.state.alarms).toEqual(['overspeed']);
    expect(EMPTY_STATE.alarms).toEqual([]);
  });

  it('maps a state to the statuses of spec section 4', () => {
    const now = at(0);
    expect(mapStatus(undefined, false)).toBe('unused');
    const moving = applyFix(EMPTY_STATE, fix({ speedKmh: 40, attributes: { acc: true } }), t0, rules).state;
    expect(mapStatus(moving, true)).toBe('moving');
    expect(mapStatus(moving, false)).toBe('offline');
    expect(mapStatus({ ...moving, speed: 0 }, true)).toBe('still');
    expect(mapStatus({ ...moving, acc: false, speed: 0 }, true)).toBe('ignitionOff');
    expect(mapStatus({ ...moving, satellites: 2 }, true)).toBe('weakGps');
    expect(mapStatus(applyStatus(moving, ['powerCut'], {}, now).state, true)).toBe('alarm');
    expect(isOnline(moving, at(60), 600_000)).toBe(true);
    expect(isOnline(moving, at(601), 600_000)).toBe(false);
    expect(isOnline({ ...moving, connected: true }, at(9999), 600_000)).toBe(true);
  });

  it('tells the device states of spec section 4 apart', () => {
    const seen = applyFix(EMPTY_STATE, fix(), t0, rules).state;
    expect(lifeState(undefined, false, at(0))).toBe('inactivated');
    expect(lifeState(seen, true, at(0))).toBe('normal');
    expect(lifeState(seen, false, at(3600))).toBe('offline');
    expect(lifeState(seen, false, at(8 * 86_400))).toBe('downtime');
    // Activated by a user before its first report: expected to report from then on.
    expect(lifeState(undefined, false, at(3600), at(0))).toBe('offline');
    expect(lifeState(undefined, false, at(8 * 86_400), at(0))).toBe('downtime');
    expect(lifeState(seen, true, at(3600), at(-86_400))).toBe('normal');
  });
});

describe('ingest filters', () => {
  const latest = applyFix(EMPTY_STATE, fix(), t0, rules).state;
  const now = at(0);
  it('drops no-fix, zero, duplicate, future and impossible-jump fixes, each with its reason', () => {
    expect(judgeFix(fix({ valid: false }), latest, now, DEFAULT_FILTERS)).toEqual({ store: false, reason: 'noFix' });
    expect(judgeFix(fix({ lat: 0, lon: 0, fixTime: at(5) }), latest, now, DEFAULT_FILTERS)).toMatchObject({
      reason: 'zeroCoordinates',
    });
    expect(judgeFix(fix(), latest, now, DEFAULT_FILTERS)).toMatchObject({ reason: 'duplicate' });
    expect(judgeFix(fix({ fixTime: at(3600) }), latest, now, DEFAULT_FILTERS)).toMatchObject({ reason: 'future' });
    // Shanghai to Beijing in a minute.
    expect(judgeFix(fix({ fixTime: at(60), lat: 39.9, lon: 116.4 }), latest, at(60), DEFAULT_FILTERS)).toMatchObject({
      reason: 'jump',
    });
  });

  it('keeps an older out-of-order fix for history but not for the latest state', () => {
    expect(judgeFix(fix({ fixTime: at(-60) }), latest, now, DEFAULT_FILTERS)).toEqual({ store: true, latest: false });
    expect(judgeFix(fix({ fixTime: at(60), lat: 31.231 }), latest, at(60), DEFAULT_FILTERS)).toEqual({
      store: true,
      latest: true,
    });
  });

  it('lets each filter be turned off', () => {
    const off = { noFix: false, zeroCoordinates: false, duplicates: false, futureMs: 0, maxJumpKmh: 0 };
    expect(judgeFix(fix({ valid: false, fixTime: at(5) }), latest, now, off)).toEqual({ store: true, latest: true });
    expect(judgeFix(fix(), latest, now, off)).toEqual({ store: true, latest: true });
  });
});
