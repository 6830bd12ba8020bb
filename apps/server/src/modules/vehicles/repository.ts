import type { VehicleSortColumn } from '@lodestar/contract/vehicles';
import { deviceObjects, devices, holds, vehicles } from '@lodestar/db';
import { ObjectType } from '@lodestar/domain';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';
import { typedIdsMatch } from '../devices/repository.ts';

export type VehicleRecord = typeof vehicles.$inferSelect;
export type NewVehicle = typeof vehicles.$inferInsert;
export type VehiclePatch = Partial<Omit<NewVehicle, 'id' | 'holdId' | 'createdAt'>>;

export interface VehicleWithHold extends VehicleRecord {
  holdName: string;
  holdPath: string;
}

/** A device named for binding, with where it is now: a vehicle (its plate and unit) or a person or asset. */
export type DeviceToBind = {
  id: number;
  deviceId: string;
  protocol: string;
  holdPath: string;
  objectType: number;
  vehicleId: number | null;
  vehiclePlate: string | null;
  vehicleHoldPath: string | null;
  objectName: string | null;
};

export type BoundDeviceRecord = {
  vehicleId: number;
  deviceId: string;
  trackerType: number;
  online: boolean;
};

export interface VehicleListQuery {
  holdPath: string;
  keyword?: string | undefined;
  lifeStatus?: number | undefined;
  province?: string | undefined;
  tag?: string | undefined;
  sort?: VehicleSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

/** Each sortable column, and whether it may be empty (null): empty values sort last either way. */
const SORT: Record<VehicleSortColumn, [AnyColumn, nullable: boolean]> = {
  Plate: [vehicles.plate, false],
  OwnerName: [vehicles.ownerName, false],
  HoldName: [holds.name, false],
  InstallTime: [vehicles.installTime, true],
  Cost: [vehicles.cost, false],
  VehicleLifeStatus: [vehicles.lifeStatus, true],
  // Ids follow creation, and an import creates thousands of vehicles in one instant: ties a sort would have to break.
  CreateTime: [vehicles.id, false],
};

/**
 * The order, written so an index can give it: a nullable column with NULLS LAST both ways (vehicles has an index
 * for each direction), a column never null without it (PostgreSQL does not know NULLS LAST changes nothing
 * there, and would sort 100,000 rows instead of walking the index backwards).
 */
function orderOf(sort: VehicleSortColumn, descending: boolean): SQL {
  const [column, nullable] = SORT[sort];
  return sql`${column} ${sql.raw(descending ? 'DESC' : 'ASC')}${sql.raw(nullable ? ' NULLS LAST' : '')}`;
}

/** Trigram indexes need three characters; a shorter keyword reads the rows either way, so once is enough. */
const TRIGRAM = 3;

/** `d.hold_id` in the subtree: ownedInSubtree for the raw queries' aliased devices. */
const deviceInSubtree = (holdPath: string) =>
  sql`d.hold_id IN (SELECT h.id FROM holds h WHERE h.path LIKE ${`${holdPath}%`})`;

const withHold = { vehicle: vehicles, holdName: holds.name, holdPath: holds.path };
const flatten = (r: { vehicle: VehicleRecord; holdName: string; holdPath: string }): VehicleWithHold => ({
  ...r.vehicle,
  holdName: r.holdName,
  holdPath: r.holdPath,
});

/** Vehicles and the devices bound to them (devices.vehicle_id). SQL only. */
export class VehicleRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: VehicleRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new VehicleRepository(tx)));
  }

  /** Any vehicle by id with its unit; the service decides whether the caller may see it. */
  async findById(id: number, forUpdate = false): Promise<VehicleWithHold | undefined> {
    const q = this.db
      .select(withHold)
      .from(vehicles)
      .innerJoin(holds, eq(holds.id, vehicles.holdId))
      .where(eq(vehicles.id, id));
    const [row] = forUpdate ? await q.for('update', { of: vehicles }) : await q;
    return row ? flatten(row) : undefined;
  }

  /** The vehicle holding a VIN (VINs are unique among vehicles that have one), with its unit. */
  async findByVin(vin: string): Promise<{ id: number; holdName: string; holdPath: string } | undefined> {
    const [row] = await this.db
      .select({ id: vehicles.id, holdName: holds.name, holdPath: holds.path })
      .from(vehicles)
      .innerJoin(holds, eq(holds.id, vehicles.holdId))
      .where(eq(vehicles.vin, vin));
    return row;
  }

  async insert(v: NewVehicle): Promise<number> {
    const [row] = await this.db.insert(vehicles).values(v).returning({ id: vehicles.id });
    return row!.id;
  }

  async update(id: number, patch: VehiclePatch): Promise<void> {
    await this.db
      .update(vehicles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(vehicles.id, id));
  }

  /** Removes the vehicle; its devices stay, bound to nothing. */
  async remove(id: number): Promise<void> {
    await this.db.update(devices).set({ vehicleId: null }).where(eq(devices.vehicleId, id));
    await this.db.delete(vehicles).where(eq(vehicles.id, id));
  }

  /**
   * The devices the typed ids name (as typed or in their protocol's form), row-locked so two bindings of
   * one device queue, with where each is now.
   */
  async devicesToBind(typed: string[]): Promise<DeviceToBind[]> {
    if (!typed.length) return [];
    const locked = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(typedIdsMatch(typed))
      .orderBy(devices.id)
      .for('update');
    if (!locked.length) return [];
    const rows = await this.db.execute<DeviceToBind>(sql`
      SELECT d.id, d.device_id AS "deviceId", d.protocol, h.path AS "holdPath", d.object_type AS "objectType",
             d.vehicle_id AS "vehicleId", v.plate AS "vehiclePlate", vh.path AS "vehicleHoldPath",
             o.name AS "objectName"
        FROM devices d
        JOIN holds h ON h.id = d.hold_id
        LEFT JOIN vehicles v ON v.id = d.vehicle_id
        LEFT JOIN holds vh ON vh.id = v.hold_id
        LEFT JOIN device_objects o ON o.device_pk = d.id
       WHERE d.id = ANY(${sql.param(locked.map((r) => r.id))}::int[])`);
    return rows.rows;
  }

  /**
   * Makes `pks` the devices of the caller's subtree bound to the vehicle: the subtree's others bound to it
   * now are unbound (devices outside the subtree are not the caller's to change). A device taken from a
   * person or asset loses that object's record: a device is on one object at a time.
   */
  async setDevices(vehicleId: number, pks: number[], holdPath: string): Promise<void> {
    await this.db
      .update(devices)
      .set({ vehicleId: null })
      .where(
        and(
          eq(devices.vehicleId, vehicleId),
          ownedInSubtree(devices.holdId, holdPath),
          pks.length ? sql`${devices.id} <> ALL(${sql.param(pks)}::int[])` : undefined,
        ),
      );
    if (!pks.length) return;
    await this.db.update(devices).set({ vehicleId, objectType: ObjectType.Vehicle }).where(inArray(devices.id, pks));
    await this.db.delete(deviceObjects).where(inArray(deviceObjects.devicePk, pks));
  }

  async list(q: VehicleListQuery): Promise<{ rows: VehicleWithHold[]; total: number }> {
    const conds: (SQL | undefined)[] = [ownedInSubtree(vehicles.holdId, q.holdPath)];
    const keyword = q.keyword?.trim();
    if (keyword) {
      const k = escapeLike(keyword);
      // A VIN or a device ID holds only Latin letters and digits: a keyword with anything else (a plate's
      // Chinese province, an owner's name) cannot be part of one, and is not looked for there.
      const latin = /^[0-9A-Za-z]+$/.test(keyword);
      const onDevice = sql`SELECT d.vehicle_id FROM devices d
                            WHERE d.device_id ILIKE ${k} AND d.vehicle_id IS NOT NULL AND ${deviceInSubtree(q.holdPath)}`;
      if (keyword.length >= TRIGRAM) {
        // One arm per field, each answered by its trigram index (an OR across them would read every row).
        const arms = [
          sql`SELECT k.id FROM vehicles k WHERE k.plate ILIKE ${k}`,
          sql`SELECT k.id FROM vehicles k WHERE k.owner_name ILIKE ${k}`,
          ...(latin ? [sql`SELECT k.id FROM vehicles k WHERE k.vin ILIKE ${k}`, onDevice] : []),
        ];
        conds.push(sql`${vehicles.id} IN (${sql.join(arms, sql` UNION `)})`);
      } else {
        // Too short for trigrams: the rows are read once, every field tested on each.
        conds.push(
          or(
            ilike(vehicles.plate, k),
            ilike(vehicles.ownerName, k),
            ...(latin ? [ilike(vehicles.vin, k), sql`${vehicles.id} IN (${onDevice})`] : []),
          ),
        );
      }
    }
    if (q.lifeStatus) conds.push(eq(vehicles.lifeStatus, q.lifeStatus));
    if (q.province) conds.push(eq(vehicles.province, q.province));
    if (q.tag) conds.push(eq(vehicles.tag, q.tag));
    const where = and(...conds);
    if (q.sort === 'HoldName') return this.listByUnit(where, q);
    // Nulls (no install time, no life status) last either way; the id breaks ties so pages never overlap.
    const order = q.sort ? [orderOf(q.sort, q.desc), desc(vehicles.id)] : [desc(vehicles.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold)
        .from(vehicles)
        .innerJoin(holds, eq(holds.id, vehicles.holdId))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(vehicles).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }

  /**
   * The list by unit name (units of one name by id), each unit's vehicles newest first. Sorting the joined rows
   * by the unit's name read and sorted every vehicle of the subtree; instead the matching vehicles are counted
   * per unit (which is also the total), the units holding the page are found by name, and their rows read on
   * vehicles_hold_idx: one query the size of the count, and one or two small ones.
   */
  private async listByUnit(where: SQL | undefined, q: VehicleListQuery) {
    const perUnit = await this.db
      .select({ holdId: vehicles.holdId, name: holds.name, n: count() })
      .from(vehicles)
      .innerJoin(holds, eq(holds.id, vehicles.holdId))
      .where(where)
      .groupBy(vehicles.holdId, holds.name);
    const dir = q.desc ? -1 : 1;
    // Code-point order, as the C and C.UTF-8 collations of the project's databases compare.
    perUnit.sort((a, b) => dir * (a.name < b.name ? -1 : a.name > b.name ? 1 : a.holdId - b.holdId));
    const total = perUnit.reduce((sum, u) => sum + u.n, 0);
    const rows: VehicleWithHold[] = [];
    let skip = q.offset;
    for (const unit of perUnit) {
      if (rows.length >= q.limit) break;
      if (skip >= unit.n) {
        skip -= unit.n;
        continue;
      }
      const page = await this.db
        .select(withHold)
        .from(vehicles)
        .innerJoin(holds, eq(holds.id, vehicles.holdId))
        .where(and(where, eq(vehicles.holdId, unit.holdId)))
        .orderBy(desc(vehicles.id))
        .limit(q.limit - rows.length)
        .offset(skip);
      rows.push(...page.map(flatten));
      skip = 0;
    }
    return { rows, total };
  }

  /** The devices of the caller's subtree bound to these vehicles, online judged as the monitor judges it. */
  async devicesOf(
    vehicleIds: number[],
    holdPath: string,
    now: Date,
    onlineTimeoutMs: number,
  ): Promise<BoundDeviceRecord[]> {
    if (!vehicleIds.length) return [];
    const { rows } = await this.db.execute<BoundDeviceRecord>(sql`
      SELECT d.vehicle_id AS "vehicleId", d.device_id AS "deviceId", d.tracker_type AS "trackerType",
             coalesce(s.last_seen IS NOT NULL
                      AND (s.connected OR s.last_seen >= ${now}::timestamptz
                                                         - ${onlineTimeoutMs} * interval '1 millisecond'),
                      false) AS online
        FROM devices d
        LEFT JOIN device_states s ON s.device_pk = d.id
       WHERE d.vehicle_id = ANY(${sql.param(vehicleIds)}::int[]) AND ${deviceInSubtree(holdPath)}
       ORDER BY d.tracker_type, d.device_id`);
    return rows;
  }
}
