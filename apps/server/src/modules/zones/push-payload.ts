/**
 * A fence or road as a JT/T 808 terminal holds it (the 'zoneSet' payload, packages/protocols jt808/area.ts),
 * pure. What the terminal cannot hold is decided here and documented in docs/API.md ("Pushing to the terminal"):
 * - ids: a fence is area `fence id`; a road is route `road id + ROAD_AREA_ID_BASE`, so the id an alarm's item
 *   0x12 carries tells a road from a fence without its type byte.
 * - no holes: the outer ring only; over JT808_AREA_LIMITS.polygonVertices vertices (a route over .routePoints)
 *   the line is simplified (Douglas-Peucker, the smallest tolerance that fits), a simplified road segment taking
 *   the lowest limit of the segments it replaces.
 * - one time range: a daily window wins over the date range (the terminal has one pair of fields), both in the
 *   terminal's clock, GMT+8; the platform's engine still applies both.
 * - alarms: to the platform for the crossings the record type records, to the driver too when TriggerAlarm.
 * - a fence across the equator or the prime meridian cannot be written (one hemisphere bit per area): null.
 */

import type { FenceGeometry, FenceRecordType, LineGeometry, LngLat } from '@lodestar/domain';
import {
  JT808_AREA_ALARM,
  JT808_AREA_LIMITS,
  type Jt808Route,
  type Jt808RoutePoint,
  type Jt808ZoneSet,
  type MicroLngLat,
} from '@lodestar/protocols';
import { formatInZone, parseInZone } from '../../lib/time.ts';

/** Road ids on the terminal start here (fence ids are serials far below it). */
export const ROAD_AREA_ID_BASE = 0x4000_0000;
/** 超速持续时间: how long over the limit before the terminal alarms. */
export const OVERSPEED_SECONDS = 10;
/** The terminal's clock (JT/T 808 §4.4: GMT+8), as an IANA zone without daylight saving. */
const TERMINAL_ZONE = 'Etc/GMT-8';

export interface PushFence {
  id: number;
  name: string;
  shape: string;
  geometry: FenceGeometry;
  recordType: FenceRecordType;
  triggerAlarm: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  dailyFrom: number | null;
  dailyTo: number | null;
  timeZone: string;
  speedLimit: number | null;
}

export interface PushRoad {
  id: number;
  name: string;
  geometry: LineGeometry;
  width: number;
  speedLimit: number | null;
  segmentLimits: (number | null)[] | null;
  triggerAlarm: boolean;
}

const RECORDED: Record<FenceRecordType, { enter: boolean; leave: boolean }> = {
  both: { enter: true, leave: true },
  enter: { enter: true, leave: false },
  leave: { enter: false, leave: true },
  none: { enter: false, leave: false },
};

/** The fence as a circle, rectangle or polygon area, or null when no terminal can hold it. */
export function fenceArea(f: PushFence, now = new Date()): Jt808ZoneSet | null {
  const { enter, leave } = RECORDED[f.recordType];
  const { enterToDriver, enterToPlatform, leaveToDriver, leaveToPlatform } = JT808_AREA_ALARM;
  const attributes =
    (enter ? enterToPlatform | (f.triggerAlarm ? enterToDriver : 0) : 0) |
    (leave ? leaveToPlatform | (f.triggerAlarm ? leaveToDriver : 0) : 0);
  const common = {
    id: f.id,
    attributes,
    name: f.name,
    ...fenceTimes(f, now),
    ...(f.speedLimit !== null ? { speedLimit: f.speedLimit, overspeedSeconds: OVERSPEED_SECONDS } : {}),
  };
  let area: Jt808ZoneSet;
  if (f.geometry.type === 'Circle') {
    area = { area: 'circle', ...common, center: micro(f.geometry.Center), radius: Math.round(f.geometry.Radius) };
  } else {
    const ring = f.geometry.coordinates[0] ?? [];
    if (f.shape === 'rectangle') {
      const lngs = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      const topLeft = micro([Math.min(...lngs), Math.max(...lats)]);
      const bottomRight = micro([Math.max(...lngs), Math.min(...lats)]);
      area = { area: 'rectangle', ...common, corners: [topLeft, bottomRight] };
    } else {
      const open = ring.slice(0, -1); // GeoJSON closes the ring; the terminal closes it itself
      const kept = simplify([...open, open[0] as LngLat], JT808_AREA_LIMITS.polygonVertices + 1);
      area = { area: 'polygon', ...common, vertices: kept.slice(0, -1).map((i) => micro(open[i] as LngLat)) };
    }
  }
  return splitsHemisphere(areaPoints(area)) ? null : area;
}

