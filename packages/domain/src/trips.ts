/**
 * Trips and stops of one device (issue #16): an incremental state machine fed the device's stored fixes
 * in time order. It emits each trip and stop once it is closed and exposes the segment still open; its
 * state is plain JSON, so the ingest persists it and resumes after a restart where it stopped.
 *
 * The rules:
 * - A stop is at least `stopSeconds` spent within `stopMetres` of where it began (the centre is the mean
 *   of the fixes inside, so GPS drift around a parked vehicle stays inside), or with ACC off when the
 *   device reports ACC. Shorter halts (traffic lights, queues) do not end a trip.
 * - Leaving a stop takes a fix outside the radius that is moving (speed at least MOVING_KMH) or clearly
 *   away (twice the radius): a slow drifting fix just outside the radius is neither in nor out.
 * - More than `gapSeconds` without a valid fix ends a trip. When the device comes back where it was, the
 *   time across the gap was spent parked there: a stop. Elsewhere, a new segment starts at the new fix.
 * - Distance comes from the device's odometer between two fixes when both carry one and the step is
 *   plausible (no reset, not faster than 300 km/h), otherwise from the great-circle step between valid
 *   fixes. Fixes without GPS (valid false) carry no position: they do not count at all.
 */

export interface TripPoint {
  /** Fix time, ms since the epoch. */
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  valid: boolean;
  acc?: boolean | undefined;
  /** Total odometer, metres, when the device reports one. */
  odometer?: number | undefined;
}

export interface TripParams {
  stopSeconds: number;
  stopMetres: number;
  gapSeconds: number;
}

/** The defaults of the HISTORY_STOP_SECONDS, HISTORY_STOP_METRES and HISTORY_GAP_SECONDS settings. */
export const DEFAULT_TRIP_PARAMS: TripParams = { stopSeconds: 180, stopMetres: 200, gapSeconds: 3600 };

/** Below this speed (km/h) a fix just outside a stop's radius is taken for drift, not a departure. */
export const TRIP_MOVING_KMH = 5;

export interface TripSegment {
  kind: 'trip';
  /** ms since the epoch */
  start: number;
  end: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  /** metres */
  distance: number;
  /** km/h */
  maxSpeed: number;
}

export interface StopSegment {
  kind: 'stop';
  start: number;
  end: number;
  lat: number;
  lon: number;
}

export type Segment = TripSegment | StopSegment;

interface Fixed {
  t: number;
  lat: number;
  lon: number;
  odo: number | null;
}

/** Where a possible stop began, its centre so far, and the trip's totals at its first fix. */
interface Candidate {
  t: number;
  lat: number;
  lon: number;
  cLat: number;
  cLon: number;
  n: number;
  dist: number;
  max: number;
}

export interface DetectorState {
  v: 1;
  mode: 'none' | 'trip' | 'stop';
  /** The latest fix time fed (valid or not): a fix at or before it is late. */
  watermark: number | null;
  /** The latest valid fix. */
  prev: Fixed | null;
  trip: { t: number; lat: number; lon: number; dist: number; max: number } | null;
  cand: Candidate | null;
  /** The open stop: its start, centre (mean of `n` fixes) and its latest fix inside. */
  stop: { t: number; cLat: number; cLon: number; n: number; last: Fixed } | null;
}

