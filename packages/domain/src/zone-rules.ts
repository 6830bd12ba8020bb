/**
 * The fence engine's rules (issue #17), pure: one zone, the device's visit of it (undefined: outside) and one
 * fix in, the next visit and the events out. The ingest keeps the visits (zone_states) and the index that
 * picks which zones to step; everything decided about a crossing is decided here, so it is tested with a
 * fake clock and no database.
 *
 * INTERFACE ONLY (session 13): the zone-rules helper implements the bodies; the signatures are the contract
 * the ingest engine and the API build against.
 */
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

/** A zone prepared for fast tests (projected rings, segment boxes …): made once per zone change, stepped per fix. */
export interface CompiledZone {
  readonly def: ZoneDef;
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

export function compileZone(def: ZoneDef, hysteresisMetres: number): CompiledZone {
  void def;
  void hysteresisMetres;
  throw new Error('zone-rules: not implemented yet');
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
): { visit: ZoneVisit | undefined; events: ZoneEvent[] } {
  void zone;
  void visit;
  void fix;
  void hysteresisMetres;
  throw new Error('zone-rules: not implemented yet');
}

/**
 * A stay timer at `now` without a new fix (a parked device that stops sending fixes): fenceStay when the visit
 * has lasted MaxStayMinutes and its event has not fired, at the visit's last known place (given by the caller).
 */
export function stayDue(zone: CompiledZone, visit: ZoneVisit, now: number): boolean {
  void zone;
  void visit;
  void now;
  throw new Error('zone-rules: not implemented yet');
}
