import { type Db, deviceStates, devices, holds, unknownDevices } from '@lodestar/db';
import type { StatusFilter } from '@lodestar/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { stateFromRow } from '../../ingest/sql.ts';
import type { LatestState } from '../../ingest/state.ts';
import { filterCondition, judgedDevices, judgedParams } from './status-sql.ts';

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

export interface DeviceListQuery {
  holdPath: string;
  keyword?: string | undefined;
  protocol?: string | undefined;
  deviceIds?: string[] | undefined;
  offset: number;
  limit: number;
  sort: 'DeviceID' | 'DeviceName' | 'CreateTime' | 'HoldName';
  desc: boolean;
}

const SORT = {
  DeviceID: devices.deviceId,
  DeviceName: devices.name,
  CreateTime: devices.createdAt,
  HoldName: holds.name,
};
const withHold = { device: devices, holdName: holds.name, holdPath: holds.path };
const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
      .where(eq(devices.deviceId, deviceId));
    return row ? { ...row.device, holdName: row.holdName, holdPath: row.holdPath } : undefined;
  }

  async list(q: DeviceListQuery): Promise<{ rows: DeviceWithHold[]; total: number }> {
    const conds: SQL[] = [like(holds.path, `${q.holdPath}%`)];
    if (q.keyword) {
      const k = escapeLike(q.keyword);
      conds.push(or(ilike(devices.deviceId, k), ilike(devices.name, k), ilike(devices.sim, k))!);
    }
    if (q.protocol) conds.push(eq(devices.protocol, q.protocol));
    if (q.deviceIds) conds.push(inArray(devices.deviceId, q.deviceIds));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold)
        .from(devices)
        .innerJoin(holds, eq(holds.id, devices.holdId))
        .where(where)
        .orderBy(q.desc ? desc(SORT[q.sort]) : asc(SORT[q.sort]), asc(devices.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(devices).innerJoin(holds, eq(holds.id, devices.holdId)).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.device, holdName: r.holdName, holdPath: r.holdPath })),
      total: total?.n ?? 0,
    };
  }

  /**
   * The device IDs of a subtree whose status matches a filter (judged by PostgreSQL, status-sql.ts),
   * in DeviceID order, at most `limit`, with how many match in all; only among `deviceIds` when given.
   */
  async idsByStatus(
    holdPath: string,
    filter: StatusFilter,
    judge: { userId: number; now: Date; onlineTimeoutMs: number },
    deviceIds: string[] | undefined,
    limit: number,
  ): Promise<{ ids: string[]; total: number }> {
    const { rows } = await this.pool.query<{ device_id: string; total: number }>(
      `SELECT device_id, count(*) OVER ()::int AS total FROM (${judgedDevices(2)}) judged
        WHERE ${filterCondition(filter)} AND ($6::text[] IS NULL OR device_id = ANY($6::text[]))
        ORDER BY device_id LIMIT $7`,
      [`${holdPath}%`, ...judgedParams(judge.userId, judge.now, judge.onlineTimeoutMs), deviceIds ?? null, limit],
    );
    return { ids: rows.map((r) => r.device_id), total: rows[0]?.total ?? 0 };
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
   * The vehicle bound to each device (vehicles.device_id), of the caller's subtree only: its plate and
   * VehicleLifeStatus. The oldest vehicle wins when several name the same device.
   */
  async vehiclesOf(deviceIds: string[], holdPath: string): Promise<Map<string, BoundVehicle>> {
    if (!deviceIds.length) return new Map();
    const { rows } = await this.pool.query<{ device_id: string; plate: string; life_status: number | null }>(
      `SELECT DISTINCT ON (v.device_id) v.device_id, v.plate, v.life_status
         FROM vehicles v JOIN holds h ON h.id = v.hold_id
        WHERE v.device_id = ANY($1::text[]) AND h.path LIKE $2
        ORDER BY v.device_id, v.id`,
      [deviceIds, `${holdPath}%`],
    );
    return new Map(rows.map((r) => [r.device_id, { plate: r.plate, lifeStatus: r.life_status }]));
  }

  /** Records the activation unless the device was activated before; says whether it was recorded. */
  async activate(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ activatedAt: at })
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

  /**
   * A track in time order, as arrays: a 30-day track is hundreds of thousands of rows. Only the columns the
   * reply carries: reading `attributes` made the client parse a JSON document per point for nothing.
   */
  async track(devicePk: number, from: Date, to: Date) {
    const { rows } = await this.pool.query({
      text: `SELECT fix_time, server_time, lat, lon, speed, course, altitude, satellites, valid, alarms
               FROM positions WHERE device_pk = $1 AND fix_time >= $2 AND fix_time <= $3 ORDER BY fix_time`,
      values: [devicePk, from, to],
      rowMode: 'array',
    });
    return rows as [
      Date,
      Date,
      number,
      number,
      number,
      number,
      number | null,
      number | null,
      boolean,
      string[] | null,
    ][];
  }
}
