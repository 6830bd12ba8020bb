import type { Pool } from 'pg';

export interface ProvinceFigures {
  province: string;
  devices: number;
  vehicles: number;
}

export interface RoadWithHold {
  id: number;
  name: string;
  holdId: number;
  holdName: string;
  holdPath: string;
  width: number;
  province: string;
}

const SUBTREE = 'SELECT id FROM holds WHERE path LIKE $1';

/**
 * Devices and vehicles of a subtree counted by where device_regions (the spread module's locator) last placed
 * them, grouped by `by`; a vehicle is where its most recently located device is (ties: its newest device).
 */
const FIGURES = (by: 'province' | 'city', extra: string) => `
  WITH dev AS (
    SELECT r.${by} AS k, count(*)::int AS n FROM device_regions r JOIN devices d ON d.id = r.device_pk
     WHERE d.hold_id IN (${SUBTREE}) AND r.province <> '' ${extra} GROUP BY 1),
  veh AS (
    SELECT k, count(*)::int AS n FROM (
      SELECT DISTINCT ON (d.vehicle_id) r.${by} AS k FROM device_regions r
        JOIN devices d ON d.id = r.device_pk JOIN vehicles v ON v.id = d.vehicle_id
       WHERE v.hold_id IN (${SUBTREE}) AND r.province <> '' ${extra}
       ORDER BY d.vehicle_id, r.located_at DESC, r.device_pk DESC) x GROUP BY 1)
  SELECT coalesce(dev.k, veh.k) AS k, coalesce(dev.n, 0) AS devices, coalesce(veh.n, 0) AS vehicles
    FROM dev FULL JOIN veh ON veh.k = dev.k`;

/** The provinces units operate in, the figures per province, and roads tagged as provinces' lines. SQL only. */
export class ProvinceRepository {
  constructor(private readonly pool: Pool) {}

  async holdProvinces(holdId: number): Promise<{ province: string; isDefault: boolean }[]> {
    const { rows } = await this.pool.query<{ province: string; is_default: boolean }>(
      'SELECT province, is_default FROM hold_provinces WHERE hold_id = $1',
      [holdId],
    );
    return rows.map((r) => ({ province: r.province, isDefault: r.is_default }));
  }

  async figures(holdPath: string): Promise<ProvinceFigures[]> {
    const { rows } = await this.pool.query<{ k: string; devices: number; vehicles: number }>(FIGURES('province', ''), [
      `${holdPath}%`,
    ]);
    return rows.map((r) => ({ province: r.k, devices: r.devices, vehicles: r.vehicles }));
  }

  async cityFigures(
    holdPath: string,
    province: string,
  ): Promise<{ city: string; devices: number; vehicles: number }[]> {
    const { rows } = await this.pool.query<{ k: string; devices: number; vehicles: number }>(
      `${FIGURES('city', 'AND r.province = $2')} ORDER BY 2 DESC, 3 DESC, 1`,
      [`${holdPath}%`, province],
    );
    return rows.map((r) => ({ city: r.k, devices: r.devices, vehicles: r.vehicles }));
  }

  async lineCounts(holdPath: string): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ province: string; n: number }>(
      `SELECT rp.province, count(*)::int AS n FROM road_provinces rp JOIN roads r ON r.id = rp.road_id
        WHERE r.hold_id IN (${SUBTREE}) GROUP BY 1`,
      [`${holdPath}%`],
    );
    return new Map(rows.map((r) => [r.province, r.n]));
  }

  /** Keeps exactly `provinces` for the unit; the default stays if it is still among them. */
  async setProvinces(holdId: number, provinces: string[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM hold_provinces WHERE hold_id = $1 AND NOT (province = ANY($2::text[]))', [
        holdId,
        provinces,
      ]);
      await client.query(
        `INSERT INTO hold_provinces (hold_id, province) SELECT $1, p FROM unnest($2::text[]) AS p
         ON CONFLICT DO NOTHING`,
        [holdId, provinces],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }

  /** The default province, added to the unit's provinces if it was not one; '' clears it. */
  async setDefault(holdId: number, province: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE hold_provinces SET is_default = false WHERE hold_id = $1 AND is_default', [holdId]);
      if (province)
        await client.query(
          `INSERT INTO hold_provinces (hold_id, province, is_default) VALUES ($1, $2, true)
           ON CONFLICT (hold_id, province) DO UPDATE SET is_default = true`,
          [holdId, province],
        );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }

  async roads(q: { holdPath: string; province?: string | undefined }): Promise<RoadWithHold[]> {
    const params: unknown[] = [`${q.holdPath}%`];
    let filter = '';
    if (q.province === 'none') filter = 'AND rp.province IS NULL';
    else if (q.province) {
      params.push(q.province);
      filter = 'AND rp.province = $2';
    }
    const { rows } = await this.pool.query<RoadWithHold>(
      `SELECT r.id, r.name, r.hold_id AS "holdId", h.name AS "holdName", h.path AS "holdPath", r.width,
              coalesce(rp.province, '') AS province
         FROM roads r JOIN holds h ON h.id = r.hold_id LEFT JOIN road_provinces rp ON rp.road_id = r.id
        WHERE h.path LIKE $1 ${filter}
        ORDER BY r.name, r.id
        LIMIT 2000`,
      params,
    );
    return rows;
  }

  async findRoads(ids: number[]): Promise<{ id: number; name: string; holdPath: string }[]> {
    const { rows } = await this.pool.query<{ id: number; name: string; holdPath: string }>(
      `SELECT r.id, r.name, h.path AS "holdPath" FROM roads r JOIN holds h ON h.id = r.hold_id WHERE r.id = ANY($1::int[])`,
      [ids],
    );
    return rows;
  }

  async tagRoads(ids: number[], province: string): Promise<void> {
    if (!province) {
      await this.pool.query('DELETE FROM road_provinces WHERE road_id = ANY($1::int[])', [ids]);
      return;
    }
    await this.pool.query(
      `INSERT INTO road_provinces (road_id, province) SELECT id, $2 FROM unnest($1::int[]) AS id
       ON CONFLICT (road_id) DO UPDATE SET province = EXCLUDED.province`,
      [ids, province],
    );
  }
}
