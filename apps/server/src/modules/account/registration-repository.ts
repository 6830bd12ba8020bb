import { type Db, devices, holds, vehicles } from '@lodestar/db';
import { and, eq, isNull } from 'drizzle-orm';

/** What self-registration writes besides the user and its hold: the default parent and the vehicle. */
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  /** The oldest root hold: where registered users go when REGISTRATION_HOLD_ID is not set. */
  async firstRootHoldId(): Promise<number | undefined> {
    const [root] = await this.db
      .select({ id: holds.id })
      .from(holds)
      .where(isNull(holds.parentId))
      .orderBy(holds.id)
      .limit(1);
    return root?.id;
  }

  /**
   * Moves a device from stock (the registration unit) into the new customer's unit; false when it is no
   * longer there (claimed by someone else since it was checked).
   */
  async claimDevice(devicePk: number, stockHoldId: number, customerHoldId: number): Promise<boolean> {
    const moved = await this.db
      .update(devices)
      .set({ holdId: customerHoldId })
      .where(and(eq(devices.id, devicePk), eq(devices.holdId, stockHoldId)))
      .returning({ id: devices.id });
    return moved.length > 0;
  }

  /** The customer's vehicle, with its claimed device bound to it (when one was given). */
  async insertVehicle(holdId: number, v: { plate: string; ownerName: string; deviceId: string }): Promise<void> {
    const [row] = await this.db
      .insert(vehicles)
      .values({ holdId, plate: v.plate, ownerName: v.ownerName })
      .returning({ id: vehicles.id });
    if (v.deviceId && row) {
      await this.db
        .update(devices)
        .set({ vehicleId: row.id })
        .where(and(eq(devices.deviceId, v.deviceId), eq(devices.holdId, holdId)));
    }
  }
}
