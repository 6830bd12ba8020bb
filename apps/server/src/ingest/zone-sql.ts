import type { FenceDef, FenceRecordType, LineGeometry, ZoneDef, ZoneVisit } from '@lodestar/domain';
import type pg from 'pg';

/**
 * The fence engine's SQL: the bound zones and their bindings (loaded whole at start and on every change), the
 * visits (zone_states) of devices first seen, their writes in the flush's transaction, and the stay sweep's
 * candidates.
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
       FROM zone_states WHERE device_pk = ANY($1::int[])`,
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

/** A flush's visit changes: rows to upsert, and (device, zone) keys to delete. */
export interface VisitChanges {
  upserts: {
    device_pk: number;
    zone_kind: 'f' | 'r';
    zone_id: number;
    entered_at: Date;
    overspeed: boolean;
    stay_fired: boolean;
  }[];
  deletes: { device_pk: number; zone_kind: 'f' | 'r'; zone_id: number }[];
}

export const hasVisitChanges = (c: VisitChanges | undefined): c is VisitChanges =>
  c !== undefined && (c.upserts.length > 0 || c.deletes.length > 0);

/**
 * Visit changes reach zone_states by two statements prepared once a connection: an upsert of the visits begun or
 * changed, and a delete of those ended, each sent only when it has rows, their rows as array parameters written
 * into the flush's simple-protocol message (a handful of numbers a flush). Each has one plan of index look-ups
 * whatever the arrays hold. As one statement (the delete as a CTE of the upsert) over a temporary stage filled by
 * COPY, the backend spent ~750 µs a flush on it against ~300 µs for these (bench/flush-parts.ts, 3 rows), most
 * of a fence flush's extra cost in the database.
 */
export const VISIT_STATEMENTS_SETUP = `
PREPARE lodestar_upsert_visits (int4[], text[], int4[], float8[], bool[], bool[]) AS
INSERT INTO zone_states (device_pk, zone_kind, zone_id, entered_at, overspeed, stay_fired)
SELECT x.device_pk, x.zone_kind, x.zone_id, to_timestamp(x.entered_ms / 1000), x.overspeed, x.stay_fired
  FROM unnest($1, $2, $3, $4, $5, $6) AS x(device_pk, zone_kind, zone_id, entered_ms, overspeed, stay_fired)
 -- Skips a device removed since the flush read it: zone_states has a foreign key, and one missing device must not
 -- fail the whole flush (positions and events have none). As an array, not a join (EXISTS): a join's one plan may
 -- hash all of devices at every flush, the array's is index look-ups.
 WHERE x.device_pk = ANY (ARRAY(SELECT d.id FROM devices d WHERE d.id = ANY ($1)))
ON CONFLICT (device_pk, zone_kind, zone_id) DO UPDATE SET
  entered_at = EXCLUDED.entered_at, overspeed = EXCLUDED.overspeed, stay_fired = EXCLUDED.stay_fired;
PREPARE lodestar_delete_visits (int4[], text[], int4[]) AS
DELETE FROM zone_states z USING unnest($1, $2, $3) AS g(device_pk, zone_kind, zone_id)
 WHERE z.device_pk = g.device_pk AND z.zone_kind = g.zone_kind AND z.zone_id = g.zone_id`;

/** An array literal of numbers or booleans (nothing in it to escape); a value that is not one fails the flush. */
function arrayOf(values: readonly (number | boolean)[]): string {
  for (const v of values)
    if (typeof v === 'number' ? !Number.isFinite(v) : typeof v !== 'boolean')
      throw new RangeError(`visit change: ${String(v)} is not a finite number`);
  return `'{${values.join(',')}}'`;
}

function kinds(rows: readonly { zone_kind: 'f' | 'r' }[]): string {
  for (const r of rows)
    if (r.zone_kind !== 'f' && r.zone_kind !== 'r')
      throw new RangeError(`visit change: zone kind ${String(r.zone_kind)}`);
  return `'{${rows.map((r) => r.zone_kind).join(',')}}'`;
}

/** The statements that write these changes (after VISIT_STATEMENTS_SETUP on the connection): none, one or two. */
export function visitStatements(c: VisitChanges): string[] {
  const out: string[] = [];
  const u = c.upserts;
  if (u.length)
    out.push(
      `EXECUTE lodestar_upsert_visits(${arrayOf(u.map((v) => v.device_pk))}, ${kinds(u)}, ${arrayOf(
        u.map((v) => v.zone_id),
      )}, ${arrayOf(u.map((v) => v.entered_at.getTime()))}, ${arrayOf(u.map((v) => v.overspeed))}, ${arrayOf(
        u.map((v) => v.stay_fired),
      )})`,
    );
  const d = c.deletes;
  if (d.length)
    out.push(
      `EXECUTE lodestar_delete_visits(${arrayOf(d.map((v) => v.device_pk))}, ${kinds(d)}, ${arrayOf(
        d.map((v) => v.zone_id),
      )})`,
    );
  return out;
}

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
      WHERE z.zone_kind = 'f' AND NOT z.stay_fired AND f.max_stay_minutes IS NOT NULL
        AND z.entered_at + make_interval(mins => f.max_stay_minutes) <= $1`,
    [now],
  );
  return rows.map((r) => ({ devicePk: r.device_pk, deviceId: r.device_id }));
}