export function newDetector(): DetectorState {
  return { v: 1, mode: 'none', watermark: null, prev: null, trip: null, cand: null, stop: null };
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export function metresBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** 300 km/h in m/s: an odometer step faster than this is a reset or a glitch. */
const MAX_ODOMETER_MS = 300 / 3.6;

function step(a: Fixed, p: TripPoint): number {
  if (a.odo !== null && p.odometer !== undefined) {
    const d = p.odometer - a.odo;
    // A coarse odometer (JT/T 808 counts 100 m) may step once between two close fixes: allow for it.
    if (d >= 0 && d <= Math.max(1, (p.time - a.t) / 1000) * MAX_ODOMETER_MS + 200) return d;
  }
  return metresBetween(a.lat, a.lon, p.lat, p.lon);
}

function fixOf(p: TripPoint): Fixed {
  return { t: p.time, lat: p.lat, lon: p.lon, odo: p.odometer ?? null };
}

function candidateAt(p: TripPoint, dist: number, max: number): Candidate {
  return { t: p.time, lat: p.lat, lon: p.lon, cLat: p.lat, cLon: p.lon, n: 1, dist, max };
}

function addToCentre(c: { cLat: number; cLon: number; n: number }, p: TripPoint): void {
  c.n++;
  c.cLat += (p.lat - c.cLat) / c.n;
  c.cLon += (p.lon - c.cLon) / c.n;
}

/** A segment starts at `p` not knowing yet whether the device moves: a trip that becomes a stop if it stays. */
function startFresh(s: DetectorState, p: TripPoint): void {
  s.mode = 'trip';
  s.trip = { t: p.time, lat: p.lat, lon: p.lon, dist: 0, max: p.speed };
  s.cand = candidateAt(p, 0, p.speed);
  s.stop = null;
}

function closeTripAt(s: DetectorState, end: Fixed, dist: number, max: number, out: Segment[]): void {
  const t = s.trip!;
  if (end.t > t.t)
    out.push({
      kind: 'trip',
      start: t.t,
      end: end.t,
      startLat: t.lat,
      startLon: t.lon,
      endLat: end.lat,
      endLon: end.lon,
      distance: dist,
      maxSpeed: max,
    });
  s.trip = null;
  s.cand = null;
}

/** The trip ends where its candidate stop began; the stop opens there, `last` its latest fix inside. */
function becomeStop(s: DetectorState, last: Fixed, out: Segment[]): void {
  const c = s.cand!;
  closeTripAt(s, { t: c.t, lat: c.lat, lon: c.lon, odo: null }, c.dist, c.max, out);
  s.mode = 'stop';
  s.stop = { t: c.t, cLat: c.cLat, cLon: c.cLon, n: c.n, last };
}

function closeStop(s: DetectorState, out: Segment[]): void {
  const st = s.stop!;
  if (st.last.t > st.t) out.push({ kind: 'stop', start: st.t, end: st.last.t, lat: st.cLat, lon: st.cLon });
  s.stop = null;
}

/**
 * Feeds one fix; closed segments are appended to `out`. Fixes must come in time order: one at or before
 * the watermark is ignored here (the caller rebuilds the device from before it instead).
 */
export function pushPoint(s: DetectorState, p: TripPoint, params: TripParams, out: Segment[]): void {
  if (s.watermark !== null && p.time <= s.watermark) return;
  s.watermark = p.time;
  if (!p.valid) return;
  const prev = s.prev;
  s.prev = fixOf(p);
  if (s.mode === 'none' || prev === null) {
    startFresh(s, p);
    return;
  }
  const radius = params.stopMetres;
  if (p.time - prev.t > params.gapSeconds * 1000) {
    afterGap(s, p, prev, radius, out);
    return;
  }
  if (s.mode === 'trip') {
    const trip = s.trip!;
    trip.dist += step(prev, p);
    if (p.speed > trip.max) trip.max = p.speed;
    const c = s.cand!;
    const inside = metresBetween(c.cLat, c.cLon, p.lat, p.lon) <= radius;
    if (inside || p.acc === false) {
      if (inside) addToCentre(c, p);
      if (p.time - c.t >= params.stopSeconds * 1000) becomeStop(s, s.prev, out);
    } else s.cand = candidateAt(p, trip.dist, trip.max);
    return;
  }
  const st = s.stop!;
  const away = metresBetween(st.cLat, st.cLon, p.lat, p.lon);
  if (away <= radius || p.acc === false) {
    if (away <= radius) addToCentre(st, p);
    st.last = s.prev;
    return;
  }
  if (p.speed < TRIP_MOVING_KMH && away <= 2 * radius) return;
  // Departure: the trip starts at the stop's latest fix inside, the fixes in between (drift) left out.
  const from = st.last;
  closeStop(s, out);
  const dist = step(from, p);
  s.mode = 'trip';
  s.trip = { t: from.t, lat: from.lat, lon: from.lon, dist, max: p.speed };
  s.cand = candidateAt(p, dist, p.speed);
}

function afterGap(s: DetectorState, p: TripPoint, prev: Fixed, radius: number, out: Segment[]): void {
  if (s.mode === 'trip') {
    const c = s.cand!;
    if (metresBetween(c.cLat, c.cLon, p.lat, p.lon) <= radius) {
      // Back where it was: parked across the gap since the candidate stop began.
      addToCentre(c, p);
      becomeStop(s, s.prev!, out);
      return;
    }
    const trip = s.trip!;
    closeTripAt(s, prev, trip.dist, trip.max, out);
  } else {
    const st = s.stop!;
    if (metresBetween(st.cLat, st.cLon, p.lat, p.lon) <= radius) {
      addToCentre(st, p);
      st.last = s.prev!;
      return;
    }
    closeStop(s, out);
  }
  startFresh(s, p);
}

/** The segment still open, as far as the fixes go; none while it is not yet known whether the device moves. */
export function openSegment(s: DetectorState): Segment | null {
  if (s.mode === 'stop') {
    const st = s.stop!;
    return st.last.t > st.t ? { kind: 'stop', start: st.t, end: st.last.t, lat: st.cLat, lon: st.cLon } : null;
  }
  if (s.mode === 'trip') {
    const t = s.trip!;
    const c = s.cand!;
    const end = s.prev!;
    if (c.t === t.t || end.t <= t.t) return null;
    return {
      kind: 'trip',
      start: t.t,
      end: end.t,
      startLat: t.lat,
      startLon: t.lon,
      endLat: end.lat,
      endLon: end.lon,
      distance: t.dist,
      maxSpeed: t.max,
    };
  }
  return null;
}

/** The open segment's kind and start, even while it is not yet known whether the device moves. */
export function openStart(s: DetectorState): { kind: 'trip' | 'stop'; start: number } | null {
  if (s.mode === 'stop') return { kind: 'stop', start: s.stop!.t };
  if (s.mode === 'trip') return { kind: 'trip', start: s.trip!.t };
  return null;
}

/** Every closed segment of a run of fixes from a fresh detector, and the state it ends in. */
export function detectAll(
  points: Iterable<TripPoint>,
  params: TripParams,
  state: DetectorState = newDetector(),
): { segments: Segment[]; state: DetectorState } {
  const segments: Segment[] = [];
  for (const p of points) pushPoint(state, p, params, segments);
  return { segments, state };
}

/** A piece of a trip between two cuts: its own span, distance (metres) and top speed (km/h). */
export interface TripPart {
  start: number;
  end: number;
  distance: number;
  maxSpeed: number;
}

/**
 * A trip cut at the given times (midnights of a zone, a period's edges) into its parts, in time order, by the fixes
 * it was made of: each step between two fixes counts as the detector counted it (odometer or great circle) and
 * belongs to the part its later fix falls in (a fix exactly at a cut closes the part before it). The parts' distances
 * add up to the trip's own: the last part takes what is left, so a fix lost since the trip was closed shifts metres
 * between parts but never changes the total. Cuts outside the trip are ignored; without fixes it stays one part.
 */
export function splitTrip(trip: TripSegment, points: readonly TripPoint[], cuts: readonly number[]): TripPart[] {
  const inside = [...new Set(cuts)].filter((c) => c > trip.start && c < trip.end).sort((a, b) => a - b);
  const bounds = [trip.start, ...inside, trip.end];
  const parts: TripPart[] = bounds.slice(1).map((end, i) => ({ start: bounds[i]!, end, distance: 0, maxSpeed: 0 }));
  let prev: Fixed | null = null;
  let part = 0;
  let seen = false;
  for (const p of points) {
    if (!p.valid || p.time < trip.start || p.time > trip.end || (prev && p.time <= prev.t)) continue;
    while (p.time > parts[part]!.end) part++;
    if (prev) parts[part]!.distance += step(prev, p);
    parts[part]!.maxSpeed = Math.max(parts[part]!.maxSpeed, p.speed);
    prev = fixOf(p);
    seen = true;
  }
  if (!seen) return [{ start: trip.start, end: trip.end, distance: trip.distance, maxSpeed: trip.maxSpeed }];
  const last = parts.at(-1)!;
  last.distance = Math.max(0, trip.distance - parts.slice(0, -1).reduce((n, x) => n + x.distance, 0));
  return parts;
}
