import { type Db, deviceStates, devices, holds, unknownDevices } from '@lodestar/db';
import { type DeviceSortColumn, PROTOCOLS, type StatusFilter, type VipFilter } from '@lodestar/domain';
import { normaliseDeviceId } from '@lodestar/protocols';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type pg from 'pg';
import { stateFromRow } from '../../ingest/sql.ts';
import type { LatestState } from '../../ingest/state.ts';
import { escapeLike } from '../../lib/like.ts';
import { defaultVipYearsSql } from '../../lib/vip-default-years.ts';
import { type Judge, statusCondition, statusCounts } from './status-repository.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
export interface DeviceWithHold extends DeviceRow {
  holdName: string;
  holdPath: string;
}

export interface BoundVehicle {
  plate: string;
  lifeStatus: number | null;
}

/**
 * A keyword search of the device lists: Device/GetDeviceList matches it in the SIM as well, the monitor in
 * the plate of the vehicle bound to the device among the caller's subtree's vehicles (the one its rows show).
 */
export interface DeviceKeyword {
  text: string;
  /**
   * 'info' (Device/GetDeviceList): the SIM, the plate of the device's vehicle among the subtree's vehicles, and
   * the name of its person or asset; `platesOf` (the monitor): the plate only.
   */
  also: 'sim' | { platesOf: string } | { info: string };
}

export interface DeviceListQuery {
  holdPath: string;
  keyword?: DeviceKeyword | undefined;
  protocol?: string | undefined;
  deviceIds?: string[] | undefined;
  /** Only the devices in this status (spec section 4), judged by PostgreSQL (status-repository.ts). */
  status?: { filter: StatusFilter; judge: Judge } | undefined;
  /** A VIP state of spec section 4 (VIP_FILTERS), `today` the caller's day. */
  vip?: { filter: VipFilter; today: string } | undefined;
  objectType?: number | undefined;
  /** 1 wired, 2 wireless. */
  trackerType?: number | undefined;
  offset: number;
  limit: number;
  sort: DeviceSortColumn;
  desc: boolean;
}

const SORT = {
  DeviceID: devices.deviceId,
  DeviceName: devices.name,
  CreateTime: devices.createdAt,
  HoldName: holds.name,
  VipExpiry: devices.vipExpiresAt,
  SIM: devices.sim,
} satisfies Record<DeviceSortColumn, unknown>;

/** VIP states (spec section 4, VIP_FILTERS' rule): expired before today, or expiring from today within N days. */
export function vipCondition(filter: VipFilter, today: string): SQL {
  if (filter === 'expired') return sql`${devices.vipExpiresAt} < ${today}::date`;
  const days = Number(filter);
  return sql`${devices.vipExpiresAt} >= ${today}::date AND ${devices.vipExpiresAt} < ${today}::date + ${days}::int`;
}
const withHold = { device: devices, holdName: holds.name, holdPath: holds.path };
/**
 * The one keyword rule of the device lists: a case-insensitive substring (LIKE's wildcards taken literally) of
 * the device ID, the device name, and the SIM or the bound vehicle's plate (and for the info list the name of its
 * person or asset). Blank matches everything.
 *
 * Written as one id set, a UNION of one indexed look-up per column (trigram indexes, migration 0012), not as an OR
 * over the rows: PostgreSQL cannot combine an OR holding sub-selects into index scans, so the OR read and lower-cased
 * every device of the fleet (0.5 s at 150,000 devices), where the union reads only the matches.
 */
