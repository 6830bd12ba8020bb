import {
  DEFAULT_TRIP_PARAMS,
  type DetectorState,
  detectAll,
  newDetector,
  openSegment,
  pushPoint,
  type Segment,
  type StopSegment,
  type TripPoint,
  type TripSegment,
} from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { randomTrack, seeded, Track } from './test-tracks.ts';

const P = DEFAULT_TRIP_PARAMS;
const T0 = Date.UTC(2026, 10, 2, 0, 0, 0);
const H = 3600;

function within(value: number, lo: number, hi: number) {
  expect(value).toBeGreaterThanOrEqual(lo);
  expect(value).toBeLessThanOrEqual(hi);
}

function run(points: TripPoint[]) {
  const { segments, state } = detectAll(points, P);
  return {
    trips: segments.filter((s): s is TripSegment => s.kind === 'trip'),
    stops: segments.filter((s): s is StopSegment => s.kind === 'stop'),
    segments,
    open: openSegment(state),
  };
}

describe('trip and stop detection', () => {
  it('a commute with traffic lights is one trip between two stops', () => {
    const random = seeded(1);
    const t = new Track(T0, 31.2, 121.4, { random }).halt(2 * H, 60, 15);
    const left = t.t;
    t.drive(600, 50).halt(90).drive(420, 40).halt(150).drive(300, 60).halt(60, 5).drive(200, 30);
    const arrived = t.t;
    const drivenTo = t.driven;
    t.halt(H, 30, 20);
    const r = run(t.points);
    expect(r.trips).toHaveLength(1);
    expect(r.stops).toHaveLength(1);
    const trip = r.trips[0]!;
    // The trip leaves when a fix is past the radius (50 km/h: 139 m a fix), from the stop's last fix inside.
    within(trip.start, left, left + 10_000);
    expect(r.stops[0]!.end).toBe(trip.start);
    // The trip ends where the vehicle came within the stop radius of where it parked (30 km/h: 83 m a fix).
    within(trip.end, arrived - 20_000, arrived);
    expect(trip.distance).toBeGreaterThan(drivenTo * 0.97);
    expect(trip.distance).toBeLessThan(drivenTo * 1.03);
    expect(trip.maxSpeed).toBeGreaterThan(55);
    expect(r.open).toMatchObject({ kind: 'stop', start: trip.end });
  });

  it('a night parked with drift is one stop from arrival to departure', () => {
    const random = seeded(2);
    const t = new Track(T0, 39.9, 116.4, { random }).drive(1200, 45);
    const parked = t.t;
    t.halt(10 * H, 300, 40);
    const lastParked = t.t;
    t.drive(900, 50);
    const r = run(t.points);
    expect(r.stops).toHaveLength(1);
    // At 45 km/h, the last fix or two before parking are within 200 m of the spot.
    within(r.stops[0]!.start, parked - 20_000, parked);
    within(r.stops[0]!.end, lastParked, lastParked + 10_000);
    expect(r.trips).toHaveLength(1);
    expect(r.trips[0]!.end).toBe(r.stops[0]!.start);
    expect(r.open).toMatchObject({ kind: 'trip', start: r.stops[0]!.end });
  });

  it('GPS drift while parked never makes a trip', () => {
    const random = seeded(3);
    const t = new Track(T0, 22.5, 114.05, { random }).halt(4 * H, 20, 150);
    // A slow outlier a little further out is neither in nor out of the stop.
    t.point({ lat: t.lat + 330 / 111_320, speed: 2 }).halt(H, 20, 150);
    const r = run(t.points);
    expect(r.trips).toEqual([]);
    expect(r.stops).toEqual([]);
    expect(r.open).toMatchObject({ kind: 'stop', start: T0 + 20_000 });
    expect(r.open!.end).toBe(t.t);
  });

  it('a tunnel gap within the gap setting keeps the trip whole, its distance the straight line across', () => {
    const random = seeded(4);
    const t = new Track(T0, 31.2, 121.4, { random }).halt(600, 60).drive(600, 60).silent(600, 8000).drive(600, 60);
    t.halt(1800, 60);
    const r = run(t.points);
    expect(r.trips).toHaveLength(1);
    expect(r.trips[0]!.distance).toBeGreaterThan(t.driven * 0.97);
    expect(r.trips[0]!.distance).toBeLessThan(t.driven * 1.03);
  });

  it('a gap past the setting ends the trip: elsewhere a new one starts, in place it was a stop', () => {
    const random = seeded(5);
    const t = new Track(T0, 31.2, 121.4, { random }).drive(600, 60);
    const lost = t.t;
    t.silent(2 * H, 30_000);
    const back = t.t + 10_000;
    t.drive(600, 60);
    const parked = t.t;
    t.silent(3 * H).drive(300, 40);
    const r = run(t.points);
    expect(r.trips).toHaveLength(2);
    expect(r.trips[0]).toMatchObject({ start: T0 + 10_000, end: lost });
    expect(r.trips[1]!.start).toBe(back);
    within(r.trips[1]!.end, parked - 10_000, parked);
    expect(r.stops).toHaveLength(1);
    expect(r.stops[0]!.start).toBe(r.trips[1]!.end);
    expect(r.stops[0]!.end).toBe(parked + 3 * H * 1000 + 10_000);
  });

  it('a device that reports ACC: off is stopped wherever the fix drifts, a short stall does not split the trip', () => {
    const random = seeded(6);
    const t = new Track(T0, 30.5, 114.3, { acc: true, random }).halt(3 * H, 120, 600, false);
    const left = t.t;
    t.drive(900, 50).halt(60, 10, 0, false).drive(900, 50);
    // Idling with ACC on, in place, for ten minutes is a stop too.
    const idle = t.t;
    t.halt(600, 10, 0, true).drive(600, 40);
    const r = run(t.points);
    expect(r.stops).toHaveLength(2);
    within(r.stops[0]!.end, left, left + 10_000);
    // Leaving at 40 km/h, the first fix (111 m on) is still within the radius.
    within(r.stops[1]!.end, idle + 600_000, idle + 610_000);
    expect(r.trips).toHaveLength(1);
    expect(r.trips[0]!.start).toBe(r.stops[0]!.end);
    within(r.trips[0]!.end, idle - 20_000, idle);
    expect(r.stops[1]!.start).toBe(r.trips[0]!.end);
  });

  it('an ACC device that reports no speed still leaves its stop once clearly away', () => {
    const t = new Track(T0, 30.5, 114.3, { acc: true, random: seeded(7) }).halt(H, 60, 0, false);
    const left = t.t;
    t.drive(900, 40, 30);
    const moving = t.points.map((p) => (p.time > left ? { ...p, speed: 0 } : p));
    const r = run(moving);
    expect(r.stops).toHaveLength(1);
    expect(r.stops[0]!.end).toBe(left);
    expect(r.open).toMatchObject({ kind: 'trip', start: left });
  });

  it('distance from the odometer when the device sends one, from the fixes past a reset', () => {
    const t = new Track(T0, 31.2, 121.4, { odometer: true, random: seeded(8) }).halt(600, 60).drive(1200, 50);
    t.halt(600, 60);
    const r = run(t.points);
    // The simulated odometer counts 5 % over the straight steps (a road's curves).
    expect(r.trips[0]!.distance).toBeGreaterThan(t.driven * 1.03);
    const reset = t.points.map((p, i) => (i > 40 ? { ...p, odometer: p.odometer! - 900_000 } : p));
    const d = run(reset).trips[0]!.distance;
    expect(d).toBeGreaterThan(t.driven * 0.98);
    expect(d).toBeLessThan(t.driven * 1.06);
  });

  it('fixes without GPS count for nothing', () => {
    const t = new Track(T0, 31.2, 121.4, { random: seeded(9) }).halt(600, 60).drive(600, 50).halt(600, 60);
    const noisy = t.points.flatMap((p) => [p, { ...p, time: p.time + 1, valid: false, lat: 0, lon: 0 }]);
    expect(run(noisy).segments).toEqual(run(t.points).segments);
  });
});

