import type { Pool } from 'pg';

export interface DatabaseFigures {
  version: string;
  sizeBytes: number;
  positionsEstimate: number;
  oldestDay: string | null;
  devices: number;
}

export interface ProtocolFigures {
  protocol: string;
  connected: number;
  devices: number;
}

/** What System/GetInfo reads from PostgreSQL. SQL only. */
export class SystemRepository {
  constructor(private readonly pool: Pool) {}

  async database(): Promise<DatabaseFigures> {
    // positions grows to billions of rows: the planner's estimate (reltuples, -1 before the first ANALYZE) instead
    // of count(*), and the oldest day from device_days (a row per device and day) instead of a scan of positions.
    const { rows } = await this.pool.query<{
      version: string;
      size: string;
      estimate: number;
      oldest: string | null;
      devices: number;
    }>(
      `SELECT current_setting('server_version') AS version,
              pg_database_size(current_database())::text AS size,
              GREATEST((SELECT reltuples FROM pg_class WHERE oid = 'positions'::regclass), 0)::float8 AS estimate,
              (SELECT min(day)::text FROM device_days) AS oldest,
              (SELECT count(*)::int FROM devices) AS devices`,
    );
    const r = rows[0]!;
    return {
      version: r.version,
      sizeBytes: Number(r.size),
      positionsEstimate: Math.round(r.estimate),
      oldestDay: r.oldest,
      devices: r.devices,
    };
  }

  async protocols(): Promise<ProtocolFigures[]> {
    const { rows } = await this.pool.query<ProtocolFigures>(
      `SELECT d.protocol, count(*) FILTER (WHERE s.connected)::int AS connected, count(*)::int AS devices
         FROM devices d LEFT JOIN device_states s ON s.device_pk = d.id
        GROUP BY d.protocol ORDER BY d.protocol`,
    );
    return rows;
  }

  async unknownDevices(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM unknown_devices');
    return rows[0]?.n ?? 0;
  }
}
