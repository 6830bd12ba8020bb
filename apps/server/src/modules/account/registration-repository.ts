import { type Db, holds, vehicles } from '@lodestar/db';
import { isNull } from 'drizzle-orm';

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

  async insertVehicle(holdId: number, v: { plate: string; ownerName: string; deviceId: string }): Promise<void> {
    await this.db.insert(vehicles).values({ holdId, ...v });
  }
}