describe('trip detection properties over random tracks', () => {
  const tracks = Array.from({ length: 40 }, (_, i) => randomTrack(seeded(100 + i), T0, 72, i % 3 === 0));

  it('fed one fix at a time through JSON, the state gives what one run gives', () => {
    tracks.forEach((points, i) => {
      const whole = run(points);
      const random = seeded(900 + i);
      let s: DetectorState = newDetector();
      const out: Segment[] = [];
      for (const p of points) {
        pushPoint(s, p, P, out);
        if (random() < 0.1) s = JSON.parse(JSON.stringify(s)) as DetectorState;
      }
      expect(out).toEqual(whole.segments);
      expect(openSegment(s)).toEqual(whole.open);
    });
  });

  it('rerun afresh from any stop start, the segments from there on are the same (how a late fix rebuilds)', () => {
    let checked = 0;
    for (const points of tracks) {
      const whole = run(points);
      const starts = whole.stops.map((s) => s.start);
      if (whole.open?.kind === 'stop') starts.push(whole.open.start);
      for (const from of starts) {
        const again = run(points.filter((p) => p.time >= from));
        expect(again.segments).toEqual(whole.segments.filter((s) => s.start >= from));
        expect(again.open).toEqual(whole.open);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('segments follow one another: a trip and the stop after it meet, nothing overlaps', () => {
    for (const points of tracks) {
      const { segments } = run(points);
      for (let i = 1; i < segments.length; i++) expect(segments[i]!.start).toBeGreaterThanOrEqual(segments[i - 1]!.end);
      for (const s of segments) {
        expect(s.end).toBeGreaterThan(s.start);
        if (s.kind === 'stop') expect(s.end - s.start).toBeGreaterThanOrEqual(P.stopSeconds * 1000);
      }
    }
  });
});
