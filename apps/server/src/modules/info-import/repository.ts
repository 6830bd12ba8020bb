import { type Db, deviceObjects, devices, holds, operationLogs, unknownDevices, vehicles } from '@lodestar/db';
import { ObjectType } from '@lodestar/domain';
import { and, eq, sql } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import type { GoodDevice } from './check-devices.ts';
import type { GoodVehicle } from './check-vehicles.ts';

/** Rows per statement: progress moves between them, and each stays far below any parameter limit. */
export const WRITE_CHUNK = 2000;

export interface WriteMeta {
  holdId: number;
  userId: number;
  ip: string;
  /** The operation-log line's action and detail. */
  action: string;
  detail: string;
  /** Called after each chunk with the rows it wrote. */
  onChunk: (rows: number) => void;
}

/** Someone took a device (or stored one of these IDs or VINs) between the check and the write. */
export class ImportConflict extends Error {}

/** One array parameter per column (a bare array in sql`` would expand to one parameter per element). */
const arr = <T>(values: T[]) => sql.param(values);

/** Look-ups of the checks and the batch writes of the info imports. */
export class InfoImportRepository {
  constructor(private readonly db: Db) {}

  /** Which of these device IDs are stored, anyone's, and the path and name of the unit holding each. */
  async storedDevices(ids: string[]): Promise<{ deviceId: string; holdName: string; holdPath: string }[]> {
    if (!ids.length) return [];
    return this.db
      .select({ deviceId: devices.deviceId, holdName: holds.name, holdPath: holds.path })
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(sql`${devices.deviceId} = ANY(${arr(ids)}::text[])`);
  }

  async storedVins(vins: string[]): Promise<Set<string>> {
    if (!vins.length) return new Set();
    const rows = await this.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(sql`${vehicles.vin} = ANY(${arr(vins)}::text[])`);
    return new Set(rows.map((r) => r.vin));
  }

  /** The plates (upper case) of the caller's vehicles among these. */
  async platesInSubtree(plates: string[], holdPath: string): Promise<Set<string>> {
    if (!plates.length) return new Set();
    const rows = await this.db
      .select({ plate: sql<string>`upper(${vehicles.plate})` })
      .from(vehicles)
      .where(
        and(sql`upper(${vehicles.plate}) = ANY(${arr(plates)}::text[])`, ownedInSubtree(vehicles.holdId, holdPath)),
      );
    return new Set(rows.map((r) => r.plate));
  }

  /** The caller's devices with these stored IDs, where each is now. */
  async devicesInSubtree(ids: string[], holdPath: string) {
    if (!ids.length) return [];
    return this.db
      .select({
        pk: devices.id,
        deviceId: devices.deviceId,
        protocol: devices.protocol,
        vehiclePlate: vehicles.plate,
        vehicleHoldPath: sql<
          string | null
        >`(SELECT ${holds.path} FROM ${holds} WHERE ${holds.id} = ${vehicles.holdId})`,
        onObject: sql<boolean>`(${devices.objectType} <> ${ObjectType.Vehicle} OR EXISTS (
          SELECT 1 FROM ${deviceObjects} WHERE ${deviceObjects.devicePk} = ${devices.id}))`,
      })
      .from(devices)
      .leftJoin(vehicles, eq(vehicles.id, devices.vehicleId))
      .where(and(sql`${devices.deviceId} = ANY(${arr(ids)}::text[])`, ownedInSubtree(devices.holdId, holdPath)));
  }

