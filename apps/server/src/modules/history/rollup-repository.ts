import type pg from 'pg';
import type { HistoryRepository } from './repository.ts';
import type { TrackColumns } from './track-columns.ts';

/** A track_days row's two forms of the day (rollup.ts packTrackDay). */
export interface PackedDay {
  data: Buffer;
  reply: Buffer;
}

export interface DeviceDay {
  devicePk: number;
  /** UTC day, YYYY-MM-DD. */
  day: string;
}

/** The rollup job's SQL: which device-days to pack, and packing one. */
export class RollupRepository {
  constructor(
    private readonly pool: pg.Pool,
    private readonly history: HistoryRepository,
  ) {}

  /**
   * Device-days between two UTC days (inclusive) with no row yet, marked stale, or rolled before rows had a reply. A device that reported on
   * a UTC day has a device_days row (a day of DEVICE_DAY_TIME_ZONE) within a day of it, so those are the
   * candidates, whatever that zone; one that turns out to have no position there gets an empty row.
   */
  async candidates(firstDay: string, lastDay: string, limit: number): Promise<DeviceDay[]> {
    const { rows } = await this.pool.query<DeviceDay>(
      `WITH days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') d)
       SELECT "devicePk", to_char(day, 'YYYY-MM-DD') AS day FROM (
         SELECT dd.device_pk AS "devicePk", days.day FROM days
           JOIN device_days dd ON dd.day BETWEEN days.day - 1 AND days.day + 1
          WHERE NOT EXISTS (SELECT 1 FROM track_days t WHERE t.device_pk = dd.device_pk AND t.day = days.day)
         UNION
         SELECT device_pk, day FROM track_days_stale WHERE day BETWEEN $1::date AND $2::date
         UNION
         SELECT device_pk, day FROM track_days WHERE reply IS NULL AND day BETWEEN $1::date AND $2::date
       ) c ORDER BY day, "devicePk" LIMIT $3`,
      [firstDay, lastDay, limit],
    );
    return rows;
  }

  /**
   * Packs a device's UTC day in one transaction that first removes the day's stale mark: a late fix committed
   * after this read marks the day again (the ingest writes its mark after the position's commit), so it is
   * never lost between the read and the write.
   */
  async rollDay(d: DeviceDay, pack: (c: TrackColumns) => PackedDay): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM track_days_stale WHERE device_pk = $1 AND day = $2::date', [d.devicePk, d.day]);
      const columns = await this.history.compactDay(d.devicePk, d.day, client);
      const packed = pack(columns);
      await client.query(
        `INSERT INTO track_days (device_pk, day, points, data, reply) VALUES ($1, $2::date, $3, $4, $5)
         ON CONFLICT (device_pk, day) DO UPDATE
           SET points = EXCLUDED.points, data = EXCLUDED.data, reply = EXCLUDED.reply, rolled_at = now()`,
        [d.devicePk, d.day, columns.count, packed.data, packed.reply],
      );
      await client.query('COMMIT');
      return columns.count;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Rows and marks older than the oldest day any device may still read (90 days with VIP). */
  async prune(beforeDay: string): Promise<void> {
    await this.pool.query('DELETE FROM track_days WHERE day < $1::date', [beforeDay]);
    await this.pool.query('DELETE FROM track_days_stale WHERE day < $1::date', [beforeDay]);
  }
}