/** The road as a route: half its width either side of each segment, the segment's limit. */
export function roadRoute(r: PushRoad): Jt808Route {
  const line = r.geometry.coordinates;
  const limits = line.slice(0, -1).map((_, i) => r.segmentLimits?.[i] ?? r.speedLimit);
  const kept = simplify(line, JT808_AREA_LIMITS.routePoints);
  const width = Math.max(1, Math.min(0xff, Math.round(r.width / 2)));
  const points = kept.map((at, k): Jt808RoutePoint => {
    const next = kept[k + 1];
    const covered = next === undefined ? [] : limits.slice(at, next).filter((l): l is number => l !== null);
    const speed = covered.length ? { speedLimit: Math.min(...covered), overspeedSeconds: OVERSPEED_SECONDS } : {};
    return { at: micro(line[at] as LngLat), width, ...speed };
  });
  const { leaveToDriver, leaveToPlatform } = JT808_AREA_ALARM;
  return {
    area: 'route',
    id: r.id + ROAD_AREA_ID_BASE,
    attributes: leaveToPlatform | (r.triggerAlarm ? leaveToDriver : 0),
    name: r.name,
    points,
  };
}

function fenceTimes(f: PushFence, now: Date): { start?: string; end?: string } {
  if (f.dailyFrom !== null && f.dailyTo !== null) {
    // The window is wall-clock time in the fence's zone; today's offset carries it to GMT+8.
    const day = formatInZone(now, f.timeZone).slice(0, 10);
    const at = (minutes: number) => {
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const instant = parseInZone(`${day} ${hhmm}:00`, f.timeZone) ?? now;
      return `000000${terminalTime(instant).slice(6)}`;
    };
    return { start: at(f.dailyFrom), end: at(f.dailyTo) };
  }
  if (f.validFrom === null && f.validTo === null) return {};
  return {
    start: f.validFrom ? terminalTime(f.validFrom) : '000101000000',
    end: f.validTo ? terminalTime(f.validTo) : '991231235959',
  };
}

/** YYMMDDhhmmss on the terminal's clock. */
function terminalTime(d: Date): string {
  return formatInZone(d, TERMINAL_ZONE).replace(/\D/g, '').slice(2);
}

function micro([lng, lat]: LngLat): MicroLngLat {
  return [Math.round(lng * 1e6), Math.round(lat * 1e6)];
}

function areaPoints(a: Jt808ZoneSet): MicroLngLat[] {
  if (a.area === 'circle') return [a.center];
  if (a.area === 'rectangle') return a.corners;
  if (a.area === 'polygon') return a.vertices;
  return a.points.map((p) => p.at);
}

/** One hemisphere bit per area: points on both sides of the equator or of the prime meridian cannot be written. */
export function splitsHemisphere(points: readonly MicroLngLat[]): boolean {
  const both = (axis: 0 | 1) => points.some((p) => p[axis] < 0) && points.some((p) => p[axis] > 0);
  return both(0) || both(1);
}

/**
 * The indices of `line` kept by Douglas-Peucker at the smallest tolerance (to a centimetre) that leaves at most
 * `max` points; the ends are always kept. Distances on a local equirectangular projection, metres.
 */
export function simplify(line: readonly LngLat[], max: number): number[] {
  if (line.length <= max) return line.map((_, i) => i);
  const lat0 = ((line[0]?.[1] ?? 0) * Math.PI) / 180;
  const xy = line.map(([lng, lat]) => [lng * 111_320 * Math.cos(lat0), lat * 110_574] as const);
  let lo = 0;
  let hi = 1;
  while (douglasPeucker(xy, hi).length > max) hi *= 2;
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    if (douglasPeucker(xy, mid).length > max) lo = mid;
    else hi = mid;
  }
  return douglasPeucker(xy, hi);
}

function douglasPeucker(xy: readonly (readonly [number, number])[], tolerance: number): number[] {
  const keep = new Uint8Array(xy.length);
  keep[0] = 1;
  keep[xy.length - 1] = 1;
  const stack: [number, number][] = [[0, xy.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop() as [number, number];
    let far = -1;
    let farDistance = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(xy[i]!, xy[a]!, xy[b]!);
      if (d > farDistance) {
        far = i;
        farDistance = d;
      }
    }
    if (far < 0) continue;
    keep[far] = 1;
    stack.push([a, far], [far, b]);
  }
  const kept: number[] = [];
  keep.forEach((k, i) => {
    if (k) kept.push(i);
  });
  return kept;
}

function segmentDistance(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number]) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}
