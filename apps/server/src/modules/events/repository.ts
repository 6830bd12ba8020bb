import type { EVENT_SORT_COLUMNS } from '@lodestar/contract/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';

type EventSortColumn = (typeof EVENT_SORT_COLUMNS)[number];

export type EventRecord = {
  id: number;
  deviceId: string;
  deviceName: string;
  plate: string | null;
  holdName: string;
  type: string;
  alarm: string | null;
  eventTime: Date;
  fenceId: number | null;
  roadId: number | null;
  zoneName: string | null;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  releasedAt: Date | null;
};

export interface EventListQuery {
  holdPath: string;
  devicePk?: number | undefined;
  /** EVENT_TYPES names: matched against events.alarm (zone events, device alarms) and events.type (state changes). */
  types?: string[] | undefined;
  fenceId?: number | undefined;
  roadId?: number | undefined;
  alarm?: boolean | undefined;
  from: Date;
  to: Date;
  sort?: EventSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

/** The events the ingest stored (alarms, zone events, state changes), for the event list. SQL only. */
export class EventRepository {
  constructor(private readonly db: Executor) {}

  async findDevice(pkOf: SQL): Promise<{ pk: number; holdPath: string } | undefined> {
    const { rows } = await this.db.execute<{ pk: number; holdPath: string }>(sql`
      SELECT d.id AS pk, h.path AS "holdPath" FROM devices d JOIN holds h ON h.id = d.hold_id
       WHERE d.id IN (SELECT devices.id FROM devices WHERE ${pkOf}) ORDER BY d.id LIMIT 1`);
    return rows[0];
  }

  async list(q: EventListQuery): Promise<{ rows: EventRecord[]; total: number }> {
    // The subtree's devices as a set of ids: each is then read on events_device_time_idx over the period.
    const conds: SQL[] = [
      q.devicePk
        ? sql`e.device_pk = ${q.devicePk}`
        : sql`e.device_pk = ANY(ARRAY(SELECT dd.id FROM devices dd JOIN holds hh ON hh.id = dd.hold_id
                                       WHERE hh.path LIKE ${`${q.holdPath}%`}))`,
      sql`e.event_time >= ${q.from.toISOString()}::timestamptz AND e.event_time < ${q.to.toISOString()}::timestamptz`,
    ];
    if (q.types?.length)
      conds.push(sql`(e.alarm = ANY(${sql.param(q.types)}::text[]) OR e.type = ANY(${sql.param(q.types)}::text[]))`);
    if (q.fenceId) conds.push(sql`e.fence_id = ${q.fenceId}`);
    if (q.roadId) conds.push(sql`e.road_id = ${q.roadId}`);
    if (q.alarm !== undefined) conds.push(q.alarm ? sql`e.type = 'alarm'` : sql`e.type <> 'alarm'`);
    const where = sql.join(conds, sql` AND `);
    const dir = sql.raw(q.desc ? 'DESC' : 'ASC');
    const order =
      q.sort === 'DeviceID'
        ? sql`d.device_id ${dir}, e.event_time DESC, e.id DESC`
        : q.sort === 'Type'
          ? sql`coalesce(e.alarm, e.type) ${dir}, e.event_time DESC, e.id DESC`
          : q.sort
            ? sql`e.event_time ${dir}, e.id ${dir}`
            : sql`e.event_time DESC, e.id DESC`;
    const [page, count] = await Promise.all([
      this.db.execute<EventRecord>(sql`
        SELECT e.id::int AS id, d.device_id AS "deviceId", d.name AS "deviceName", v.plate, h.name AS "holdName",
               e.type, e.alarm, e.event_time AS "eventTime", e.fence_id AS "fenceId", e.road_id AS "roadId",
               coalesce(f.name, r.name) AS "zoneName", e.lat, e.lon, e.speed, e.released_at AS "releasedAt"
          FROM events e
          JOIN devices d ON d.id = e.device_pk
          JOIN holds h ON h.id = d.hold_id
          LEFT JOIN vehicles v ON v.id = d.vehicle_id
          LEFT JOIN fences f ON f.id = e.fence_id
          LEFT JOIN roads r ON r.id = e.road_id
         WHERE ${where}
         ORDER BY ${order}
         LIMIT ${q.limit} OFFSET ${q.offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`),
    ]);
    const date = (d: Date | string | null) => (d === null ? null : new Date(d));
    return {
      rows: page.rows.map((r) => ({ ...r, eventTime: date(r.eventTime)!, releasedAt: date(r.releasedAt) })),
      total: count.rows[0]?.n ?? 0,
    };
  }
}
