import { type Db, devices, follows, holds } from '@lodestar/db';
import { STATUS_FILTERS, type StatusFilter } from '@lodestar/domain';
import { and, eq, like } from 'drizzle-orm';
import type pg from 'pg';
import { type Judge, statusCounts } from './status-repository.ts';

export interface DetailRow {
  valid: boolean | null;
  attributes: Record<string, unknown> | null;
  plate: string | null;
  owner_name: string | null;
}

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

  /** The monitor's counts per filter of spec section 4 for a subtree, judged by PostgreSQL (status-repository.ts). */
  counts(holdPath: string, judge: Judge): Promise<Record<StatusFilter, number>> {
    return statusCounts(this.db, holdPath, judge, STATUS_FILTERS);
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

  /**
   * What the device panel adds to a monitor row: the latest fix's validity and decoded attributes, and the
   * vehicle the device is bound to (devices.vehicle_id) when the vehicle is in the caller's subtree.
   */
  async detail(devicePk: number, holdPath: string): Promise<DetailRow | undefined> {
    const { rows } = await this.pool.query(
      `SELECT s.valid, s.attributes, v.plate, v.owner_name
         FROM devices d
         LEFT JOIN device_states s ON s.device_pk = d.id
         LEFT JOIN LATERAL (
           SELECT v.plate, v.owner_name FROM vehicles v JOIN holds h ON h.id = v.hold_id
            WHERE v.id = d.vehicle_id AND h.path LIKE $2) v ON true
        WHERE d.id = $1`,
      [devicePk, `${holdPath}%`],
    );
    return rows[0] as DetailRow | undefined;
  }

  async deviceInSubtree(deviceId: string, holdPath: string) {
    const [row] = await this.db
      .select({ pk: devices.id, deviceId: devices.deviceId, protocol: devices.protocol })
      .from(devices)
      .innerJoin(holds, eq(holds.id, devices.holdId))
      .where(and(eq(devices.deviceId, deviceId), like(holds.path, `${holdPath}%`)));
    return row;
  }
}