  /**
   * The devices, their persons' and assets' rows, the unknown-device rows they replace and the operation-log
   * line, in one transaction; the devices go in chunks of unnest() arrays (one parameter per column).
   */
  async writeDevices(rows: GoodDevice[], meta: WriteMeta): Promise<void> {
    const defaultZone = String(devices.timeZone.default ?? 'Asia/Shanghai');
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
        const chunk = rows.slice(i, i + WRITE_CHUNK);
        const col = <K extends keyof GoodDevice>(k: K) => arr(chunk.map((r) => r[k]));
        const objs = chunk.filter((r) => r.object);
        const o = <K extends keyof NonNullable<GoodDevice['object']>>(k: K) => arr(objs.map((r) => r.object![k]));
        await tx.execute(sql`
          WITH ins AS (
            INSERT INTO ${devices} (device_id, protocol, hold_id, name, sim, model, tracker_type, time_zone, remark,
                                    object_type)
            SELECT u.device_id, u.protocol, ${meta.holdId}, u.name, u.sim, u.model, u.tracker_type,
                   COALESCE(NULLIF(u.time_zone, ''), ${defaultZone}), u.remark, u.object_type
              FROM unnest(${col('deviceId')}::text[], ${col('protocol')}::text[], ${col('name')}::text[],
                          ${col('sim')}::text[], ${col('model')}::text[], ${col('trackerType')}::smallint[],
                          ${col('timeZone')}::text[], ${col('remark')}::text[], ${col('objectType')}::smallint[])
                   AS u(device_id, protocol, name, sim, model, tracker_type, time_zone, remark, object_type)
            RETURNING id, device_id, object_type)
          INSERT INTO ${deviceObjects} (device_pk, kind, name, object_no, age, id_card, phone, sex, category,
                                        colour, weight, length, width, height, shape)
          SELECT ins.id, ins.object_type, o.name, o.object_no, o.age, o.id_card, o.phone, o.sex, o.category,
                 o.colour, o.weight, o.length, o.width, o.height, o.shape
            FROM unnest(${arr(objs.map((r) => r.deviceId))}::text[], ${o('name')}::text[], ${o('objectNo')}::text[],
                        ${o('age')}::smallint[], ${o('idCard')}::text[], ${o('phone')}::text[], ${o('sex')}::smallint[],
                        ${o('category')}::text[], ${o('colour')}::text[], ${o('weight')}::real[],
                        ${o('length')}::real[], ${o('width')}::real[], ${o('height')}::real[], ${o('shape')}::text[])
                 AS o(device_id, name, object_no, age, id_card, phone, sex, category, colour, weight, length, width,
                      height, shape)
            JOIN ins ON ins.device_id = o.device_id`);
        await tx
          .delete(unknownDevices)
          .where(sql`${unknownDevices.deviceId} = ANY(${arr(chunk.map((r) => r.deviceId))}::text[])`);
        meta.onChunk(chunk.length);
      }
      await tx
        .insert(operationLogs)
        .values({ userId: meta.userId, holdId: meta.holdId, action: meta.action, detail: meta.detail, ip: meta.ip });
    });
  }

  /**
   * The vehicles and their devices' bindings in one transaction. Vehicle ids are drawn from the sequence first,
   * so each row's devices are bound to its own vehicle whatever order the insert returns. A device taken since
   * the check (bound, or put on a person or asset) fails the whole write with ImportConflict.
   */
  async writeVehicles(rows: GoodVehicle[], meta: WriteMeta): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
        const chunk = rows.slice(i, i + WRITE_CHUNK);
        const ids = await tx.execute<{ id: number }>(
          sql`SELECT nextval(pg_get_serial_sequence('vehicles', 'id'))::int AS id FROM generate_series(1, ${chunk.length})`,
        );
        const vids = ids.rows.map((r) => Number(r.id));
        const col = <K extends keyof GoodVehicle>(k: K) => arr(chunk.map((r) => r[k]));
        await tx.execute(sql`
          INSERT INTO ${vehicles} (id, hold_id, plate, owner_name, brand, vehicle_type, colour, vin, engine_no,
                                   store_name, store_phone, work_order_no, install_time, cost, home_address,
                                   company_address, province, tag, remark)
          SELECT u.id, ${meta.holdId}, u.plate, u.owner_name, u.brand, u.vehicle_type, u.colour, u.vin, u.engine_no,
                 u.store_name, u.store_phone, u.work_order_no, u.install_time, u.cost, u.home_address,
                 u.company_address, u.province, u.tag, u.remark
            FROM unnest(${arr(vids)}::int[], ${col('plate')}::text[], ${col('ownerName')}::text[],
                        ${col('brand')}::text[], ${col('vehicleType')}::text[], ${col('colour')}::text[],
                        ${col('vin')}::text[], ${col('engineNo')}::text[], ${col('storeName')}::text[],
                        ${col('storePhone')}::text[], ${col('workOrderNo')}::text[],
                        ${arr(chunk.map((r) => r.installTime?.toISOString() ?? null))}::timestamptz[],
                        ${col('cost')}::int[], ${col('homeAddress')}::text[], ${col('companyAddress')}::text[],
                        ${col('province')}::text[], ${col('tag')}::text[], ${col('remark')}::text[])
                 AS u(id, plate, owner_name, brand, vehicle_type, colour, vin, engine_no, store_name, store_phone,
                      work_order_no, install_time, cost, home_address, company_address, province, tag, remark)`);
        const pks = chunk.flatMap((r) => r.devicePks);
        const owners = chunk.flatMap((r, j) => r.devicePks.map(() => vids[j]!));
        if (pks.length) {
          const bound = await tx.execute(sql`
            UPDATE ${devices} d SET vehicle_id = b.vehicle_id
              FROM unnest(${arr(pks)}::int[], ${arr(owners)}::int[]) AS b(pk, vehicle_id)
             WHERE d.id = b.pk AND d.vehicle_id IS NULL AND d.object_type = ${ObjectType.Vehicle}
               AND NOT EXISTS (SELECT 1 FROM ${deviceObjects} WHERE ${deviceObjects.devicePk} = d.id)`);
          if (bound.rowCount !== pks.length) throw new ImportConflict();
        }
        meta.onChunk(chunk.length);
      }
      await tx
        .insert(operationLogs)
        .values({ userId: meta.userId, holdId: meta.holdId, action: meta.action, detail: meta.detail, ip: meta.ip });
    });
  }

  /** The stored IDs of these device primary keys (the ingest's caches drop them after a binding). */
  async deviceIdsOf(pks: number[]): Promise<string[]> {
    if (!pks.length) return [];
    const rows = await this.db
      .select({ deviceId: devices.deviceId })
      .from(devices)
      .where(sql`${devices.id} = ANY(${arr(pks)}::int[])`);
    return rows.map((r) => r.deviceId);
  }
}