function keywordMatch(keyword: DeviceKeyword): SQL | undefined {
  const text = keyword.text.trim();
  if (!text) return undefined;
  const k = escapeLike(text);
  // Each place the keyword may be found, as a test of the listed device and as the set of ids it finds.
  const column = (c: AnyColumn, name: string) => ({
    test: ilike(c, k),
    ids: sql`SELECT id FROM devices WHERE ${sql.raw(name)} ILIKE ${k}`,
  });
  const plates = (path: string) => {
    const ofSubtree = sql`SELECT v.id FROM vehicles v JOIN holds vh ON vh.id = v.hold_id
                           WHERE v.plate ILIKE ${k} AND vh.path LIKE ${`${path}%`}`;
    return {
      test: sql`${devices.vehicleId} IN (${ofSubtree})`,
      ids: sql`SELECT id FROM devices WHERE vehicle_id IN (${ofSubtree})`,
    };
  };
  const places = [column(devices.deviceId, 'device_id'), column(devices.name, 'name')];
  const also = keyword.also;
  if (also === 'sim') places.push(column(devices.sim, 'sim'));
  else if ('info' in also) {
    const objects = sql`SELECT device_pk FROM device_objects WHERE name ILIKE ${k}`;
    places.push(column(devices.sim, 'sim'), plates(also.info), {
      test: sql`${devices.id} IN (${objects})`,
      ids: objects,
    });
  } else places.push(plates(also.platesOf));
  // A JT/T 808 id typed from its label with the leading zeros: the stored id starts where the zeros end.
  const jt808 = normaliseDeviceId('jt808', text);
  if (jt808 !== text) {
    const prefix = `${escapeLike(jt808).slice(1)}`;
    places.push({
      test: and(eq(devices.protocol, 'jt808'), like(devices.deviceId, prefix))!,
      ids: sql`SELECT id FROM devices WHERE protocol = 'jt808' AND device_id LIKE ${prefix}`,
    });
  }
  // Three characters and more: one id set, a UNION of one trigram-indexed look-up per place (migrations 0012,
  // 0013). An OR holding sub-selects cannot use indexes, so it read and lower-cased every device of the fleet
  // (0.5 s at 150,000 devices) where the union reads only the matches. Shorter keywords have no trigram: the
  // devices are read once with the OR, rather than once per place.
  if (text.length < 3) return or(...places.map((p) => p.test));
  return sql`${devices.id} IN (${sql.join(
    places.map((p) => p.ids),
    sql` UNION `,
  )})`;
}

/**
 * The devices typed ids name when their protocol is not known (a call that takes only DeviceIDs): an id as
 * typed, or in the form its device's protocol normalises it to (normaliseDeviceId), so `013912345678` finds
 * the JT/T 808 terminal stored as `13912345678`.
 */
export function typedIdsMatch(typed: readonly string[]): SQL {
  const asTyped = typed.map((t) => t.trim());
  const conds: (SQL | undefined)[] = [inArray(devices.deviceId, asTyped)];
  for (const protocol of PROTOCOLS) {
    const other = asTyped.map((t) => normaliseDeviceId(protocol, t)).filter((n, i) => n !== asTyped[i]);
    if (other.length) conds.push(and(eq(devices.protocol, protocol), inArray(devices.deviceId, other)));
  }
  return conds.length === 1 ? conds[0]! : or(...conds)!;
}

export class DeviceRepository {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  async findByDeviceId(deviceId: string): Promise<DeviceWithHold | undefined> {
    const [row] = await this.db
      .select(withHold)
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(typedIdsMatch([deviceId]))
      // The id as typed first, should both forms still be stored apart (rows the migration could not merge).
      .orderBy(sql`${devices.deviceId} = ${deviceId.trim()} DESC`)
      .limit(1);
    return row ? { ...row.device, holdName: row.holdName, holdPath: row.holdPath } : undefined;
  }

