import type pg from 'pg';
import { TrackColumns } from './track-columns.ts';

export type TrackRow = [
  Date,
  Date,
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  boolean,
  string[] | null,
];

export interface PositionRecord {
  fixTime: Date;
  serverTime: Date;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number | null;
  satellites: number | null;
  valid: boolean;
  alarms: string[] | null;
  attributes: Record<string, unknown> | null;
}

/*
 * The compact form's columns computed by the server: epoch seconds as a float8 and integers, which `pg`
 * turns into numbers with parseFloat/parseInt, where two timestamptz per row went through postgres-date's
 * regex into Dates. Halves round up (floor(x + 0.5)), as the console's Math.round does; PostgreSQL's round() of
 * a float rounds them to even. An empty alarms array comes back as NULL so the client parses no array for it.
 */
const COMPACT_COLUMNS = `floor(date_part('epoch', fix_time))::float8, floor(lat * 1e6 + 0.5)::int4,
       floor(lon * 1e6 + 0.5)::int4, floor(speed * 10 + 0.5)::int4, course::int4, valid,
       CASE WHEN cardinality(alarms) > 0 THEN alarms END`;

/** A rolled-up day: its points packed (track-columns.ts packDay), its share of the compact reply (compact-reply.ts). */
export interface RolledDay {
  /** Null on a day read whole that has a reply (rolledDays). */
  data: Buffer | null;
  /** Null on a row rolled before the reply was stored; the rollup writes it again. */
  reply: Buffer | null;
}

/** History reads on positions and the rolled-up days (track_days). SQL only. */
export class HistoryRepository {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * A track in time order, as arrays: a 30-day track is hundreds of thousands of rows. Only the columns the
   * reply carries: reading `attributes` made the client parse a JSON document per point for nothing.
   */
  async track(devicePk: number, from: Date, to: Date, endExclusive = false): Promise<TrackRow[]> {
    const { rows } = await this.pool.query({
      text: `SELECT fix_time, server_time, lat, lon, speed, course, altitude, satellites, valid, alarms
               FROM positions WHERE device_pk = $1 AND fix_time >= $2 AND fix_time ${endExclusive ? '<' : '<='} $3
              ORDER BY fix_time`,
      values: [devicePk, from, to],
      rowMode: 'array',
    });
    return rows as TrackRow[];
  }

  /** Positions in [from, until) appended to `into` in the compact form's units. */
  async compactInto(
    into: TrackColumns,
    devicePk: number,
    from: Date,
    until: Date,
    on: pg.Pool | pg.PoolClient = this.pool,
  ): Promise<void> {
    const { rows } = await on.query({
      text: `SELECT ${COMPACT_COLUMNS} FROM positions
              WHERE device_pk = $1 AND fix_time >= $2 AND fix_time < $3 ORDER BY fix_time`,
      values: [devicePk, from, until],
      rowMode: 'array',
    });
    for (const r of rows as [number, number, number, number, number, boolean, string[] | null][])
      into.push(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
  }

  /** A UTC day's positions of a device, in the compact form's units (the rollup's input). */
  async compactDay(devicePk: number, day: string, on: pg.Pool | pg.PoolClient = this.pool): Promise<TrackColumns> {
    const c = new TrackColumns();
    const from = new Date(`${day}T00:00:00Z`);
    await this.compactInto(c, devicePk, from, new Date(from.getTime() + 86_400_000), on);
    return c;
  }

  /**
   * The rolled-up days of a device between two UTC days (inclusive), leaving out days marked stale. A day between
   * the two is read whole, so its packed points come only where it has no reply: bytea travels as hex text,
   * which pg decodes per byte.
   */
  async rolledDays(devicePk: number, firstDay: string, lastDay: string): Promise<Map<string, RolledDay>> {
    const { rows } = await this.pool.query<RolledDay & { day: string }>(
      `SELECT to_char(t.day, 'YYYY-MM-DD') AS day, t.reply,
              CASE WHEN t.reply IS NULL OR t.day IN ($2::date, $3::date) THEN t.data END AS data
         FROM track_days t
        WHERE t.device_pk = $1 AND t.day BETWEEN $2::date AND $3::date
          AND NOT EXISTS (SELECT 1 FROM track_days_stale s WHERE s.device_pk = t.device_pk AND s.day = t.day)`,
      [devicePk, firstDay, lastDay],
    );
    return new Map(rows.map((r) => [r.day, r]));
  }

  /** The first position of a device in [from, until), with its attributes. */
  async positionAt(devicePk: number, from: Date, until: Date): Promise<PositionRecord | undefined> {
    const { rows } = await this.pool.query<PositionRecord>(
      `SELECT fix_time AS "fixTime", server_time AS "serverTime", lat, lon, speed, course, altitude, satellites,
              valid, alarms, attributes
         FROM positions WHERE device_pk = $1 AND fix_time >= $2 AND fix_time < $3 ORDER BY fix_time, id LIMIT 1`,
      [devicePk, from, until],
    );
    return rows[0];
  }
}
