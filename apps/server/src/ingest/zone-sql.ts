import type { FenceDef, FenceRecordType, LineGeometry, ZoneDef, ZoneVisit } from '@lodestar/domain';
import type pg from 'pg';

/**
 * The fence engine's SQL: the bound zones and their bindings (loaded whole at start and on every change), the
 * visits (zone_states, the rows inside) of devices first seen, and the stay sweep's candidates. The visits' writes in
 * a flush's transaction are flush-statements.ts's.
 */

/** A zone's key in the engine's maps: fences even, roads odd (ids are int4, so the key stays an exact number). */
export const zoneKey = (kind: 'fence' | 'road', id: number): number => id * 2 + (kind === 'road' ? 1 : 0);
export const zoneKindOf = (key: number): 'fence' | 'road' => (key % 2 === 1 ? 'road' : 'fence');
export const zoneIdOf = (key: number): number => Math.floor(key / 2);

interface ZoneRowBase {
  id: number;
  /** updated_at in µs, as text: what tells an unchanged zone (the API moves it on every modification). */
  version: string;
  /** Unchanged since the version the engine holds: the row carries nothing else. */
  same: boolean;
}

interface FenceRow extends ZoneRowBase {
  name: string;
  geometry: FenceDef['geometry'];
  record_type: FenceRecordType;
  trigger_alarm: boolean;
  valid_from: Date | null;
  valid_to: Date | null;
  daily_from: number | null;
  daily_to: number | null;
  time_zone: string;
  speed_limit: number | null;
  max_stay_minutes: number | null;
}

interface RoadRow extends ZoneRowBase {
  name: string;
  geometry: LineGeometry;
  width: number;
  speed_limit: number | null;
  segment_limits: (number | null)[] | null;
  trigger_alarm: boolean;
}

/** A bound zone as loaded: its definition, or null when it is the version the engine compiled already. */
export interface LoadedZone {
  key: number;
  version: string;
  def: ZoneDef | null;
}

const VERSION = `(floor(extract(epoch FROM z.updated_at) * 1000000)::int8)::text`;

/**
 * Every fence and road bound to at least one device (the only ones a fix can concern). Of those the engine holds
 * (`known`: zoneKey → version) and that did not change, only the key comes back: a reload after a binding change
 * reads and compiles no geometry again.
 */
export async function loadBoundZones(pool: pg.Pool, known: ReadonlyMap<number, string>): Promise<LoadedZone[]> {
  const ids = { fence: [] as number[], road: [] as number[] };
  const versions = { fence: [] as string[], road: [] as string[] };
  for (const [key, version] of known) {
    ids[zoneKindOf(key)].push(zoneIdOf(key));
    versions[zoneKindOf(key)].push(version);
  }
  const select = (table: string, binding: string, columns: string) =>
    `SELECT z.id, v.version, k.id IS NOT NULL AS same, ${columns
      .split(',')
      .map((c) => `CASE WHEN k.id IS NULL THEN z.${c.trim()} END AS ${c.trim()}`)
      .join(', ')}
       FROM ${table} z
      CROSS JOIN LATERAL (SELECT ${VERSION} AS version) v
       LEFT JOIN unnest($1::int[], $2::text[]) AS k(id, version) ON k.id = z.id AND k.version = v.version
      WHERE EXISTS (SELECT 1 FROM ${binding})`;
  const [f, r] = await Promise.all([
    pool.query<FenceRow>(
      select(
        'fences',
        'fence_devices b WHERE b.fence_id = z.id',
        'name, geometry, record_type, trigger_alarm, valid_from, valid_to, daily_from, daily_to, time_zone, speed_limit, max_stay_minutes',
      ),
      [ids.fence, versions.fence],
    ),
    pool.query<RoadRow>(
      select(
        'roads',
        'road_devices b WHERE b.road_id = z.id',
        'name, geometry, width, speed_limit, segment_limits, trigger_alarm',
      ),
      [ids.road, versions.road],
    ),
  ]);
  const fences = f.rows.map(
    (x): LoadedZone => ({
      key: zoneKey('fence', x.id),
      version: x.version,
      def: x.same
        ? null
        : {
            kind: 'fence',
            id: x.id,
            name: x.name,
            geometry: x.geometry,
            recordType: x.record_type,
            triggerAlarm: x.trigger_alarm,
            validFrom: x.valid_from?.getTime() ?? null,
            validTo: x.valid_to?.getTime() ?? null,
            dailyFrom: x.daily_from,
            dailyTo: x.daily_to,
            timeZone: x.time_zone,
            speedLimit: x.speed_limit,
            maxStayMinutes: x.max_stay_minutes,
          },
    }),
  );
  const roads = r.rows.map(
    (x): LoadedZone => ({
      key: zoneKey('road', x.id),
      version: x.version,
      def: x.same
        ? null
        : {
            kind: 'road',
            id: x.id,
            name: x.name,
            geometry: x.geometry,
            width: x.width,
            speedLimit: x.speed_limit,
            segmentLimits: x.segment_limits,
            triggerAlarm: x.trigger_alarm,
          },
    }),
  );
  return [...fences, ...roads];
}

