/**
 * The fence engine's rules (issue #17), pure: one zone, the device's visit of it (undefined: outside) and one
 * fix in, the next visit and the events out. The ingest keeps the visits (zone_states) and the index that
 * picks which zones to step; everything decided about a crossing is decided here, so it is tested with a
 * fake clock and no database.
 *
 * Hysteresis against GPS jitter (ZONE_LIMITS.hysteresisMetres, 30 m; the caller passes it): entering takes any
 * fix inside (a fence's boundary counts as inside; a road's corridor is half its width either side of the
 * line), but a device inside leaves only with a fix more than the hysteresis beyond that boundary. A fix
 * outside by less keeps the visit as it was, stay timer and speed rule included, so a parked car whose fixes
 * wander 10–20 m across the edge enters once and does not leave. A fence smaller than the hysteresis still
 * works; the device just leaves it that much later.
 *
 * Valid time: a fence records events only between ValidFrom and ValidTo and inside its daily window (minutes
 * of the day in the fence's time zone, both ends inclusive to the minute, a window whose end is before its
 * start running over midnight). Outside them the visit is still tracked (so entering at 07:55 for an 08:00
 * window records no entry at 08:00, and leaving at 09:00 does record a leave); an overspeed or stay that
 * comes due outside them fires at the first fix once valid. Roads have no valid time.
 *
 * Visits are immutable: stepZone answers the same visit object when nothing about it changed, so the caller
 * writes zone_states only when the object differs. A fix older than the visit's start changes nothing (the
 * caller feeds fixes in time order; a late one cannot reopen the past).
 */
import { formatInZone } from './time.ts';
import {
  type CompiledFence,
  type CompiledLine,
  compileFence,
  compileLine,
  fenceContains,
  fenceDistanceWithin,
  inBBox,
  lineDistanceWithin,
  widenBBox,
} from './zone-locate.ts';
import type { BBox, FenceGeometry, FenceRecordType, LineGeometry, ZoneEventType } from './zones.ts';

export interface FenceDef {
  kind: 'fence';
  id: number;
  name: string;
  geometry: FenceGeometry;
  recordType: FenceRecordType;
  triggerAlarm: boolean;
  /** ms since the epoch; null: open. */
  validFrom: number | null;
  validTo: number | null;
  /** Minutes after midnight in `timeZone`; null: all day. To < from runs over midnight. */
  dailyFrom: number | null;
  dailyTo: number | null;
  timeZone: string;
  /** km/h; null: none. */
  speedLimit: number | null;
  maxStayMinutes: number | null;
}

export interface RoadDef {
  kind: 'road';
  id: number;
  name: string;
  geometry: LineGeometry;
  /** metres, the whole corridor */
  width: number;
  speedLimit: number | null;
  /** One per segment; null entries (or no array) fall back to speedLimit. */
  segmentLimits: (number | null)[] | null;
  triggerAlarm: boolean;
}

export type ZoneDef = FenceDef | RoadDef;

/**
 * What a compiled zone keeps of its definition: everything but the geometry, whose compiled form replaces it. The
 * parsed GeoJSON (ten thousand fences: ~100,000 small arrays) would otherwise stay reachable for as long as the
 * zone is loaded, for every major GC of the ingest to mark.
 */
export type ZoneRules = Omit<FenceDef, 'geometry'> | Omit<RoadDef, 'geometry'>;

/** A zone prepared for fast tests (projected rings, segment boxes …): made once per zone change, stepped per fix. */
export interface CompiledZone {
  readonly def: ZoneRules;
  /** Where a fix may be and the zone still concern it: the geometry's box widened by the hysteresis (and a road's half width). */
  readonly searchBox: BBox;
}

/** Inside the zone since `enteredAt` (ms); undefined when outside. */
export interface ZoneVisit {
  enteredAt: number;
  /** Above the zone's limit now: the overspeed event fired and waits for the speed to come back under. */
  overspeed: boolean;
  /** This visit's max-stay event fired. */
  stayFired: boolean;
}

export interface ZoneFix {
  /** ms since the epoch */
  time: number;
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
  valid: boolean;
}

export interface ZoneEvent {
  type: ZoneEventType;
  zoneKind: 'fence' | 'road';
  zoneId: number;
  /** The zone triggers alarms (the event is an alarm on the device), or it is only recorded. */
  alarm: boolean;
  time: number;
  lat: number;
  lng: number;
  speed: number;
}

/** What compileZone adds to a CompiledZone; only compileZone makes one. */
interface PreparedFence extends CompiledZone {
  readonly def: Omit<FenceDef, 'geometry'>;
  readonly fence: CompiledFence;
  readonly timeZone: string;
}
interface PreparedRoad extends CompiledZone {
  readonly def: Omit<RoadDef, 'geometry'>;
  readonly line: CompiledLine;
  /** The line's box widened by half the width: where a fix may enter. */
  readonly corridorBox: BBox;
}

