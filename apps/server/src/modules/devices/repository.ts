import { type Db, deviceStates, devices, holds, unknownDevices } from '@lodestar/db';
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { stateFromRow } from '../../ingest/sql.ts';
import type { LatestState } from '../../ingest/state.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
export interface DeviceWithHold extends DeviceRow {
  holdName: string;
  holdPath: string;
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

  async statesOf(pks: number[]): Promise<Map<number, LatestState>> {
    if (!pks.length) return new Map();
    const { rows } = await this.pool.query('SELECT * FROM device_states WHERE device_pk = ANY($1::int[])', [pks]);
    return new Map(rows.map((r) => [r.device_pk as number, stateFromRow(r)]));
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

  /** A track in time order, as arrays: a 30-day track is hundreds of thousands of rows. */
  async track(devicePk: number, from: Date, to: Date) {
    const { rows } = await this.pool.query({
      text: `SELECT fix_time, server_time, lat, lon, speed, course, altitude, satellites, valid, alarms, attributes
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
      Record<string, unknown> | null,
    ][];
  }
}
