import { type Db, devices, holds, sims, users, vehicles } from '@lodestar/db';
import type { HoldTypeCode } from '@lodestar/domain';
import { and, asc, count, eq, ilike, like, sql } from 'drizzle-orm';
import { escapeLike } from '../../lib/like.ts';

export type HoldRow = typeof holds.$inferSelect;

/** What still sits in a hold itself: a hold is removed only when all are 0 (but the users a removal takes along). */
export interface HoldContents {
  children: number;
  users: number;
  devices: number;
  vehicles: number;
  sims: number;
}

/** Holds live in one table with a materialised path; every query here is a prefix scan. */
export class HoldRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<HoldRow | undefined> {
    const [row] = await this.db.select().from(holds).where(eq(holds.id, id));
    return row;
  }

  /** The hold at `path` and every hold below it, parents before children. */
  async subtree(path: string, nameLike?: string): Promise<HoldRow[]> {
    const where = nameLike
      ? and(like(holds.path, `${path}%`), ilike(holds.name, escapeLike(nameLike)))
      : like(holds.path, `${path}%`);
    return this.db.select().from(holds).where(where).orderBy(asc(holds.path));
  }

  async byIds(ids: number[]): Promise<HoldRow[]> {
    if (!ids.length) return [];
    return this.db.select().from(holds).where(sql`${holds.id} = ANY(${ids})`);
  }

  async hasChildren(id: number): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(holds).where(eq(holds.parentId, id));
    return (row?.n ?? 0) > 0;
  }

  /** One round trip: the hold's direct sub-units, users, devices, vehicles and SIM cards. */
  async contents(id: number): Promise<HoldContents> {
    const n = (table: typeof users | typeof devices | typeof vehicles | typeof sims) =>
      sql`(SELECT count(*)::int FROM ${table} WHERE ${table.holdId} = ${id})`;
    const { rows } = await this.db.execute<{ [K in keyof HoldContents]: number }>(
      sql`SELECT (SELECT count(*)::int FROM ${holds} WHERE ${holds.parentId} = ${id}) AS children,
        ${n(users)} AS users, ${n(devices)} AS devices, ${n(vehicles)} AS vehicles, ${n(sims)} AS sims`,
    );
    return rows[0]!;
  }

  async insert(name: string, holdType: HoldTypeCode, parent: HoldRow): Promise<HoldRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(holds).values({ name, holdType, parentId: parent.id, path: '/' }).returning();
      const path = `${parent.path}${row!.id}/`;
      await tx.update(holds).set({ path }).where(eq(holds.id, row!.id));
      return { ...row!, path };
    });
  }

  async update(id: number, patch: { name?: string; holdType?: HoldTypeCode }): Promise<void> {
    if (Object.keys(patch).length) await this.db.update(holds).set(patch).where(eq(holds.id, id));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(holds).where(eq(holds.id, id));
  }

  /** Re-parents a hold: its path and every descendant's path change prefix in one statement. */
  async move(hold: HoldRow, newParent: HoldRow): Promise<void> {
    const newPath = `${newParent.path}${hold.id}/`;
    await this.db.transaction(async (tx) => {
      await tx.update(holds).set({ parentId: newParent.id }).where(eq(holds.id, hold.id));
      await tx.execute(
        sql`UPDATE holds SET path = ${newPath} || substr(path, ${hold.path.length + 1}) WHERE path LIKE ${`${hold.path}%`}`,
      );
    });
  }
}