/** A zone name Intl does not know falls back to UTC rather than stopping the ingest. */
function knownZone(timeZone: string): string {
  try {
    formatInZone(new Date(0), timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export function compileZone(def: ZoneDef, hysteresisMetres: number): CompiledZone {
  if (def.kind === 'fence') {
    const { geometry, ...rules } = def;
    const fence = compileFence(geometry);
    const prepared: PreparedFence = {
      def: rules,
      fence,
      timeZone: knownZone(def.timeZone),
      searchBox: widenBBox(fence.box, hysteresisMetres),
    };
    return prepared;
  }
  const { geometry, ...rules } = def;
  const line = compileLine(geometry);
  const half = def.width / 2;
  const prepared: PreparedRoad = {
    def: rules,
    line,
    corridorBox: widenBBox(line.box, half),
    searchBox: widenBBox(line.box, half + hysteresisMetres),
  };
  return prepared;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/**
 * Zone offsets are cached per quarter hour of UTC: every offset in the tz database is a multiple of 15
 * minutes and changes at a local whole or half hour, so never inside a UTC quarter hour. Building the wall
 * clock through Intl costs microseconds; a fence checks its window on every fix.
 */
const SLOT = 15 * MINUTE;
/** Quarter hours kept per zone: late fixes of the last half day hit too; past it the map starts over. */
const SLOTS_KEPT = 48;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at `t`, ms (wall clock − UTC). */
export function zoneOffsetMs(timeZone: string, t: number): number {
  const slot = Math.floor(t / SLOT);
  let slots = offsets.get(timeZone);
  const hit = slots?.get(slot);
  if (hit !== undefined) return hit;
  const s = formatInZone(new Date(slot * SLOT), timeZone);
  const wall = Date.UTC(
    Number(s.slice(0, 4)),
    Number(s.slice(5, 7)) - 1,
    Number(s.slice(8, 10)),
    Number(s.slice(11, 13)),
    Number(s.slice(14, 16)),
    Number(s.slice(17, 19)),
  );
  if (!slots || slots.size >= SLOTS_KEPT) {
    slots = new Map();
    offsets.set(timeZone, slots);
  }
  slots.set(slot, wall - slot * SLOT);
  return wall - slot * SLOT;
}

/** The fence records events at `t`: within ValidFrom..ValidTo and its daily window. */
export function fenceValidAt(zone: CompiledZone, t: number): boolean {
  const def = zone.def;
  if (def.kind !== 'fence') return true;
  if (def.validFrom !== null && t < def.validFrom) return false;
  if (def.validTo !== null && t > def.validTo) return false;
  const { dailyFrom: from, dailyTo: to } = def;
  if (from === null || to === null) return true;
  const local = t + zoneOffsetMs((zone as PreparedFence).timeZone, t);
  const minute = Math.floor((((local % DAY) + DAY) % DAY) / MINUTE);
  return from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
}

const zoneEvent = (type: ZoneEventType, def: ZoneRules, fix: ZoneFix): ZoneEvent => ({
  type,
  zoneKind: def.kind,
  zoneId: def.id,
  alarm: def.triggerAlarm,
  time: fix.time,
  lat: fix.lat,
  lng: fix.lng,
  speed: fix.speed,
});

/** One fix through one zone: the next visit (the same object when nothing about it changed) and the events. */
export interface ZoneStep {
  visit: ZoneVisit | undefined;
  events: readonly ZoneEvent[];
}

const NO_EVENTS: readonly ZoneEvent[] = Object.freeze([]);
/** Most steps: outside, and outside before. Shared, so those allocate nothing. */
const OUTSIDE: ZoneStep = Object.freeze({ visit: undefined, events: NO_EVENTS });

const SPEED_SAME = 0;
const SPEED_OVER = 1;
const SPEED_BACK = 2;

/**
 * The speed rule inside: one event when the speed goes over `limit` (SPEED_OVER: the caller fires it, if it may,
 * and marks the visit), re-armed once it is back at or under (SPEED_BACK).
 */
function speedRule(visit: ZoneVisit, fix: ZoneFix, limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return SPEED_SAME;
  if (fix.speed > limit) return visit.overspeed ? SPEED_SAME : SPEED_OVER;
  return visit.overspeed ? SPEED_BACK : SPEED_SAME;
}

// No closures in the steps: tsx names every named closure by defineProperty each time one is made (a fence
// step asked its valid time through one), which the ingest paid for every fix inside a fence.
function stepFence(
  zone: PreparedFence,
  visit: ZoneVisit | undefined,
  fix: ZoneFix,
  hysteresisMetres: number,
): ZoneStep {
  const { def, fence } = zone;
  // Most fixes a fence is asked about are outside it with no visit: answer those before allocating anything.
  if (!visit && (!inBBox(fence.box, fix.lng, fix.lat) || !fenceContains(fence, fix.lng, fix.lat))) return OUTSIDE;
  const events: ZoneEvent[] = [];
  // Asked at most once, and only when an event may fire (a daily window reads the zone's offset).
  let valid: boolean | undefined;
  if (!visit) {
    visit = { enteredAt: fix.time, overspeed: false, stayFired: false };
    if (def.recordType === 'both' || def.recordType === 'enter') {
      valid ??= fenceValidAt(zone, fix.time);
      if (valid) events.push(zoneEvent('fenceEnter', def, fix));
    }
  } else if (
    !fenceContains(fence, fix.lng, fix.lat) &&
    fenceDistanceWithin(fence, fix.lng, fix.lat, hysteresisMetres) > hysteresisMetres
  ) {
    if (def.recordType === 'both' || def.recordType === 'leave') {
      valid ??= fenceValidAt(zone, fix.time);
      if (valid) events.push(zoneEvent('fenceLeave', def, fix));
    }
    return { visit: undefined, events };
  }
  const speed = speedRule(visit, fix, def.speedLimit);
  if (speed === SPEED_OVER) {
    valid ??= fenceValidAt(zone, fix.time);
    if (valid) {
      events.push(zoneEvent('fenceOverspeed', def, fix));
      visit = { ...visit, overspeed: true };
    }
  } else if (speed === SPEED_BACK) visit = { ...visit, overspeed: false };
  if (def.maxStayMinutes !== null && !visit.stayFired && fix.time - visit.enteredAt >= def.maxStayMinutes * MINUTE) {
    valid ??= fenceValidAt(zone, fix.time);
    if (valid) {
      visit = { ...visit, stayFired: true };
      events.push(zoneEvent('fenceStay', def, fix));
    }
  }
  return { visit, events };
}

function stepRoad(zone: PreparedRoad, visit: ZoneVisit | undefined, fix: ZoneFix, hysteresisMetres: number): ZoneStep {
  const { def, line } = zone;
  const half = def.width / 2;
  let segment: number;
  if (!visit) {
    if (!inBBox(zone.corridorBox, fix.lng, fix.lat)) return OUTSIDE;
    segment = lineDistanceWithin(line, fix.lng, fix.lat, half).segment;
    if (segment < 0) return OUTSIDE;
    visit = { enteredAt: fix.time, overspeed: false, stayFired: false };
  } else {
    segment = lineDistanceWithin(line, fix.lng, fix.lat, half + hysteresisMetres).segment;
    if (segment < 0) return { visit: undefined, events: [zoneEvent('roadDeviation', def, fix)] };
  }
  const speed = speedRule(visit, fix, def.segmentLimits?.[segment] ?? def.speedLimit);
  if (speed === SPEED_OVER)
    return { visit: { ...visit, overspeed: true }, events: [zoneEvent('roadOverspeed', def, fix)] };
  if (speed === SPEED_BACK) visit = { ...visit, overspeed: false };
  return { visit, events: NO_EVENTS };
}

/**
 * One fix through one zone. A fence: a fix inside enters (fenceEnter when the record type records entries and
 * the zone is valid at the fix's time); a device inside leaves once a fix is more than the hysteresis outside
 * (fenceLeave likewise); inside, a speed over the limit fires fenceOverspeed once until it is back at or under
 * the limit, and a visit longer than MaxStayMinutes fires fenceStay once. A road: inside the corridor (within
 * half the width of the line) is a visit; leaving it by more than the hysteresis fires roadDeviation; over the
 * segment's limit inside fires roadOverspeed once until back under. Fixes without GPS change nothing.
 */
export function stepZone(
  zone: CompiledZone,
  visit: ZoneVisit | undefined,
  fix: ZoneFix,
  hysteresisMetres: number,
): ZoneStep {
  if (!fix.valid || (visit && fix.time < visit.enteredAt)) return visit ? { visit, events: NO_EVENTS } : OUTSIDE;
  return zone.def.kind === 'fence'
    ? stepFence(zone as PreparedFence, visit, fix, hysteresisMetres)
    : stepRoad(zone as PreparedRoad, visit, fix, hysteresisMetres);
}

/**
 * A stay timer at `now` without a new fix (a parked device that stops sending fixes): fenceStay when the visit
 * has lasted MaxStayMinutes and its event has not fired, at the visit's last known place (given by the caller).
 */
export function stayDue(zone: CompiledZone, visit: ZoneVisit, now: number): boolean {
  const def = zone.def;
  return (
    def.kind === 'fence' &&
    def.maxStayMinutes !== null &&
    !visit.stayFired &&
    now - visit.enteredAt >= def.maxStayMinutes * MINUTE &&
    fenceValidAt(zone, now)
  );
}

/**
 * The fenceStay event stayDue announced, at `now` and the visit's last known place, and the visit marked so it
 * does not fire again. Call only when stayDue answered true.
 */
export function stayEvent(
  zone: CompiledZone,
  visit: ZoneVisit,
  now: number,
  place: { lat: number; lng: number; speed?: number },
): { visit: ZoneVisit; event: ZoneEvent } {
  const fix: ZoneFix = { time: now, lat: place.lat, lng: place.lng, speed: place.speed ?? 0, valid: true };
  return { visit: { ...visit, stayFired: true }, event: zoneEvent('fenceStay', zone.def, fix) };
}
