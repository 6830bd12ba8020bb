import type { InboundRecord } from '@lodestar/gateway';
import type { LiveUpdate } from './bus.ts';
import type { DeviceInfo } from './device-cache.ts';
import { type FilterOptions, judgeFix } from './filters.ts';
import { withNetwork } from './network.ts';
import {
  applyFix,
  applyNoFix,
  applyStatus,
  type DeviceEvent,
  EMPTY_STATE,
  type Fix,
  type LatestState,
  mapStatus,
  withAlarms,
} from './state.ts';
import type { CheckedZones, ZoneHit } from './zone-engine.ts';
import type { VisitChanges } from './zone-sql.ts';

export interface PositionRow {
  device_pk: number;
  fix_time: Date;
  server_time: Date;
  valid: boolean;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number | null;
  satellites: number | null;
  alarms: string[];
  attributes: Record<string, unknown>;
}

export interface EventRow {
  device_pk: number;
  type: string;
  alarm: string | null;
  event_time: Date;
  lat: number | null;
  lon: number | null;
  /** A zone event's fence or road and speed; absent (null in the table) for the others. */
  fence_id?: number;
  road_id?: number;
  speed?: number;
}

export interface FlushPlan {
  positions: PositionRow[];
  events: EventRow[];
  /** The next latest state of every device the batch touched. */
  states: Map<number, LatestState>;
  dropped: Record<string, number>;
  updates: LiveUpdate[];
  /** The fence engine's visit changes (zone_states), written in the same transaction. */
  visits?: VisitChanges;
}

/** What planRecords leaves to finishPlan: the devices touched, with their events, and the fixes still to check. */
export interface PlanRest {
  touched: Map<number, { info: DeviceInfo; events: DeviceEvent[] }>;
  zonePks: number[];
  zoneFixes: Fix[];
}

function emit(plan: FlushPlan, rest: PlanRest, pk: number, evs: DeviceEvent[]): void {
  for (const e of evs) {
    rest.touched.get(pk)!.events.push(e);
    plan.events.push(eventRow(pk, e));
  }
}

/**
 * Turns a batch of inbound records into rows, in arrival order per device: filters each fix,
 * keeps out-of-order ones for history only, and derives the latest state and its events.
 */
export function planFlush(
  records: InboundRecord[],
  devices: Map<string, DeviceInfo>,
  stateOf: (pk: number) => LatestState | undefined,
  now: Date,
  filters: FilterOptions,
  /** Told of every report of a registered device (device_days), a fix or not. */
  onReport?: (devicePk: number, receivedAt: Date) => void,
): FlushPlan {
  const { plan, rest } = planRecords(records, devices, stateOf, now, filters, onReport, false);
  finishPlan(plan, rest);
  return plan;
}

/**
 * planFlush's first part: the positions, the states and their events; the fences (`checkZones`) are left for
 * finishPlan, so the writer can send the positions first and check the fences while the database writes them.
 */
export function planRecords(
  records: InboundRecord[],
  devices: Map<string, DeviceInfo>,
  stateOf: (pk: number) => LatestState | undefined,
  now: Date,
  filters: FilterOptions,
  onReport: ((devicePk: number, receivedAt: Date) => void) | undefined,
  checkZones: boolean,
): { plan: FlushPlan; rest: PlanRest } {
  const plan: FlushPlan = { positions: [], events: [], states: new Map(), dropped: {}, updates: [] };
  const rest: PlanRest = { touched: new Map(), zonePks: [], zoneFixes: [] };
  const touched = rest.touched;
  for (const r of records) {
    const info = devices.get(r.deviceId);
    if (!info) continue;
    onReport?.(info.pk, r.receivedAt);
    if (!touched.has(info.pk)) touched.set(info.pk, { info, events: [] });
    let st = plan.states.get(info.pk) ?? stateOf(info.pk) ?? EMPTY_STATE;
    const msg = r.message;
    for (const p of msg.positions) {
      // The decoded position is the fix as it is (the rules only read it): no copy per fix.
      const fix: Fix = p;
      const verdict = judgeFix(fix, st, now, filters);
      if (!verdict.store) {
        plan.dropped[verdict.reason] = (plan.dropped[verdict.reason] ?? 0) + 1;
        st =
          verdict.reason === 'noFix'
            ? withNetwork(applyNoFix(st, r.receivedAt), p.attributes)
            : { ...st, lastSeen: r.receivedAt };
        continue;
      }
      plan.positions.push({
        device_pk: info.pk,
        fix_time: p.fixTime,
        server_time: r.receivedAt,
        valid: p.valid,
        lat: p.lat,
        lon: p.lon,
        speed: p.speedKmh,
        course: Math.round(p.course) % 360,
        altitude: p.altitude ?? null,
        satellites: p.satellites ?? null,
        alarms: p.alarms,
        attributes: p.attributes,
      });
      if (verdict.latest) {
        const next = applyFix(st, fix, r.receivedAt, info);
        st = next.state;
        emit(plan, rest, info.pk, next.events);
        if (checkZones) {
          rest.zonePks.push(info.pk);
          rest.zoneFixes.push(fix);
        }
      } else st = { ...st, lastSeen: r.receivedAt };
    }
    if (msg.positions.length === 0 || msg.alarms.length) {
      const next = applyStatus(st, msg.alarms, msg.positions.length ? {} : msg.attributes, r.receivedAt);
      st = msg.positions.length ? next.state : withNetwork(next.state, msg.attributes);
      emit(plan, rest, info.pk, next.events);
    }
    plan.states.set(info.pk, st);
  }
  return { plan, rest };
}

