/**
 * Derived device state and the events it raises: pure functions over the previous state and one
 * incoming fix, so the rules are tested without a database (spec section 4: device filters and
 * map statuses).
 */

export interface DeviceRules {
  /** km/h; 0 turns the overspeed alarm off. */
  speedLimit: number;
  /** Seconds continuously above the limit before the alarm (spec section 5: 1 to 255, recommended 5). */
  overspeedSeconds: number;
}

export interface LatestState {
  fixTime: Date | null;
  receiveTime: Date | null;
  lastSeen: Date | null;
  valid: boolean | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  course: number | null;
  satellites: number | null;
  acc: boolean | null;
  battery: number | null;
  mileage: number;
  alarms: string[];
  connected: boolean;
  overspeedSince: Date | null;
  attributes: Record<string, unknown> | null;
}

export const EMPTY_STATE: LatestState = {
  fixTime: null,
  receiveTime: null,
  lastSeen: null,
  valid: null,
  lat: null,
  lon: null,
  speed: null,
  course: null,
  satellites: null,
  acc: null,
  battery: null,
  mileage: 0,
  alarms: [],
  connected: false,
  overspeedSince: null,
  attributes: null,
};

export interface Fix {
  fixTime: Date;
  valid: boolean;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  satellites?: number | undefined;
  alarms: string[];
  attributes: Record<string, unknown>;
}

export interface DeviceEvent {
  /** 'zone': a fence or road event recorded without raising an alarm (its name in `alarm`). */
  type: 'alarm' | 'ignitionOn' | 'ignitionOff' | 'online' | 'offline' | 'zone';
  alarm?: string;
  eventTime: Date;
  lat?: number | null;
  lon?: number | null;
  /** A zone event's fence or road and the speed then, named as the live bus names them (LiveBusEvent). */
  FenceID?: number;
  RoadID?: number;
  ZoneName?: string;
  speed?: number;
}

const EARTH_RADIUS_KM = 6371.0088;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** ACC / ignition as the codecs report it: `acc` or `ignition`, boolean or 0/1. */
export function accOf(attributes: Record<string, unknown>): boolean | undefined {
  const v = attributes.acc ?? attributes.ignition;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return undefined;
}

function batteryOf(attributes: Record<string, unknown>): number | undefined {
  const v = attributes.batteryLevel ?? attributes.battery;
  return typeof v === 'number' ? v : undefined;
}

/** Applies a fix that is newer than the latest one; returns the next state and the events it raises. */
export function applyFix(
  prev: LatestState,
  fix: Fix,
  receivedAt: Date,
  rules: DeviceRules,
): { state: LatestState; events: DeviceEvent[] } {
  const events: DeviceEvent[] = [];
  let mileage = prev.mileage;
  if (prev.valid && fix.valid && prev.lat !== null && prev.lon !== null) {
    mileage += distanceKm(prev.lat, prev.lon, fix.lat, fix.lon);
  }

  const acc = accOf(fix.attributes) ?? prev.acc;
  if (prev.acc !== null && acc !== null && acc !== prev.acc)
    events.push({ type: acc ? 'ignitionOn' : 'ignitionOff', eventTime: fix.fixTime, lat: fix.lat, lon: fix.lon });

  // This runs for every stored fix: a fix that reports no alarm (nearly all) keeps the alarms as they are, the
  // same array (a state's alarms are never changed in place), with no Set made. A device keeps its alarms until
  // they are released, so this is also the common case of a device in alarm (a fence entered, say).
  let alarms = prev.alarms;
  if (fix.alarms.length) {
    const set = new Set(prev.alarms);
    for (const a of fix.alarms) {
      if (!set.has(a)) events.push({ type: 'alarm', alarm: a, eventTime: fix.fixTime, lat: fix.lat, lon: fix.lon });
      set.add(a);
    }
    alarms = [...set];
  }

  // Overspeed with the duration rule: only after `overspeedSeconds` continuously above the limit.
  let overspeedSince = prev.overspeedSince;
  if (rules.speedLimit > 0 && fix.valid && fix.speedKmh > rules.speedLimit) {
    overspeedSince ??= fix.fixTime;
    const held = (fix.fixTime.getTime() - overspeedSince.getTime()) / 1000;
    if (held >= rules.overspeedSeconds && !alarms.includes('overspeed')) {
      alarms = [...alarms, 'overspeed'];
      events.push({ type: 'alarm', alarm: 'overspeed', eventTime: fix.fixTime, lat: fix.lat, lon: fix.lon });
    }
  } else overspeedSince = null;

  return {
    // Every field written out (no spread): one object shape for all states, and cheaper to build.
    state: {
      fixTime: fix.fixTime,
      receiveTime: receivedAt,
      lastSeen: receivedAt,
      valid: fix.valid,
      lat: fix.lat,
      lon: fix.lon,
      speed: fix.speedKmh,
      course: fix.course,
      satellites: fix.satellites ?? null,
      acc,
      battery: batteryOf(fix.attributes) ?? prev.battery,
      mileage,
      alarms,
      connected: prev.connected,
      overspeedSince,
      attributes: fix.attributes,
    },
    events,
  };
}

