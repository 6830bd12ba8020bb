import type { SpreadKind } from '@lodestar/domain';
import type { Pool } from 'pg';

export interface PendingState {
  devicePk: number;
  lat: number;
  lon: number;
}

export interface LocatedRegion extends PendingState {
  province: string;
  city: string;
}

export interface AreaFilter {
  holdPath: string;
  kind: SpreadKind;
  province?: string | undefined;
  city?: string | undefined;
}

/**
 * One row per counted object with its place: a device, a vehicle at its most recently located device, or a
 * customer (a unit below the caller's) at its default province. `$1` is the subtree's LIKE pattern.
 */
const LOCATED: Record<SpreadKind, string> = {
  devices: `SELECT r.province, r.city, r.lat, r.lon FROM device_regions r
              JOIN devices d ON d.id = r.device_pk
             WHERE d.hold_id IN (SELECT id FROM holds WHERE path LIKE $1)`,
  vehicles: `SELECT DISTINCT ON (d.vehicle_id) r.province, r.city, r.lat, r.lon FROM device_regions r
               JOIN devices d ON d.id = r.device_pk
               JOIN vehicles v ON v.id = d.vehicle_id
              WHERE v.hold_id IN (SELECT id FROM holds WHERE path LIKE $1)
              ORDER BY d.vehicle_id, r.located_at DESC, r.device_pk DESC`,
  customers: `SELECT hp.province, '' AS city, NULL::float8 AS lat, NULL::float8 AS lon FROM hold_provinces hp
                JOIN holds h ON h.id = hp.hold_id
               WHERE hp.is_default AND h.path LIKE $1 AND h.path <> left($1, -1)`,
};

const TOTAL: Record<SpreadKind, string> = {
  devices: 'SELECT count(*)::int AS n FROM devices WHERE hold_id IN (SELECT id FROM holds WHERE path LIKE $1)',
  vehicles: 'SELECT count(*)::int AS n FROM vehicles WHERE hold_id IN (SELECT id FROM holds WHERE path LIKE $1)',
  customers: 'SELECT count(*)::int AS n FROM holds WHERE path LIKE $1 AND path <> left($1, -1)',
};

/** The country view's heat cell of a row's position (`t.lat`, `t.lon`): indices of COUNTRY_CELL degrees. */
export const COUNTRY_CELL = 0.5;
const CELL = (t: string) =>
  `round(${t}.lon / ${COUNTRY_CELL})::int AS cell_x, round(${t}.lat / ${COUNTRY_CELL})::int AS cell_y`;

/** device_regions (written by the locator) and the business map's aggregates over it. SQL only. */
export class SpreadRepository {
  constructor(private readonly pool: Pool) {}

  /**
   * Devices whose latest position has no region yet or moved from the one located; with `since`, only those whose
   * state arrived since then (receive_time, or fix_time for a state written without one): the rest of the fleet is
   * left out before the join, which was most of a request's time at 100,000 devices.
   */
  async pending(limit: number, since?: Date): Promise<PendingState[]> {
    const { rows } = await this.pool.query<{ device_pk: number; lat: number; lon: number }>(
      `SELECT s.device_pk, s.lat, s.lon FROM device_states s
         LEFT JOIN device_regions r ON r.device_pk = s.device_pk
        WHERE s.lat IS NOT NULL AND s.lon IS NOT NULL AND (s.lat <> 0 OR s.lon <> 0)
          AND ($2::timestamptz IS NULL OR coalesce(s.receive_time, s.fix_time) >= $2)
          AND (r.device_pk IS NULL OR r.lat <> s.lat OR r.lon <> s.lon)
        LIMIT $1`,
      [limit, since ?? null],
    );
    return rows.map((r) => ({ devicePk: r.device_pk, lat: r.lat, lon: r.lon }));
  }

