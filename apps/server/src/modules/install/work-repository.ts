import { devices, holds, installInfos, installPhotos, vehicles } from '@lodestar/db';
import { ObjectType } from '@lodestar/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { defaultVipYearsSql } from '../../lib/vip-default-years.ts';
import { typedIdsMatch } from '../devices/repository.ts';

export interface DeviceRef {
  id: number;
  deviceId: string;
  protocol: string;
  holdPath: string;
}

export type TaskDeviceRecord = {
  id: number;
  deviceId: string;
  name: string;
  online: boolean;
  proven: boolean;
  fixTime: Date | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
};

export type PhotoRecord = {
  id: number;
  taskId: number;
  deviceId: string | null;
  position: number | null;
  size: number;
  path: string;
  thumbPath: string | null;
  createdAt: Date;
};

/**
 * What is fitted and shown for a task: install infos, photos, the devices named and their proof of life, and the
 * approval's writes to vehicles and devices (in the caller's transaction). SQL only.
 */
export class WorkRepository {
  constructor(private readonly db: Executor) {}

  with(tx: Executor): WorkRepository {
    return new WorkRepository(tx);
  }

  /** Devices by the IDs typed (any case, a JT/T 808 phone with or without its zeros), with their units. */
  async devicesByTyped(typed: string[]): Promise<DeviceRef[]> {
    return this.db
      .select({ id: devices.id, deviceId: devices.deviceId, protocol: devices.protocol, holdPath: holds.path })
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(typedIdsMatch(typed));
  }

  async insertInfo(i: typeof installInfos.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(installInfos).values(i).returning({ id: installInfos.id });
    return row!.id;
  }

  async findInfo(id: number): Promise<{ id: number; taskId: number } | undefined> {
    const [row] = await this.db
      .select({ id: installInfos.id, taskId: installInfos.taskId })
      .from(installInfos)
      .where(eq(installInfos.id, id));
    return row;
  }

  async removeInfo(id: number): Promise<void> {
    await this.db.delete(installInfos).where(eq(installInfos.id, id));
  }

  async infosOf(taskId: number) {
    return this.db
      .select({
        id: installInfos.id,
        deviceId: devices.deviceId,
        position: installInfos.position,
        people: installInfos.people,
        installedAt: installInfos.installedAt,
        createdAt: installInfos.createdAt,
      })
      .from(installInfos)
      .innerJoin(devices, eq(devices.id, installInfos.devicePk))
      .where(eq(installInfos.taskId, taskId))
      .orderBy(installInfos.id);
  }

  async insertPhoto(p: typeof installPhotos.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(installPhotos).values(p).returning({ id: installPhotos.id });
    return row!.id;
  }

  async setPhotoPaths(id: number, path: string, thumbPath: string | null): Promise<void> {
    await this.db.update(installPhotos).set({ path, thumbPath }).where(eq(installPhotos.id, id));
  }

  private photoSelect() {
    return this.db
      .select({
        id: installPhotos.id,
        taskId: installPhotos.taskId,
        deviceId: devices.deviceId,
        position: installPhotos.position,
        size: installPhotos.size,
        path: installPhotos.path,
        thumbPath: installPhotos.thumbPath,
        createdAt: installPhotos.createdAt,
      })
      .from(installPhotos)
      .leftJoin(devices, eq(devices.id, installPhotos.devicePk));
  }

  async findPhoto(id: number): Promise<PhotoRecord | undefined> {
    const [row] = await this.photoSelect().where(eq(installPhotos.id, id));
    return row;
  }

  async photosOf(taskId: number): Promise<PhotoRecord[]> {
    return this.photoSelect().where(eq(installPhotos.taskId, taskId)).orderBy(installPhotos.id);
  }

  async removePhoto(id: number): Promise<void> {
    await this.db.delete(installPhotos).where(eq(installPhotos.id, id));
  }

  /**
   * The devices of a task's install infos: online as the monitor judges it, proven when a valid fix came after
   * `since` (the task last went to working; null: none can be), and the last fix.
   */
  async devicesOf(taskId: number, since: Date | null, now: Date, onlineTimeoutMs: number): Promise<TaskDeviceRecord[]> {
    const { rows } = await this.db.execute<TaskDeviceRecord>(sql`
      SELECT d.id, d.device_id AS "deviceId", d.name,
             coalesce(s.last_seen IS NOT NULL
                      AND (s.connected OR s.last_seen >= ${now.toISOString()}::timestamptz
                                                         - ${onlineTimeoutMs} * interval '1 millisecond'),
                      false) AS online,
             ${
               since
                 ? sql`EXISTS (SELECT 1 FROM positions p WHERE p.device_pk = d.id AND p.valid
                                     AND p.fix_time > ${since.toISOString()}::timestamptz)`
                 : sql`false`
} AS proven,
             s.fix_time AS "fixTime", s.lat, s.lon, s.speed
        FROM devices d LEFT JOIN device_states s ON s.device_pk = d.id
       WHERE d.id IN (SELECT i.device_pk FROM install_infos i WHERE i.task_id = ${taskId})
       ORDER BY d.device_id`);
    // drizzle hands raw queries' timestamps over as text.
    return rows.map((r) => ({ ...r, fixTime: r.fixTime === null ? null : new Date(r.fixTime) }));
  }

  /** The vehicle holding a VIN (unique among vehicles), with its unit's path. */
  async vehicleByVin(vin: string): Promise<{ id: number; holdPath: string } | undefined> {
    const { rows } = await this.db.execute<{ id: number; holdPath: string }>(sql`
      SELECT v.id, h.path AS "holdPath" FROM vehicles v JOIN holds h ON h.id = v.hold_id WHERE v.vin = ${vin}`);
    return rows[0];
  }

  async insertVehicle(v: typeof vehicles.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(vehicles).values(v).returning({ id: vehicles.id });
    return row!.id;
  }

  /** The install's fields on the vehicle (spec section 3's Vehicle: store, work order number, install time, cost). */
  async fillVehicle(
    id: number,
    f: { installTime: Date; storeName: string; cost: number; workOrderNo: string },
  ): Promise<void> {
    await this.db
      .update(vehicles)
      .set({ ...f, updatedAt: sql`now()` })
      .where(eq(vehicles.id, id));
  }

  /**
   * Puts the devices on the vehicle (as Vehicle/BindDevices with Force: a device on another object moves, a
   * person's or asset's record goes) and starts each one's VIP unless set: the default years from today in the
   * device's zone, as a device's activation does (devices/repository.ts).
   */
  async bindAndStartVip(vehicleId: number, pks: number[], at: Date): Promise<void> {
    if (!pks.length) return;
    await this.db
      .update(devices)
      .set({
        vehicleId,
        objectType: ObjectType.Vehicle,
        vipExpiresAt: sql`coalesce(${devices.vipExpiresAt},
          ((${at.toISOString()}::timestamptz AT TIME ZONE ${devices.timeZone})
            + ${sql.raw(defaultVipYearsSql('devices.hold_id'))} * interval '1 year')::date)`,
      })
      .where(inArray(devices.id, pks));
    await this.db.execute(sql`DELETE FROM device_objects WHERE device_pk = ANY(${sql.param(pks)}::int[])`);
  }

  /** The devices of a task's install infos. */
  async devicePksOf(taskId: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: installInfos.devicePk })
      .from(installInfos)
      .where(eq(installInfos.taskId, taskId));
    return rows.map((r) => r.id);
  }
}
