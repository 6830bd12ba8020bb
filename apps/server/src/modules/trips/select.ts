import type { StopSegment, TripSegment } from '@lodestar/domain';

export interface Segments {
  trips: TripSegment[];
  stops: StopSegment[];
}

const overlaps = (s: { start: number; end: number }, from: number, to: number) => s.start <= to && s.end >= from;

/**
 * The trips and stops a period answers (ms), from the device's segments around it in time order: every
 * row overlapping the period, whole, so a day asked alone and inside a longer range agree. A stop shorter
 * than `minStopMs` does not end a trip: the trips on either side of it merge and it is not listed. Trips
 * merge only across a stop that joins them; across a gap in the data they stay apart.
 */
export function selectSegments(all: Segments, from: number, to: number, minStopMs: number): Segments {
  const stopAt = new Map(all.stops.map((s) => [s.start, s]));
  const trips: TripSegment[] = [];
  let cur: TripSegment | undefined;
  for (const t of all.trips) {
    const between = cur && stopAt.get(cur.end);
    if (cur && between && between.end === t.start && between.end - between.start < minStopMs) {
      cur = {
        ...cur,
        end: t.end,
        endLat: t.endLat,
        endLon: t.endLon,
        distance: cur.distance + t.distance,
        maxSpeed: Math.max(cur.maxSpeed, t.maxSpeed),
      };
      continue;
    }
    if (cur && overlaps(cur, from, to)) trips.push(cur);
    cur = t;
  }
  if (cur && overlaps(cur, from, to)) trips.push(cur);
  const stops = all.stops.filter((s) => s.end - s.start >= minStopMs && overlaps(s, from, to));
  return { trips, stops };
}