export interface DeviceBindings {
  devicePk: number;
  /** ms: VIP holds before this instant (the end of its expiry day, UTC); Infinity when it has not started. */
  vipUntil: number;
  fenceIds: ArrayLike<number>;
  roadIds: ArrayLike<number>;
}

const NO_IDS = new Int32Array(0);

/** int4send's bytes, concatenated: big-endian 32-bit ids. */
function idsOf(bytes: Buffer | null): Int32Array {
  if (!bytes) return NO_IDS;
  const out = new Int32Array(bytes.length >>> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt32BE(i * 4);
  return out;
}

/**
 * Each bound device's zones, one row a device. A million bindings come back as a thousand rows, each device's ids
 * as one bytea of 4-byte integers: as int[] arrays, parsing their text took pg three times as long as the query.
 */
export async function loadBindings(pool: pg.Pool): Promise<DeviceBindings[]> {
  const { rows } = await pool.query<{ pk: number; vip: string | null; fences: Buffer | null; roads: Buffer | null }>(
    `SELECT b.pk, d.vip_expires_at::text AS vip, b.fences, b.roads
       FROM (SELECT coalesce(f.pk, r.pk) AS pk, f.ids AS fences, r.ids AS roads
               FROM (SELECT device_pk AS pk, string_agg(int4send(fence_id), ''::bytea) AS ids
                       FROM fence_devices GROUP BY device_pk) f
               FULL JOIN (SELECT device_pk AS pk, string_agg(int4send(road_id), ''::bytea) AS ids
                            FROM road_devices GROUP BY device_pk) r
                 ON r.pk = f.pk) b
       JOIN devices d ON d.id = b.pk`,
  );
  return rows.map((r) => ({
    devicePk: r.pk,
    vipUntil: r.vip === null ? Number.POSITIVE_INFINITY : Date.parse(`${r.vip}T00:00:00Z`) + 86_400_000,
    fenceIds: idsOf(r.fences),
    roadIds: idsOf(r.roads),
  }));
}

/** The visits of these devices (the zones they are inside now), keyed by zoneKey. */
export async function loadVisits(pool: pg.Pool, pks: number[]): Promise<Map<number, Map<number, ZoneVisit>>> {
  const { rows } = await pool.query<{
    device_pk: number;
    zone_kind: string;
    zone_id: number;
    entered_at: Date;
    overspeed: boolean;
    stay_fired: boolean;
  }>(
    `SELECT device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired
       FROM zone_states WHERE device_pk = ANY($1::int[]) AND inside`,
    [pks],
  );
  const out = new Map<number, Map<number, ZoneVisit>>();
  for (const r of rows) {
    let m = out.get(r.device_pk);
    if (!m) {
      m = new Map();
      out.set(r.device_pk, m);
    }
    m.set(zoneKey(r.zone_kind === 'r' ? 'road' : 'fence', r.zone_id), {
      enteredAt: r.entered_at.getTime(),
      overspeed: r.overspeed,
      stayFired: r.stay_fired,
    });
  }
  return out;
}

/** A flush's visit changes: visits begun or changed, and the (device, zone) pairs left. */
export interface VisitChanges {
  upserts: {
    device_pk: number;
    zone_kind: 'f' | 'r';
    zone_id: number;
    entered_at: Date;
    overspeed: boolean;
    stay_fired: boolean;
  }[];
  leaves: { device_pk: number; zone_kind: 'f' | 'r'; zone_id: number }[];
}

/** Written by flush-statements.ts's visitStatement, in the flush's transaction. */
export const hasVisitChanges = (c: VisitChanges | undefined): c is VisitChanges =>
  c !== undefined && (c.upserts.length > 0 || c.leaves.length > 0);

/**
 * Devices with a fence visit whose max stay has run out and not fired: the sweep's candidates (the rules decide,
 * on the visit in memory; a valid-time window may still hold the event back). From the table, not from memory,
 * so a device parked and silent since before a restart is found too.
 */
export async function dueStays(pool: pg.Pool, now: Date): Promise<{ devicePk: number; deviceId: string }[]> {
  const { rows } = await pool.query<{ device_pk: number; device_id: string }>(
    `SELECT DISTINCT z.device_pk, d.device_id
       FROM zone_states z
       JOIN fences f ON f.id = z.zone_id
       JOIN devices d ON d.id = z.device_pk
      WHERE z.zone_kind = 'f' AND z.inside AND NOT z.stay_fired AND f.max_stay_minutes IS NOT NULL
        AND z.entered_at + make_interval(mins => f.max_stay_minutes) <= $1`,
    [now],
  );
  return rows.map((r) => ({ devicePk: r.device_pk, deviceId: r.device_id }));
}
