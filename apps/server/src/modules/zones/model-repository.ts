import { sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { escapeLike } from '../../lib/like.ts';

export type ModelRecord = { model: string; fullFunction: boolean; deviceCount: number };

/** Device models and whether each is full-function (device_models; a model with no row is not). SQL only. */
export class ModelRepository {
  constructor(private readonly db: Executor) {}

  /** The models of the subtree's devices and every model marked, by name; the count is the subtree's devices. */
  async list(q: { holdPath: string; keyword?: string | undefined; offset: number; limit: number }) {
    const keyword = q.keyword?.trim();
    const like = keyword ? sql`AND x.model ILIKE ${escapeLike(keyword)}` : sql``;
    const base = sql`
      WITH counted AS (
        SELECT d.model, count(*)::int AS n FROM devices d JOIN holds h ON h.id = d.hold_id
         WHERE h.path LIKE ${`${q.holdPath}%`} AND d.model <> '' GROUP BY d.model),
      x AS (
        SELECT coalesce(c.model, m.model) AS model, coalesce(m.full_function, false) AS "fullFunction",
               coalesce(c.n, 0) AS "deviceCount"
          FROM counted c FULL JOIN device_models m ON m.model = c.model)`;
    const [page, count] = await Promise.all([
      this.db.execute<ModelRecord>(
        sql`${base} SELECT * FROM x WHERE true ${like} ORDER BY x.model LIMIT ${q.limit} OFFSET ${q.offset}`,
      ),
      this.db.execute<{ n: number }>(sql`${base} SELECT count(*)::int AS n FROM x WHERE true ${like}`),
    ]);
    return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
  }

  async setFullFunction(model: string, fullFunction: boolean, userId: number): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO device_models (model, full_function, updated_by, updated_at)
      VALUES (${model}, ${fullFunction}, ${userId}, now())
      ON CONFLICT (model) DO UPDATE SET full_function = EXCLUDED.full_function,
        updated_by = EXCLUDED.updated_by, updated_at = now()`);
  }
}
