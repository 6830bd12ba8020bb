import { type Db, deviceObjects, devices } from '@lodestar/db';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { NewDevice } from './repository.ts';

export type DeviceObjectRow = typeof deviceObjects.$inferSelect;
export type NewDeviceObject = Omit<typeof deviceObjects.$inferInsert, 'devicePk' | 'updatedAt'>;

/** What the device list adds to a device row, read for the page's devices only. */
export interface DeviceExtras {
  vehicleId: number | null;
  plate: string | null;
  objectName: string | null;
  fuel: unknown;
  sim: { id: number; iccid: string; msisdn: string; state: number; expiresOn: string | null } | null;
}

/** The device register's writes (a device and the person or asset it is on) and the list's extras. */
export class DeviceInfoRepository {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  /** A device and, for a person or asset, its object row, together. */
  async insert(d: NewDevice, object: NewDeviceObject | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(devices).values(d).returning({ id: devices.id });
      if (object) await tx.insert(deviceObjects).values({ ...object, devicePk: row!.id });
      return row!.id;
    });
  }

  /**
   * The device's fields and its object, together: `object` null removes the object row (the device is on a
   * vehicle now), undefined leaves it.
   */
  async update(id: number, patch: Partial<NewDevice>, object: NewDeviceObject | null | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (Object.keys(patch).length) await tx.update(devices).set(patch).where(eq(devices.id, id));
      if (object === null) await tx.delete(deviceObjects).where(eq(deviceObjects.devicePk, id));
      else if (object)
        await tx
          .insert(deviceObjects)
          .values({ ...object, devicePk: id })
          .onConflictDoUpdate({
            target: deviceObjects.devicePk,
            // The photo stays: it is uploaded apart (Device/UploadPhoto).
            set: { ...object, updatedAt: sql`now()` },
          });
    });
  }

  async object(devicePk: number): Promise<DeviceObjectRow | undefined> {
    const [row] = await this.db.select().from(deviceObjects).where(eq(deviceObjects.devicePk, devicePk));
    return row;
  }

  /** Records the stored photo of a person device; false when the device has no person row. */
  async setPhoto(devicePk: number, photo: string): Promise<boolean> {
    const rows = await this.db
      .update(deviceObjects)
      .set({ photo, updatedAt: sql`now()` })
      .where(and(eq(deviceObjects.devicePk, devicePk), eq(deviceObjects.kind, 2)))
      .returning({ pk: deviceObjects.devicePk });
    return rows.length > 0;
  }

  /** The plate of the vehicle a device is bound to, whoever holds it (for the unbinding's log line). */
  async plateOf(vehicleId: number): Promise<string> {
    const { rows } = await this.pool.query<{ plate: string }>('SELECT plate FROM vehicles WHERE id = $1', [vehicleId]);
    return rows[0]?.plate ?? String(vehicleId);
  }

  /**
   * Per device of a page: its vehicle (of the caller's subtree), its person's or asset's name, the fuel it last
   * reported, and the SIM card of the caller's subtree whose MSISDN or ICCID is the device's SIM (a live card
   * before a cancelled one).
   */
  async extrasOf(pks: number[], holdPath: string): Promise<Map<number, DeviceExtras>> {
    if (!pks.length) return new Map();
    const { rows } = await this.pool.query(
      `SELECT d.id, v.id AS vehicle_id, v.plate, o.name AS object_name, s.attributes -> 'fuel' AS fuel,
              c.id AS sim_id, c.iccid, c.msisdn, c.state AS sim_state, c.expires_on::text AS expires_on
         FROM devices d
         LEFT JOIN LATERAL (
           SELECT v.id, v.plate FROM vehicles v JOIN holds h ON h.id = v.hold_id
            WHERE v.id = d.vehicle_id AND h.path LIKE $2) v ON true
         LEFT JOIN device_objects o ON o.device_pk = d.id
         LEFT JOIN device_states s ON s.device_pk = d.id
         LEFT JOIN LATERAL (
           SELECT c.id, c.iccid, c.msisdn, c.state, c.expires_on FROM sims c JOIN holds h ON h.id = c.hold_id
            WHERE d.sim <> '' AND (c.msisdn = d.sim OR c.iccid = d.sim) AND h.path LIKE $2
            ORDER BY c.state = 7, c.id DESC LIMIT 1) c ON true
        WHERE d.id = ANY($1::int[])`,
      [pks, `${holdPath}%`],
    );
    return new Map(
      rows.map((r) => [
        r.id as number,
        {
          vehicleId: r.vehicle_id,
          plate: r.plate,
          objectName: r.object_name,
          fuel: r.fuel,
          sim: r.sim_id
            ? { id: r.sim_id, iccid: r.iccid, msisdn: r.msisdn, state: r.sim_state, expiresOn: r.expires_on }
            : null,
        },
      ]),
    );
  }
}
