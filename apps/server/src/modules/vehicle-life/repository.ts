import { type Db, vehicles } from '@lodestar/db';
import { eq } from 'drizzle-orm';
import type pg from 'pg';

export interface LifeVehicle {
  id: number;
  plate: string;
  ownerName: string;
  lifeStatus: number | null;
}

/** The vehicle bound to a device (devices.vehicle_id) and its VehicleLifeStatus. SQL only. */
export class VehicleLifeRepository {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  /** The vehicle the device is bound to, when it is in the caller's subtree, as the monitor rows show it. */
  async boundTo(deviceId: string, holdPath: string): Promise<LifeVehicle | undefined> {
    const { rows } = await this.pool.query<LifeVehicle>(
      `SELECT v.id, v.plate, v.owner_name AS "ownerName", v.life_status AS "lifeStatus"
         FROM devices d JOIN vehicles v ON v.id = d.vehicle_id JOIN holds h ON h.id = v.hold_id
        WHERE d.device_id = $1 AND h.path LIKE $2`,
      [deviceId, `${holdPath}%`],
    );
    return rows[0];
  }

  async setLifeStatus(vehicleId: number, lifeStatus: number): Promise<void> {
    await this.db.update(vehicles).set({ lifeStatus }).where(eq(vehicles.id, vehicleId));
  }
}
