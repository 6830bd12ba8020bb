import type { FENCE_SORT_COLUMNS } from '@lodestar/contract/zones';
import { fences, holds } from '@lodestar/db';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';
import { ZoneBindingRepository } from './binding-repository.ts';

type FenceSortColumn = (typeof FENCE_SORT_COLUMNS)[number];

export type FenceRecord = typeof fences.$inferSelect;
export type NewFence = typeof fences.$inferInsert;
export type FencePatch = Partial<Omit<NewFence, 'id' | 'holdId' | 'createdAt' | 'createdBy'>>;

export interface FenceWithHold extends FenceRecord {
  holdName: string;
  holdPath: string;
  /** Bound devices of the caller's subtree. */
  deviceCount: number;
}

export interface FenceListQuery {
  holdPath: string;
  /** The caller's subtree: the devices counted. */
  viewerPath: string;
  keyword?: string | undefined;
  sort?: FenceSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

/** Bound devices of the viewer's subtree: a device moved out of it since stays bound, uncounted. */
const deviceCount = (viewerPath: string) =>
  sql<number>`(SELECT count(*)::int FROM fence_devices l JOIN devices d ON d.id = l.device_pk
                JOIN holds dh ON dh.id = d.hold_id
               WHERE l.fence_id = ${fences.id} AND dh.path LIKE ${`${viewerPath}%`})`;

const withHold = (viewerPath: string) => ({
  fence: fences,
  holdName: holds.name,
  holdPath: holds.path,
  deviceCount: deviceCount(viewerPath),
});
const flatten = (r: {
  fence: FenceRecord;
  holdName: string;
  holdPath: string;
  deviceCount: number;
}): FenceWithHold => ({
  ...r.fence,
  holdName: r.holdName,
  holdPath: r.holdPath,
  deviceCount: r.deviceCount,
});

/** Geo-fences (fences); their bindings through `bindings`. SQL only. */
export class FenceRepository {
  readonly bindings: ZoneBindingRepository;
  constructor(private readonly db: Executor) {
    this.bindings = new ZoneBindingRepository(db);
  }

  transaction<T>(fn: (repo: FenceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new FenceRepository(tx)));
  }

  /** Any fence by id with its unit; the service decides whether the caller may see it. */
  async findById(id: number, viewerPath: string, forUpdate = false): Promise<FenceWithHold | undefined> {
    const q = this.db
      .select(withHold(viewerPath))
      .from(fences)
      .innerJoin(holds, eq(holds.id, fences.holdId))
      .where(eq(fences.id, id));
    const [row] = forUpdate ? await q.for('update', { of: fences }) : await q;
    return row ? flatten(row) : undefined;
  }

  /** The fences of these ids with their units' paths (locked for a removal). */
  async findMany(ids: number[], forUpdate: boolean): Promise<{ id: number; name: string; holdPath: string }[]> {
    const q = this.db
      .select({ id: fences.id, name: fences.name, holdPath: holds.path })
      .from(fences)
      .innerJoin(holds, eq(holds.id, fences.holdId))
      .where(inArray(fences.id, ids))
      .orderBy(fences.id);
    return forUpdate ? q.for('update', { of: fences }) : q;
  }

  async insert(f: NewFence): Promise<number> {
    const [row] = await this.db.insert(fences).values(f).returning({ id: fences.id });
    return row!.id;
  }

  async update(id: number, patch: FencePatch): Promise<void> {
    await this.db
      .update(fences)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(fences.id, id));
  }

  /** Removes the fences, their bindings (cascade) and every device's visit of them. */
  async remove(ids: number[]): Promise<void> {
    await this.bindings.forgetZones('fence', ids);
    await this.db.delete(fences).where(inArray(fences.id, ids));
  }

  async list(q: FenceListQuery): Promise<{ rows: FenceWithHold[]; total: number }> {
    const conds: (SQL | undefined)[] = [ownedInSubtree(fences.holdId, q.holdPath)];
    const keyword = q.keyword?.trim();
    if (keyword) conds.push(ilike(fences.name, escapeLike(keyword)));
    const where = and(...conds);
    const dir = sql.raw(q.desc ? 'DESC' : 'ASC');
    const order =
      q.sort === 'FenceName'
        ? [sql`${fences.name} ${dir}`, sql`${fences.id} DESC`]
        : q.sort === 'DeviceCount'
          ? [sql`${deviceCount(q.viewerPath)} ${dir}`, sql`${fences.id} DESC`]
          : // Ids follow creation: the default, newest first, and CreateTime either way.
            [sql`${fences.id} ${q.sort ? dir : sql.raw('DESC')}`];
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold(q.viewerPath))
        .from(fences)
        .innerJoin(holds, eq(holds.id, fences.holdId))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(fences).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }
}
