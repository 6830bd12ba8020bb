import { holds, pois } from '@lodestar/db';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type PoiRecord = typeof pois.$inferSelect;
export type NewPoi = typeof pois.$inferInsert;
export type PoiPatch = Partial<Omit<NewPoi, 'id' | 'holdId' | 'kind' | 'createdAt' | 'createdBy'>>;
export type PoiWithHold = PoiRecord & { holdName: string; holdPath: string };

export interface PoiListQuery {
  holdPath: string;
  kinds?: string[] | undefined;
  keyword?: string | undefined;
  category?: string | undefined;
  offset: number;
  limit: number;
}

const withHold = { poi: pois, holdName: holds.name, holdPath: holds.path };
const flatten = (r: { poi: PoiRecord; holdName: string; holdPath: string }): PoiWithHold => ({
  ...r.poi,
  holdName: r.holdName,
  holdPath: r.holdPath,
});

/** Points: POIs, favourite places and risk points (pois). SQL only. */
export class PoiRepository {
  constructor(private readonly db: Executor) {}

  async findMany(ids: number[]): Promise<PoiWithHold[]> {
    const rows = await this.db
      .select(withHold)
      .from(pois)
      .innerJoin(holds, eq(holds.id, pois.holdId))
      .where(inArray(pois.id, ids));
    return rows.map(flatten);
  }

  async insert(p: NewPoi): Promise<number> {
    const [row] = await this.db.insert(pois).values(p).returning({ id: pois.id });
    return row!.id;
  }

  async update(id: number, patch: PoiPatch): Promise<void> {
    await this.db
      .update(pois)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(pois.id, id));
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.delete(pois).where(inArray(pois.id, ids));
  }

  async list(q: PoiListQuery): Promise<{ rows: PoiWithHold[]; total: number }> {
    const conds: (SQL | undefined)[] = [ownedInSubtree(pois.holdId, q.holdPath)];
    if (q.kinds?.length) conds.push(inArray(pois.kind, q.kinds));
    const keyword = q.keyword?.trim();
    if (keyword) conds.push(ilike(pois.name, escapeLike(keyword)));
    if (q.category) conds.push(eq(pois.category, q.category));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold)
        .from(pois)
        .innerJoin(holds, eq(holds.id, pois.holdId))
        .where(where)
        .orderBy(desc(pois.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(pois).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }
}
