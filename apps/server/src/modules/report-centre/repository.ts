import type { DetectorState, TripSegment } from '@lodestar/domain';
import type pg from 'pg';
import type { EngineTimeline } from './engine-timeline.ts';

/** A device a report covers, with what its rows show. */
export interface ScopeDevice {
  pk: number;
  deviceId: string;
  name: string;
  holdName: string;
  holdPath: string;
  protocol: string;
  model: string;
  sim: string;
  vipExpiresAt: string | null;
  createdAt: Date;
}

export interface DayMileage {
  pk: number;
  day: string;
  distance: number;
  trips: number;
  moving: number;
  maxSpeed: number;
}

export interface EventHit {
  pk: number;
  type: string;
  alarm: string | null;
  time: Date;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  zone: string | null;
}

export interface DeviceStateRow {
  pk: number;
  lastSeen: Date | null;
  fixTime: Date | null;
  valid: boolean | null;
  lat: number | null;
  lon: number | null;
}

export interface CommandLogRow {
  pk: number;
  type: string;
  status: string;
  result: string | null;
  via: string;
  createdAt: Date;
  sentAt: Date | null;
  doneAt: Date | null;
}

export interface PhotoLogRow {
  pk: number;
  channel: number;
  takenAt: Date;
  lat: number | null;
  lng: number | null;
  size: number;
}

/** ACC as the codecs report it (ingest/state.ts accOf): `acc` or else `ignition`, a boolean or a number (0: off). */
const ACC_VALUE = `coalesce(attributes->'acc', attributes->'ignition')`;
const ACC_OF = (v: string) =>
  `CASE jsonb_typeof(${v}) WHEN 'boolean' THEN (${v})::boolean WHEN 'number' THEN (${v})::numeric <> 0 END`;

/** A trip's start and end on one calendar day of the zone ($4). */
const SAME_DAY = `(start_time AT TIME ZONE $4)::date = (end_time AT TIME ZONE $4)::date`;
/**
 * How far back a trip that reaches into the period may have started: the period's start bounds the read on trips'
 * primary key (device_pk, start_time). A trip runs until a stop or a gap in fixes (HISTORY_GAP_SECONDS); a week is far
 * past any that ends.
 */
const LONGEST_TRIP_DAYS = 7;

const DEVICE_COLUMNS = `d.id AS pk, d.device_id AS "deviceId", d.name, h.name AS "holdName", h.path AS "holdPath",
  d.protocol, d.model, d.sim, to_char(d.vip_expires_at, 'YYYY-MM-DD') AS "vipExpiresAt", d.created_at AS "createdAt"`;

/**
 * The report centre's reads: the precomputed trips, stops, device_days, events and device states of a set of
 * devices (their primary keys as one array parameter), never positions.
 */
