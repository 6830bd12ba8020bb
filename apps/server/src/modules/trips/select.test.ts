import { DEFAULT_TRIP_PARAMS, detectAll, openSegment, type StopSegment, type TripSegment } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { type Segments, selectSegments } from './select.ts';
import { randomTrack, seeded } from './test-tracks.ts';

const T0 = Date.UTC(2026, 9, 1, 16, 0, 0);
const DAY = 86_400_000;

function segmentsOf(seed: number, acc: boolean): Segments {
  const { segments, state } = detectAll(randomTrack(seeded(seed), T0, 24 * 12, acc), DEFAULT_TRIP_PARAMS);
  const open = openSegment(state);
  const all = open ? [...segments, open] : segments;
  return {
    trips: all.filter((s): s is TripSegment => s.kind === 'trip'),
    stops: all.filter((s): s is StopSegment => s.kind === 'stop'),
  };
}

describe('the trips and stops of a period', () => {
  it('a day asked alone answers what it answers inside a range of days, whatever MinStopSeconds (random tracks)', () => {
    const random = seeded(7);
    let rows = 0;
    for (let seed = 0; seed < 12; seed++) {
      const all = segmentsOf(300 + seed, seed % 4 === 0);
      for (let k = 0; k < 10; k++) {
        const minStop = [180, 180, 300, 900, 3600, 4 * 3600][Math.floor(random() * 6)]! * 1000;
        const first = Math.floor(random() * 8);
        const days = 1 + Math.floor(random() * 3);
        const from = T0 + first * DAY;
        const to = from + days * DAY - 1000;
        const whole = selectSegments(all, from, to, minStop);
        for (let d = 0; d < days; d++) {
          const [lo, hi] = [from + d * DAY, from + (d + 1) * DAY - 1000];
          const alone = selectSegments(all, lo, hi, minStop);
          const inside = (s: { start: number; end: number }) => s.start <= hi && s.end >= lo;
          expect(alone.trips).toEqual(whole.trips.filter(inside));
          expect(alone.stops).toEqual(whole.stops.filter(inside));
          rows += alone.trips.length + alone.stops.length;
        }
      }
    }
    expect(rows).toBeGreaterThan(500);
  });

  it('merges the trips on either side of a stop shorter than MinStopSeconds, never across a gap', () => {
    const trip = (start: number, end: number, distance: number): TripSegment => ({
      kind: 'trip',
      start,
      end,
      startLat: start,
      startLon: 0,
      endLat: end,
      endLon: 0,
      distance,
      maxSpeed: distance / 10,
    });
    const all: Segments = {
      trips: [trip(0, 100, 10), trip(400, 500, 20), trip(5000, 5100, 40), trip(9000, 9100, 80)],
      stops: [
        { kind: 'stop', start: 100, end: 400, lat: 1, lon: 1 },
        { kind: 'stop', start: 500, end: 4000, lat: 2, lon: 2 },
      ],
    };
    const at = (min: number) =>
      selectSegments(all, 0, 10_000, min * 1000).trips.map((t) => [t.start, t.end, t.distance]);
    expect(at(0.2)).toEqual([
      [0, 100, 10],
      [400, 500, 20],
      [5000, 5100, 40],
      [9000, 9100, 80],
    ]);
    expect(at(1)).toEqual([
      [0, 500, 30],
      [5000, 5100, 40],
      [9000, 9100, 80],
    ]);
    // The second stop ends at 4000 but the next trip starts at 5000 (a gap): it never merges.
    expect(at(100)).toEqual([
      [0, 500, 30],
      [5000, 5100, 40],
      [9000, 9100, 80],
    ]);
    expect(selectSegments(all, 0, 10_000, 1000).stops.map((s) => s.start)).toEqual([500]);
  });
});