  /**
   * Saves the regions and moves each device's count in spread_cells from its old cell to its new one, in one
   * statement (its CTEs share one snapshot: `old` is the regions before the upsert).
   */
  async save(regions: LocatedRegion[]): Promise<void> {
    if (!regions.length) return;
    // One statement for the batch (arrays, not a row of parameters each); a device removed meanwhile is skipped.
    await this.pool.query(
      `WITH x AS (
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::float8[], $5::float8[]) AS x(pk, province, city, lat, lon)
          WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.pk)),
       old AS (SELECT r.device_pk, r.province, r.lat, r.lon FROM device_regions r JOIN x ON x.pk = r.device_pk),
       up AS (
         INSERT INTO device_regions (device_pk, province, city, lat, lon, located_at)
         SELECT pk, province, city, lat, lon, now() FROM x
         ON CONFLICT (device_pk) DO UPDATE
           SET province = EXCLUDED.province, city = EXCLUDED.city, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
               located_at = EXCLUDED.located_at
         RETURNING device_pk, province, lat, lon),
       moved AS (
         SELECT d.hold_id, c.province, ${CELL('c')}, sum(c.n)::int AS n
           FROM (SELECT device_pk, province, lat, lon, -1 AS n FROM old
                 UNION ALL SELECT device_pk, province, lat, lon, 1 FROM up) c
           JOIN devices d ON d.id = c.device_pk
          WHERE c.province <> '' GROUP BY 1, 2, 3, 4)
       INSERT INTO spread_cells AS s (hold_id, province, cell_x, cell_y, n)
       SELECT * FROM moved WHERE n <> 0
       ON CONFLICT (hold_id, province, cell_x, cell_y) DO UPDATE SET n = s.n + EXCLUDED.n`,
      [
        regions.map((r) => r.devicePk),
        regions.map((r) => r.province),
        regions.map((r) => r.city),
        regions.map((r) => r.lat),
        regions.map((r) => r.lon),
      ],
    );
  }

  /** spread_cells again from device_regions and the devices' units as they are now (the locator's background pass). */
  async rebuildCells(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM spread_cells');
      await client.query(
        `INSERT INTO spread_cells (hold_id, province, cell_x, cell_y, n)
         SELECT d.hold_id, r.province, ${CELL('r')}, count(*)::int FROM device_regions r JOIN devices d ON d.id = r.device_pk
          WHERE r.province <> '' GROUP BY 1, 2, 3, 4`,
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** The country view of a subtree's devices off the rollup: per province and 0.5° cell (a few thousand rows). */
  async countryCells(holdPath: string): Promise<{ province: string; x: number; y: number; n: number }[]> {
    const { rows } = await this.pool.query<{ province: string; x: number; y: number; n: number }>(
      `SELECT province, cell_x AS x, cell_y AS y, sum(n)::int AS n FROM spread_cells
        WHERE hold_id IN (SELECT id FROM holds WHERE path LIKE $1) GROUP BY 1, 2, 3 HAVING sum(n) > 0`,
      [`${holdPath}%`],
    );
    return rows;
  }

  private where(f: AreaFilter): { sql: string; params: unknown[] } {
    const params: unknown[] = [`${f.holdPath}%`];
    let sql = "province <> ''";
    if (f.province !== undefined) {
      params.push(f.province);
      sql += ` AND province = $${params.length}`;
    }
    if (f.city !== undefined) {
      params.push(f.city);
      sql += ` AND city = $${params.length}`;
    }
    return { sql, params };
  }

  /** Counts per province (no province given) or per city of one province, largest first. */
  async counts(f: AreaFilter, by: 'province' | 'city'): Promise<{ code: string; n: number }[]> {
    const w = this.where(f);
    const { rows } = await this.pool.query<{ code: string; n: number }>(
      `WITH located AS (${LOCATED[f.kind]})
       SELECT ${by} AS code, count(*)::int AS n FROM located WHERE ${w.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
      w.params,
    );
    return rows;
  }

  /** Located objects binned into a grid of `cell` degrees: [lng, lat, count]. */
  async heat(f: AreaFilter, cell: number): Promise<[number, number, number][]> {
    const w = this.where(f);
    w.params.push(cell);
    const g = `$${w.params.length}::float8`;
    const { rows } = await this.pool.query<{ x: number; y: number; n: number }>(
      `WITH located AS (${LOCATED[f.kind]})
       SELECT round(lon / ${g}) * ${g} AS x, round(lat / ${g}) * ${g} AS y, count(*)::int AS n
         FROM located WHERE ${w.sql} AND lat IS NOT NULL GROUP BY 1, 2`,
      w.params,
    );
    return rows.map((r) => [Number(r.x.toFixed(4)), Number(r.y.toFixed(4)), r.n]);
  }

  async total(holdPath: string, kind: SpreadKind): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(TOTAL[kind], [`${holdPath}%`]);
    return rows[0]?.n ?? 0;
  }
}