  async list(q: DeviceListQuery): Promise<{ rows: DeviceWithHold[]; total: number }> {
    // The subtree as a set of hold ids (not a join condition): the count can then be read from devices_hold_idx
    // alone, and a page walks the order's index, checking each device's hold in that set.
    const subtree = sql`${devices.holdId} = ANY(ARRAY(SELECT h.id FROM holds h WHERE h.path LIKE ${`${q.holdPath}%`}))`;
    const narrowing: (SQL | undefined)[] = [];
    if (q.keyword) narrowing.push(keywordMatch(q.keyword));
    if (q.protocol) narrowing.push(eq(devices.protocol, q.protocol));
    if (q.deviceIds) narrowing.push(typedIdsMatch(q.deviceIds));
    if (q.vip) narrowing.push(vipCondition(q.vip.filter, q.vip.today));
    if (q.objectType) narrowing.push(eq(devices.objectType, q.objectType));
    if (q.trackerType) narrowing.push(eq(devices.trackerType, q.trackerType));
    const status = q.status && q.status.filter !== 'all' ? q.status : undefined;
    const where = and(subtree, ...narrowing, status && statusCondition(status.filter, status.judge));
    // A status alone is the monitor's count of it (off the state rows, status-repository.ts): counting the devices
    // that pass the filter would join every device of the subtree to its state.
    const counted =
      status && !narrowing.some(Boolean)
        ? statusCounts(this.db, q.holdPath, status.judge, [status.filter]).then((c) => [{ n: c[status.filter] }])
        : this.db.select({ n: count() }).from(devices).where(where);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold)
        .from(devices)
        .innerJoin(holds, eq(holds.id, devices.holdId))
        .where(where)
        .orderBy(
          ...[q.desc ? desc(SORT[q.sort]) : asc(SORT[q.sort])],
          // Device IDs are unique: no tie to break, and the unique index then gives the order.
          ...(q.sort === 'DeviceID' ? [] : [asc(devices.id)]),
        )
        .limit(q.limit)
        .offset(q.offset),
      counted,
    ]);
    return {
      rows: rows.map((r) => ({ ...r.device, holdName: r.holdName, holdPath: r.holdPath })),
      total: total?.n ?? 0,
    };
  }

  async statesOf(pks: number[]): Promise<Map<number, LatestState>> {
    if (!pks.length) return new Map();
    // Not the attributes: no monitor row shows them, and parsing a jsonb per device is most of the cost.
    const { rows } = await this.pool.query(
      `SELECT device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed, course, satellites, acc, battery,
              mileage, alarms, connected, overspeed_since, NULL AS attributes
         FROM device_states WHERE device_pk = ANY($1::int[])`,
      [pks],
    );
    return new Map(rows.map((r) => [r.device_pk as number, stateFromRow(r)]));
  }

  /**
   * The vehicle each device is bound to (devices.vehicle_id), of the caller's subtree only: its plate and
   * VehicleLifeStatus.
   */
  async vehiclesOf(deviceIds: string[], holdPath: string): Promise<Map<string, BoundVehicle>> {
    if (!deviceIds.length) return new Map();
    const { rows } = await this.pool.query<{ device_id: string; plate: string; life_status: number | null }>(
      `SELECT d.device_id, v.plate, v.life_status
         FROM devices d JOIN vehicles v ON v.id = d.vehicle_id JOIN holds h ON h.id = v.hold_id
        WHERE d.device_id = ANY($1::text[]) AND h.path LIKE $2`,
      [deviceIds, `${holdPath}%`],
    );
    return new Map(rows.map((r) => [r.device_id, { plate: r.plate, lifeStatus: r.life_status }]));
  }

  /**
   * Records the activation unless the device was activated before; says whether it was recorded. A VIP not set
   * yet starts then: its unit's default years (4 unless set, vip_settings) from the activation day in the device's zone (spec section 9).
   */
  async activate(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({
        activatedAt: at,
        vipExpiresAt: sql`coalesce(${devices.vipExpiresAt},
          ((${at.toISOString()}::timestamptz AT TIME ZONE ${devices.timeZone})
            + ${sql.raw(defaultVipYearsSql('devices.hold_id'))} * interval '1 year')::date)`,
      })
      .where(and(eq(devices.id, id), isNull(devices.activatedAt)))
      .returning({ id: devices.id });
    return rows.length > 0;
  }

  async insert(d: NewDevice): Promise<number> {
    const [row] = await this.db.insert(devices).values(d).returning({ id: devices.id });
    return row!.id;
  }

  async update(id: number, patch: Partial<NewDevice>): Promise<void> {
    if (Object.keys(patch).length) await this.db.update(devices).set(patch).where(eq(devices.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(deviceStates).where(eq(deviceStates.devicePk, id));
    await this.db.delete(devices).where(eq(devices.id, id));
  }

  async forgetUnknown(deviceId: string): Promise<void> {
    await this.db.delete(unknownDevices).where(eq(unknownDevices.deviceId, deviceId));
  }

  async listUnknown(offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      this.db.select().from(unknownDevices).orderBy(desc(unknownDevices.lastSeen)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(unknownDevices),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
