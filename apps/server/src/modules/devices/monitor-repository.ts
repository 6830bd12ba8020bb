import { type Db, devices, follows, holds } from '@lodestar/db';
import { and, eq, like } from 'drizzle-orm';
import type pg from 'pg';

/** Follows, alarm release and the per-status counts of the monitor. */
export class MonitorRepository {
  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
  ) {}

  async followedPks(userId: number): Promise<Set<number>> {
    const rows = await this.db.select({ pk: follows.devicePk }).from(follows).where(eq(follows.userId, userId));
    return new Set(rows.map((r) => r.pk));
  }

  /** Toggles a follow; returns whether the device is followed now. */
  async toggleFollow(userId: number, devicePk: number): Promise<boolean> {
    const removed = await this.db
      .delete(follows)
      .where(and(eq(follows.userId, userId), eq(follows.devicePk, devicePk)))
      .returning();
    if (removed.length) return false;
    await this.db.insert(follows).values({ userId, devicePk }).onConflictDoNothing();
    return true;
  }

  /** Every device of a subtree with what its status needs: one row per device, no history. */
  async subtreeStates(holdPath: string) {
    const { rows } = await this.pool.query(
      `SELECT d.id AS pk, s.* FROM devices d JOIN holds h ON h.id = d.hold_id
         LEFT JOIN device_states s ON s.device_pk = d.id
        WHERE h.path LIKE $1`,
      [`${holdPath}%`],
    );
    return rows as ({ pk: number; device_pk: number | null } & Record<string, unknown>)[];
  }

  /** Marks the device's open alarms released and clears them from its latest state, in one statement. */
  async releaseAlarms(devicePk: number, userId: number, reason: string): Promise<number> {
    const { rows } = await this.pool.query(
      `WITH ev AS (
         UPDATE events SET released_at = now(), release_reason = $3, released_by = $2
          WHERE device_pk = $1 AND type = 'alarm' AND released_at IS NULL RETURNING 1),
       st AS (UPDATE device_states SET alarms = '{}', overspeed_since = NULL WHERE device_pk = $1)
       SELECT count(*)::int AS n FROM ev`,
      [devicePk, userId, reason],
    );
    return rows[0].n as number;
  }

  async deviceInSubtree(deviceId: string, holdPath: string) {
    const [row] = await this.db
      .select({ pk: devices.id, deviceId: devices.deviceId })
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(and(eq(devices.deviceId, deviceId), like(holds.path, `${holdPath}%`)));
    return row;
  }
}