/**
 * The state with other alarms. Every field written out, in applyFix's order: a spread would make an object of
 * another shape, and each function reading states (the filters, the rules, the live feed) would then meet two.
 */
export function withAlarms(s: LatestState, alarms: string[]): LatestState {
  return {
    fixTime: s.fixTime,
    receiveTime: s.receiveTime,
    lastSeen: s.lastSeen,
    valid: s.valid,
    lat: s.lat,
    lon: s.lon,
    speed: s.speed,
    course: s.course,
    satellites: s.satellites,
    acc: s.acc,
    battery: s.battery,
    mileage: s.mileage,
    alarms,
    connected: s.connected,
    overspeedSince: s.overspeedSince,
    attributes: s.attributes,
  };
}

/** A message without a fix (heartbeat, status alarm): the device is alive, and may raise alarms. */
export function applyStatus(
  prev: LatestState,
  alarmsReported: string[],
  attributes: Record<string, unknown>,
  receivedAt: Date,
): { state: LatestState; events: DeviceEvent[] } {
  const events: DeviceEvent[] = [];
  const alarms = new Set(prev.alarms);
  for (const a of alarmsReported) {
    if (!alarms.has(a)) events.push({ type: 'alarm', alarm: a, eventTime: receivedAt, lat: prev.lat, lon: prev.lon });
    alarms.add(a);
  }
  const acc = accOf(attributes) ?? prev.acc;
  if (prev.acc !== null && acc !== null && acc !== prev.acc)
    events.push({ type: acc ? 'ignitionOn' : 'ignitionOff', eventTime: receivedAt, lat: prev.lat, lon: prev.lon });
  return {
    state: { ...prev, lastSeen: receivedAt, acc, battery: batteryOf(attributes) ?? prev.battery, alarms: [...alarms] },
    events,
  };
}

export type MapStatus = 'moving' | 'ignitionOff' | 'still' | 'offline' | 'alarm' | 'weakGps' | 'unused';

export const MOVING_KMH = 5;

/** The map status of spec section 4, in order of precedence. */
export function mapStatus(s: LatestState | undefined, online: boolean): MapStatus {
  if (!s || (!s.lastSeen && !s.fixTime)) return 'unused';
  if (!online) return 'offline';
  if (s.alarms.length) return 'alarm';
  if (s.valid === false || (s.satellites !== null && s.satellites < 4)) return 'weakGps';
  if (s.acc === false) return 'ignitionOff';
  if ((s.speed ?? 0) >= MOVING_KMH) return 'moving';
  return 'still';
}

/** Online: connected now, or heard from within the timeout (HTTP and UDP devices never "connect"). */
export function isOnline(s: LatestState | undefined, now: Date, timeoutMs: number): boolean {
  if (!s?.lastSeen) return false;
  return s.connected || now.getTime() - s.lastSeen.getTime() <= timeoutMs;
}

/** A fix without GPS: the device is alive but its position is unknown (weak GPS), so it does not move. */
export function applyNoFix(prev: LatestState, receivedAt: Date): LatestState {
  return { ...prev, lastSeen: receivedAt, receiveTime: receivedAt, valid: false };
}

export type DeviceLifeState = 'inactivated' | 'normal' | 'offline' | 'downtime';
export const DOWNTIME_AFTER_MS = 7 * 86_400_000;

/**
 * The device states of spec section 4: not activated and never reported (inactivated), online
 * (normal), not heard from lately (offline), or silent for over a week (downtime: switched off,
 * removed or out of SIM). A device counts as activated by its first report, or earlier when a user
 * activates it (Device/Activate, function 76): from then on it is expected to report, so its
 * silence counts from the activation until it does.
 */
export function lifeState(
  s: LatestState | undefined,
  online: boolean,
  now: Date,
  activatedAt: Date | null = null,
): DeviceLifeState {
  const since = s?.lastSeen ?? activatedAt;
  if (!since) return 'inactivated';
  if (online) return 'normal';
  return now.getTime() - since.getTime() > DOWNTIME_AFTER_MS ? 'downtime' : 'offline';
}
