import { describe, expect, it } from 'vitest';
import { splitTrip, type TripPoint, type TripSegment } from './trips.ts';

const MIN = 60_000;
/** 2026-11-20 00:00 in Shanghai. */
const MIDNIGHT = Date.parse('2026-11-20T00:00:00+08:00');

/** A trip of fixes a minute apart from 23:40 to 00:20, each step 1,000 m by the odometer, at 60 km/h. */
function nightDrive(): { trip: TripSegment; points: TripPoint[] } {
  const points: TripPoint[] = [];
  for (let m = -20; m <= 20; m++)
    points.push({
      time: MIDNIGHT + m * MIN,
      lat: 31 + (m + 20) * 0.009,
      lon: 121,
      speed: m === -20 ? 0 : m < 0 ? 60 : 50,
      valid: true,
      odometer: 1_000_000 + (m + 20) * 1000,
    });
  const trip: TripSegment = {
    kind: 'trip',
    start: MIDNIGHT - 20 * MIN,
    end: MIDNIGHT + 20 * MIN,
    startLat: 31,
    startLon: 121,
    endLat: 31.36,
    endLon: 121,
    distance: 40_000,
    maxSpeed: 60,
  };
  return { trip, points };
}

describe('splitTrip', () => {
  it('cuts a trip at midnight by its fixes: each step to the part its later fix falls in', () => {
    const { trip, points } = nightDrive();
    // 23:41 … 00:00 are 20 steps before midnight (the fix at 00:00 closes the first part), 00:01 … 00:20 after.
    expect(splitTrip(trip, points, [MIDNIGHT])).toEqual([
      { start: MIDNIGHT - 20 * MIN, end: MIDNIGHT, distance: 20_000, maxSpeed: 60 },
      { start: MIDNIGHT, end: MIDNIGHT + 20 * MIN, distance: 20_000, maxSpeed: 50 },
    ]);
  });

  it('keeps the total the trip’s own and ignores cuts outside it', () => {
    const { trip, points } = nightDrive();
    // Two fixes lost since (00:05, 00:06): their steps fold into the next one, the sum is still 40,000 m.
    const lost = points.filter((p) => p.time !== MIDNIGHT + 5 * MIN && p.time !== MIDNIGHT + 6 * MIN);
    const parts = splitTrip(trip, lost, [
      MIDNIGHT - 60 * MIN,
      MIDNIGHT - 5 * MIN,
      MIDNIGHT + 10 * MIN,
      MIDNIGHT + 90 * MIN,
    ]);
    expect(parts.map((p) => [p.end - p.start, p.distance])).toEqual([
      [15 * MIN, 15_000],
      [15 * MIN, 15_000],
      [10 * MIN, 10_000],
    ]);
    expect(splitTrip(trip, [], [MIDNIGHT])).toEqual([
      { start: trip.start, end: trip.end, distance: 40_000, maxSpeed: 60 },
    ]);
  });

  it('measures great-circle steps without an odometer, as the detector does', () => {
    const { trip, points } = nightDrive();
    const plain = points.map(({ odometer: _, ...p }) => p);
    // 0.009° of latitude is 1,000.76 m on a sphere of 6,371,008.8 m: 20 steps before midnight.
    const [first, second] = splitTrip(trip, plain, [MIDNIGHT]);
    expect(first!.distance).toBeCloseTo(20 * 6_371_008.8 * ((0.009 * Math.PI) / 180), 3);
    expect(second!.distance).toBeCloseTo(40_000 - first!.distance, 6);
  });
});