export class ReportCentreRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** The devices of a subtree (holds' materialised path, holds_path_idx), in device id order. */
  async devicesIn(holdPath: string): Promise<ScopeDevice[]> {
    const { rows } = await this.pool.query<ScopeDevice>(
      `SELECT ${DEVICE_COLUMNS} FROM devices d JOIN holds h ON h.id = d.hold_id
        WHERE h.path LIKE $1 ORDER BY d.device_id`,
      [`${holdPath}%`],
    );
    return rows;
  }

  /** The named devices wherever they are: the service checks each against the caller's subtree. */
  async devicesById(deviceIds: string[]): Promise<ScopeDevice[]> {
    const { rows } = await this.pool.query<ScopeDevice>(
      `SELECT ${DEVICE_COLUMNS} FROM devices d JOIN holds h ON h.id = d.hold_id
        WHERE d.device_id = ANY($1::text[]) ORDER BY d.device_id`,
      [deviceIds],
    );
    return rows;
  }

  /**
   * Closed trips wholly inside [from, until] and inside one calendar day of `zone`, summed per device and day, off
   * trips' primary key (device_pk, start_time). The others are `cutTrips`'.
   */
  async mileagePerDay(pks: number[], from: Date, until: Date, zone: string): Promise<DayMileage[]> {
    const { rows } = await this.pool.query<DayMileage>(
      `SELECT device_pk AS pk, to_char(start_time AT TIME ZONE $4, 'YYYY-MM-DD') AS day,
              sum(distance)::float8 AS distance, count(*)::int AS trips, sum(duration)::int AS moving,
              max(max_speed)::float8 AS "maxSpeed"
         FROM trips WHERE device_pk = ANY($1::int[]) AND start_time >= $2 AND end_time <= $3
          AND ${SAME_DAY}
        GROUP BY 1, 2`,
      [pks, from, until, zone],
    );
    return rows;
  }

  /**
   * Closed trips with a part in [from, until] that cross midnight in `zone` or one of the period's edges: daily
   * mileage cuts them by their fixes. Few (a trip rarely runs past midnight), read on trips' primary key.
   */
  async cutTrips(pks: number[], from: Date, until: Date, zone: string): Promise<{ pk: number; trip: TripSegment }[]> {
    const { rows } = await this.pool.query<[number, Date, Date, number, number, number, number, number, number]>({
      text: `SELECT device_pk, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, max_speed
               FROM trips WHERE device_pk = ANY($1::int[]) AND start_time < $3 AND end_time > $2
                AND start_time >= $2 - interval '${LONGEST_TRIP_DAYS} days'
                AND NOT (start_time >= $2 AND end_time <= $3 AND ${SAME_DAY})
              ORDER BY device_pk, start_time`,
      values: [pks, from, until, zone],
      rowMode: 'array',
    });
    return rows.map((r) => ({
      pk: r[0],
      trip: {
        kind: 'trip',
        start: r[1].getTime(),
        end: r[2].getTime(),
        startLat: r[3],
        startLon: r[4],
        endLat: r[5],
        endLon: r[6],
        distance: r[7],
        maxSpeed: r[8],
      },
    }));
  }

  /**
   * One device's ACC and moving changes over [from, to] off its positions (positions_device_time_idx), only the
   * changes leaving the database: the ACC and idling reports' reading.
   */
  async engineTimeline(pk: number, from: Date, to: Date, movingKmh: number): Promise<EngineTimeline> {
    const [changes, before, last] = await Promise.all([
      this.pool.query<{ t: Date; kind: 'acc' | 'moving'; v: boolean }>(
        `WITH p AS (SELECT fix_time, valid, speed, ${ACC_OF(ACC_VALUE)} AS acc FROM positions
                     WHERE device_pk = $1 AND fix_time >= $2 AND fix_time <= $3),
              a AS (SELECT fix_time, acc, lag(acc) OVER (ORDER BY fix_time) AS was FROM p WHERE acc IS NOT NULL),
              m AS (SELECT fix_time, speed >= $4 AS moving, lag(speed >= $4) OVER (ORDER BY fix_time) AS was
                      FROM p WHERE valid)
         SELECT fix_time AS t, 'acc' AS kind, acc AS v FROM a WHERE was IS DISTINCT FROM acc
         UNION ALL
         SELECT fix_time, 'moving', moving FROM m WHERE was IS DISTINCT FROM moving
         ORDER BY 1, 2`,
        [pk, from, to, movingKmh],
      ),
      this.pool.query<{ acc: boolean }>(
        `SELECT ${ACC_OF(ACC_VALUE)} AS acc FROM positions
          WHERE device_pk = $1 AND fix_time < $2 AND fix_time >= $2 - interval '1 day'
            AND jsonb_typeof(${ACC_VALUE}) IN ('boolean', 'number')
          ORDER BY fix_time DESC LIMIT 1`,
        [pk, from],
      ),
      this.pool.query<{ t: Date | null }>(
        'SELECT max(fix_time) AS t FROM positions WHERE device_pk = $1 AND fix_time >= $2 AND fix_time <= $3',
        [pk, from, to],
      ),
    ]);
    const tl: EngineTimeline = { before: before.rows[0]?.acc ?? null, acc: [], moving: [], last: null };
    for (const r of changes.rows) {
      if (r.kind === 'acc') tl.acc.push({ t: r.t.getTime(), on: r.v });
      else tl.moving.push({ t: r.t.getTime(), moving: r.v });
    }
    tl.last = last.rows[0]?.t?.getTime() ?? null;
    return tl;
  }

  /** The detectors' persisted states: their open trips and stops. */
  async tripStates(pks: number[]): Promise<Map<number, DetectorState>> {
    const { rows } = await this.pool.query<{ pk: number; state: DetectorState }>(
      'SELECT device_pk AS pk, state FROM trip_states WHERE device_pk = ANY($1::int[])',
      [pks],
    );
    return new Map(rows.map((r) => [r.pk, r.state]));
  }

  /** Events of the devices in [from, to] whose type or alarm is one of `names`, in time order (events_device_time_idx). */
  async events(pks: number[], from: Date, to: Date, names: readonly string[]): Promise<EventHit[]> {
    const { rows } = await this.pool.query<EventHit>(
      `SELECT e.device_pk AS pk, e.type, e.alarm, e.event_time AS time, e.lat, e.lon, e.speed,
              coalesce(f.name, r.name) AS zone
         FROM events e LEFT JOIN fences f ON f.id = e.fence_id LEFT JOIN roads r ON r.id = e.road_id
        WHERE e.device_pk = ANY($1::int[]) AND e.event_time >= $2 AND e.event_time <= $3
          AND (e.type = ANY($4::text[]) OR e.alarm = ANY($4::text[]))
        ORDER BY e.event_time, e.id`,
      [pks, from, to, names],
    );
    return rows;
  }

  /**
   * The fuel level (litres, the codecs' `fuel` attribute) of every fix that carries one in [from, to], per device in
   * time order (positions_device_time_idx): only the fuel report reads positions, and only VIP devices'.
   */
  async fuelLevels(pks: number[], from: Date, to: Date): Promise<{ pk: number; time: Date; fuel: number }[]> {
    const { rows } = await this.pool.query<{ pk: number; time: Date; fuel: number }>(
      `SELECT device_pk AS pk, fix_time AS time, (attributes->>'fuel')::float8 AS fuel FROM positions
        WHERE device_pk = ANY($1::int[]) AND fix_time >= $2 AND fix_time <= $3
          AND jsonb_typeof(attributes->'fuel') = 'number'
        ORDER BY device_pk, fix_time`,
      [pks, from, to],
    );
    return rows;
  }

  /** Commands queued for the devices in [from, to] (commands_device_status_idx finds each device's). */
  async commands(pks: number[], from: Date, to: Date): Promise<CommandLogRow[]> {
    const { rows } = await this.pool.query<CommandLogRow>(
      `SELECT device_pk AS pk, type, status, result, via, created_at AS "createdAt", sent_at AS "sentAt", done_at AS "doneAt"
         FROM commands WHERE device_pk = ANY($1::int[]) AND created_at >= $2 AND created_at <= $3`,
      [pks, from, to],
    );
    return rows;
  }

  /** Photos the devices took in [from, to]. */
  async photos(pks: number[], from: Date, to: Date): Promise<PhotoLogRow[]> {
    const { rows } = await this.pool.query<PhotoLogRow>(
      `SELECT device_pk AS pk, channel, taken_at AS "takenAt", lat, lng, size FROM photos
        WHERE device_pk = ANY($1::int[]) AND taken_at >= $2 AND taken_at <= $3`,
      [pks, from, to],
    );
    return rows;
  }

  /** Alarms per device and name in [from, to]. */
  async alarmCounts(pks: number[], from: Date, to: Date): Promise<{ pk: number; alarm: string; n: number }[]> {
    const { rows } = await this.pool.query<{ pk: number; alarm: string; n: number }>(
      `SELECT device_pk AS pk, coalesce(alarm, '') AS alarm, count(*)::int AS n FROM events
        WHERE device_pk = ANY($1::int[]) AND event_time >= $2 AND event_time <= $3 AND type = 'alarm'
        GROUP BY 1, 2`,
      [pks, from, to],
    );
    return rows;
  }

  /** Devices with a device_days row per day from `fromDay` to `toDay` (inclusive). */
  async onlinePerDay(pks: number[], fromDay: string, toDay: string): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ day: string; n: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM device_days
        WHERE day BETWEEN $2::date AND $3::date AND device_pk = ANY($1::int[]) GROUP BY 1`,
      [pks, fromDay, toDay],
    );
    return new Map(rows.map((r) => [r.day, r.n]));
  }

  async states(pks: number[]): Promise<Map<number, DeviceStateRow>> {
    const { rows } = await this.pool.query<DeviceStateRow>(
      `SELECT device_pk AS pk, last_seen AS "lastSeen", fix_time AS "fixTime", valid, lat, lon
         FROM device_states WHERE device_pk = ANY($1::int[])`,
      [pks],
    );
    return new Map(rows.map((r) => [r.pk, r]));
  }

  /** The SIM card (by number or ICCID) of each device that has one on record, with its service end. */
  async simExpiry(pks: number[]): Promise<Map<number, { iccid: string; expiresOn: string | null }>> {
    const { rows } = await this.pool.query<{ pk: number; iccid: string; expiresOn: string | null }>(
      `SELECT DISTINCT ON (d.id) d.id AS pk, s.iccid, to_char(s.expires_on, 'YYYY-MM-DD') AS "expiresOn"
         FROM devices d JOIN sims s ON d.sim <> '' AND (s.msisdn = d.sim OR s.iccid = d.sim)
        WHERE d.id = ANY($1::int[]) ORDER BY d.id, s.expires_on DESC NULLS LAST`,
      [pks],
    );
    return new Map(rows.map((r) => [r.pk, r]));
  }
}
