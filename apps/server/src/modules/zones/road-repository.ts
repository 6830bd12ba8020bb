import type { ROAD_SORT_COLUMNS } from '@lodestar/contract/zones';
import { holds, roads } from '@lodestar/db';
import { and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';
import { ZoneBindingRepository } from './binding-repository.ts';

type RoadSortColumn = (typeof ROAD_SORT_COLUMNS)[number];

export type RoadRecord = typeof roads.$inferSelect;
export type NewRoad = typeof roads.$inferInsert;
export type RoadPatch = Partial<Omit<NewRoad, 'id' | 'holdId' | 'createdAt' | 'createdBy'>>;

export interface RoadWithHold extends RoadRecord {
  holdName: string;
  holdPath: string;
  /** Bound devices of the caller's subtree. */
  deviceCount: number;
}

export interface RoadListQuery {
  holdPath: string;
  /** The caller's subtree: the devices counted. */
  viewerPath: string;
  keyword?: string | undefined;
  sort?: RoadSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

/** Bound devices of the viewer's subtree: a device moved out of it since stays bound, uncounted. */
const deviceCount = (viewerPath: string) =>
  sql<number>`(SELECT count(*)::int FROM road_devices l JOIN devices d ON d.id = l.device_pk
                JOIN holds dh ON dh.id = d.hold_id
               WHERE l.road_id = ${roads.id} AND dh.path LIKE ${`${viewerPath}%`})`;

const withHold = (viewerPath: string) => ({
  road: roads,
  holdName: holds.name,
  holdPath: holds.path,
  deviceCount: deviceCount(viewerPath),
});
const flatten = (r: { road: RoadRecord; holdName: string; holdPath: string; deviceCount: number }): RoadWithHold => ({
  ...r.road,
  holdName: r.holdName,
  holdPath: r.holdPath,
  deviceCount: r.deviceCount,
});

/** Roads: routes with a corridor width; their bindings through `bindings`. SQL only. */
export class RoadRepository {
  readonly bindings: ZoneBindingRepository;
  constructor(private readonly db: Executor) {
    this.bindings = new ZoneBindingRepository(db);
  }

  transaction<T>(fn: (repo: RoadRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new RoadRepository(tx)));
  }

  /** Any road by id with its unit; the service decides whether the caller may see it. */
  async findById(id: number, viewerPath: string, forUpdate = false): Promise<RoadWithHold | undefined> {
    const q = this.db
      .select(withHold(viewerPath))
      .from(roads)
      .innerJoin(holds, eq(holds.id, roads.holdId))
      .where(eq(roads.id, id));
    const [row] = forUpdate ? await q.for('update', { of: roads }) : await q;
    return row ? flatten(row) : undefined;
  }

  /** The roads of these ids with their units' paths (locked for a removal). */
  async findMany(ids: number[], forUpdate: boolean): Promise<{ id: number; name: string; holdPath: string }[]> {
    const q = this.db
      .select({ id: roads.id, name: roads.name, holdPath: holds.path })
      .from(roads)
      .innerJoin(holds, eq(holds.id, roads.holdId))
      .where(inArray(roads.id, ids))
      .orderBy(roads.id);
    return forUpdate ? q.for('update', { of: roads }) : q;
  }

  async insert(f: NewRoad): Promise<number> {
    const [row] = await this.db.insert(roads).values(f).returning({ id: roads.id });
    return row!.id;
  }

  async update(id: number, patch: RoadPatch): Promise<void> {
    await this.db
      .update(roads)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(roads.id, id));
  }

  /** Removes the roads, their bindings (cascade) and every device's visit of them. */
  async remove(ids: number[]): Promise<void> {
    await this.bindings.forgetZones('road', ids);
    await this.db.delete(roads).where(inArray(roads.id, ids));
  }

  async list(q: RoadListQuery): Promise<{ rows: RoadWithHold[]; total: number }> {
    const conds: (SQL | undefined)[] = [ownedInSubtree(roads.holdId, q.holdPath)];
    const keyword = q.keyword?.trim();
    if (keyword) conds.push(ilike(roads.name, escapeLike(keyword)));
    const where = and(...conds);
    const dir = sql.raw(q.desc ? 'DESC' : 'ASC');
    const order =
      q.sort === 'RoadName'
        ? [sql`${roads.name} ${dir}`, sql`${roads.id} DESC`]
        : q.sort === 'DeviceCount'
          ? [sql`${deviceCount(q.viewerPath)} ${dir}`, sql`${roads.id} DESC`]
          : // Ids follow creation: the default, newest first, and CreateTime either way.
            [sql`${roads.id} ${q.sort ? dir : sql.raw('DESC')}`];
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withHold(q.viewerPath))
        .from(roads)
        .innerJoin(holds, eq(holds.id, roads.holdId))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(roads).where(where),
    ]);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }
}
