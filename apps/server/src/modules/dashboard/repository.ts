import { type Db, devices, sims } from '@lodestar/db';
import { SimState, VIP_FILTERS, type VipFilter } from '@lodestar/domain';
import { sql } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { vipCondition } from '../devices/repository.ts';
import { subtreeHoldIds } from '../devices/status-repository.ts';
import { displayStateCondition } from '../sims/repository.ts';

export interface DeviceFigures {
  /** Per VIP_FILTERS entry (expired, within 7, 30, 60 days): the device list's Vip filter's count. */
  vip: Record<VipFilter, number>;
  /** Per `dayEnds` entry: devices added since it (at or after it). */
  addedSince: number[];
}

export interface RecentDeviceRow {
  device_id: string;
  name: string;
  hold_name: string;
  protocol: string;
  created_at: Date;
}

/**
 * The GPS home's figures that are not the monitor's counts (those come from the monitor itself). Every
 * query is scoped to the devices of one subtree through holds' materialised path.
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /**
   * VIP states, and the devices added since each day's end (the unit's size at a day's end is its devices less
   * those). The VIP states are the device list's Vip filter itself (devices' vipCondition), so a figure and its
   * list agree. Both are index-only scans, one range per hold of the subtree: the VIP windows (all of them before
   * today + the longest window) off devices_hold_vip_idx, the last days' few devices off devices_hold_created_idx
   * (150,000 devices: a few ms, where reading every device of the unit took ~100 ms of both cores).
   */
  async deviceFigures(holdPath: string, today: string, dayEnds: Date[]): Promise<DeviceFigures> {
    const ids = subtreeHoldIds(holdPath);
    const longest = Math.max(...VIP_FILTERS.filter((f) => f !== 'expired').map(Number));
    const vip = VIP_FILTERS.map(
      (f, i) => sql`count(*) FILTER (WHERE ${vipCondition(f, today)})::int AS ${sql.identifier(`vip${i}`)}`,
    );
    const first = dayEnds.reduce((a, b) => (a < b ? a : b));
    const added = dayEnds.map(
      (end, i) =>
        sql`count(*) FILTER (WHERE ${devices.createdAt} >= ${end.toISOString()}::timestamptz)::int AS ${sql.identifier(`since${i}`)}`,
    );
    const { rows } = await this.db.execute(sql`
      SELECT vip.*, added.*
        FROM (SELECT ${sql.join(vip, sql`, `)} FROM ${devices}
               WHERE ${devices.holdId} = ANY(${ids}) AND ${devices.vipExpiresAt} < ${today}::date + ${longest}::int) vip,
             (SELECT ${sql.join(added, sql`, `)} FROM ${devices}
               WHERE ${devices.holdId} = ANY(${ids}) AND ${devices.createdAt} >= ${first.toISOString()}::timestamptz) added`);
    const r = rows[0] as Record<string, number>;
    return {
      vip: Object.fromEntries(VIP_FILTERS.map((f, i) => [f, r[`vip${i}`] ?? 0])) as Record<VipFilter, number>,
      addedSince: dayEnds.map((_, i) => r[`since${i}`] ?? 0),
    };
  }

  /**
   * Devices of the subtree with a device_days row, per day from `from` to `to` (inclusive). A subtree
   * holding every hold (the root unit) holds every device: its rows are counted off the primary key
   * alone, without joining 7 days × the fleet to devices (150,000 devices: ~700 ms against ~60).
   */
  async onlinePerDay(holdPath: string, from: string, to: string): Promise<Map<string, number>> {
    const days = sql`x.day BETWEEN ${from}::date AND ${to}::date`;
    const { rows } = await this.db.execute(sql`
      SELECT to_char(x.day, 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM device_days x
       WHERE ${days} AND NOT EXISTS (SELECT 1 FROM holds WHERE path NOT LIKE ${`${holdPath}%`})
       GROUP BY x.day
      UNION ALL
      SELECT to_char(x.day, 'YYYY-MM-DD') AS day, count(*)::int AS n
        FROM device_days x JOIN devices d ON d.id = x.device_pk JOIN holds h ON h.id = d.hold_id
       WHERE ${days} AND h.path LIKE ${`${holdPath}%`}
         AND EXISTS (SELECT 1 FROM holds WHERE path NOT LIKE ${`${holdPath}%`})
       GROUP BY x.day`);
    return new Map((rows as { day: string; n: number }[]).map((r) => [r.day, r.n]));
  }

  /** Alarm events of the subtree's devices since `since`, per alarm name, most first (events_alarm_time_idx). */
  async alarmsSince(holdPath: string, since: Date): Promise<{ type: string; n: number }[]> {
    const { rows } = await this.db.execute(sql`
      SELECT coalesce(e.alarm, '') AS type, count(*)::int AS n
        FROM events e JOIN devices d ON d.id = e.device_pk JOIN holds h ON h.id = d.hold_id
       WHERE e.type = 'alarm' AND e.event_time >= ${since.toISOString()}::timestamptz AND h.path LIKE ${`${holdPath}%`}
       GROUP BY 1 ORDER BY 2 DESC, 1`);
    return rows as { type: string; n: number }[];
  }

  /** The subtree's SIM cards not cancelled in the "expiring" display state (sims/repository's rule). */
  async simsExpiring(holdPath: string, today: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sims)
      .where(
        sql`${ownedInSubtree(sims.holdId, holdPath)} AND ${sims.state} <> ${SimState.Cancelled} AND ${displayStateCondition('expiring', today)}`,
      );
    return row?.n ?? 0;
  }

  /** The devices added last (id order is creation order: the primary key serves it without a sort). */
  async recentDevices(holdPath: string, limit: number): Promise<RecentDeviceRow[]> {
    const { rows } = await this.db.execute(sql`
      SELECT d.device_id, d.name, h.name AS hold_name, d.protocol, d.created_at
        FROM devices d JOIN holds h ON h.id = d.hold_id
       WHERE h.path LIKE ${`${holdPath}%`}
       ORDER BY d.id DESC LIMIT ${limit}`);
    return (rows as (Omit<RecentDeviceRow, 'created_at'> & { created_at: Date | string })[]).map((r) => ({
      ...r,
      created_at: new Date(r.created_at),
    }));
  }
}