/**
 * planFlush's second part: the fence check's events (rest.zoneFixes checked by the engine, in this thread or its
 * own) applied to their devices, then the live feed's updates. A device's zone events follow the flush's other
 * events of that device, and its zone alarms join its last state.
 */
export function finishPlan(plan: FlushPlan, rest: PlanRest, zones?: Pick<CheckedZones, 'hits' | 'changes'>): void {
  if (zones) {
    const { zonePks } = rest;
    zones.hits.forEach((hits, i) => {
      if (!hits) return;
      const pk = zonePks[i]!;
      const z = applyZoneHits(plan.states.get(pk)!, hits);
      plan.states.set(pk, z.state);
      emit(plan, rest, pk, z.events);
    });
    plan.visits = zones.changes;
  }
  for (const [pk, { info, events }] of rest.touched) {
    const s = plan.states.get(pk)!;
    plan.updates.push(liveUpdate(info, s, mapStatus(s, true), events));
  }
}

export function eventRow(pk: number, e: DeviceEvent): EventRow {
  const row: EventRow = {
    device_pk: pk,
    type: e.type,
    alarm: e.alarm ?? null,
    event_time: e.eventTime,
    lat: e.lat ?? null,
    lon: e.lon ?? null,
  };
  if (e.FenceID !== undefined) row.fence_id = e.FenceID;
  if (e.RoadID !== undefined) row.road_id = e.RoadID;
  if (e.speed !== undefined) row.speed = e.speed;
  return row;
}

/**
 * Zone events as device events: type 'alarm' with the event's name as the alarm when the zone triggers alarms
 * (the name joins the device's alarms, so its map status is 'alarm' until released), else 'zone'.
 */
export function applyZoneHits(st: LatestState, hits: ZoneHit[]): { state: LatestState; events: DeviceEvent[] } {
  let alarms = st.alarms;
  const events = hits.map((h): DeviceEvent => {
    if (h.alarm && !alarms.includes(h.type)) alarms = [...alarms, h.type];
    return {
      type: h.alarm ? 'alarm' : 'zone',
      alarm: h.type,
      eventTime: new Date(h.time),
      lat: h.lat,
      lon: h.lng,
      speed: h.speed,
      ...(h.zoneKind === 'fence' ? { FenceID: h.zoneId } : { RoadID: h.zoneId }),
      ZoneName: h.zoneName,
    };
  });
  return { state: alarms === st.alarms ? st : withAlarms(st, alarms), events };
}

/** What the live feed says of a device: its latest state, map status and new events. */
export function liveUpdate(
  info: Pick<DeviceInfo, 'pk' | 'deviceId' | 'holdId' | 'holdPath'>,
  s: LatestState,
  status: string,
  events: DeviceEvent[],
): LiveUpdate {
  return {
    devicePk: info.pk,
    deviceId: info.deviceId,
    holdId: info.holdId,
    holdPath: info.holdPath,
    fixTime: s.fixTime?.toISOString() ?? null,
    lat: s.lat,
    lon: s.lon,
    speed: s.speed,
    course: s.course,
    acc: s.acc,
    alarms: s.alarms,
    status,
    mileage: s.mileage,
    // The bus carries times as text: a Date would arrive as one only in memory, as text over NATS.
    events: events.map((e) => ({ ...e, eventTime: e.eventTime.toISOString() })),
  };
}
