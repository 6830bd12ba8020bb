import { bulletinReads, bulletins, bulletinVersions, holds, users } from '@lodestar/db';
import type { BulletinState } from '@lodestar/domain';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export interface NewVersion {
  bulletinId: number;
  title: string;
  body: string;
  beginAt: Date;
  showLevel: string;
  editedBy: number;
}

export interface BulletinRecord {
  id: number;
  holdId: number;
  holdPath: string;
  removedAt: Date | null;
  title: string;
}

export type BulletinSort = 'BeginTime' | 'UpdateTime' | 'Title';

export interface BulletinListQuery {
  holdPath: string;
  now: Date;
  keyword?: string | undefined;
  states?: BulletinState[] | undefined;
  sort?: { column: BulletinSort; desc: boolean } | undefined;
  offset: number;
  limit: number;
}

export interface VersionListRow {
  versionId: number;
  bulletinId: number;
  version: number;
  holdId: number;
  holdName: string;
  title: string;
  body: string;
  beginAt: Date;
  showLevel: string;
  newest: boolean;
  removedAt: Date | null;
  creator: string | null;
  editor: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MyBulletinQuery {
  lineage: number[];
  userId: number;
  now: Date;
  unreadOnly: boolean;
  offset: number;
  limit: number;
}

export interface CurrentRow {
  versionId: number;
  bulletinId: number;
  title: string;
  body: string;
  beginAt: Date;
  showLevel: string;
  holdName: string;
  read: boolean;
}

const creator = alias(users, 'creator');
const editor = alias(users, 'editor');
const v = bulletinVersions;
const b = bulletins;
/** No later version of the same notice: the version a reader sees. */
const newest = sql<boolean>`NOT EXISTS (SELECT 1 FROM ${v} AS later WHERE later.bulletin_id = ${v.bulletinId} AND later.version > ${v.version})`;

/** One state as SQL, the same rule as domain bulletinState. */
function stateCondition(state: BulletinState, now: Date): SQL {
  switch (state) {
    case 'old':
      return sql`NOT (${newest})`;
    case 'deleted':
      return and(newest, isNotNull(b.removedAt))!;
    case 'current':
      return and(newest, isNull(b.removedAt), sql`${v.beginAt} <= ${now}`)!;
    case 'scheduled':
      return and(newest, isNull(b.removedAt), sql`${v.beginAt} > ${now}`)!;
  }
}

/**
 * When the next version replaced this one (null while it is the newest): an old version a reader could see began
 * before that.
 */
const replacedAt = sql`(SELECT MIN(later.created_at) FROM ${v} AS later WHERE later.bulletin_id = ${v.bulletinId} AND later.version > ${v.version})`;

const SORT_COLUMNS = { BeginTime: v.beginAt, UpdateTime: v.createdAt, Title: v.title } as const;

/** Notices and their versions (bulletins, bulletin_versions) and who read which version. SQL only. */
export class BulletinRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: BulletinRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new BulletinRepository(tx)));
  }

  async insertBulletin(holdId: number, createdBy: number): Promise<number> {
    const [row] = await this.db.insert(b).values({ holdId, createdBy }).returning({ id: b.id });
    return row!.id;
  }

  /** The next version number of the notice; the unique (bulletin, version) index refuses a racing twin. */
  async insertVersion(n: NewVersion): Promise<{ id: number; version: number }> {
    const [row] = await this.db
      .insert(v)
      .values({
        ...n,
        version: sql`(SELECT COALESCE(MAX(version), 0) + 1 FROM ${v} WHERE bulletin_id = ${n.bulletinId})`,
      })
      .returning({ id: v.id, version: v.version });
    return row!;
  }

  /** The notices with their hold's path and newest title; a missing id is simply absent. */
  async findMany(ids: number[]): Promise<BulletinRecord[]> {
    return this.db
      .select({ id: b.id, holdId: b.holdId, holdPath: holds.path, removedAt: b.removedAt, title: v.title })
      .from(b)
      .innerJoin(holds, eq(holds.id, b.holdId))
      .innerJoin(v, and(eq(v.bulletinId, b.id), newest))
      .where(inArray(b.id, ids));
  }

  async markRemoved(ids: number[], at: Date): Promise<void> {
    await this.db
      .update(b)
      .set({ removedAt: at })
      .where(and(inArray(b.id, ids), isNull(b.removedAt)));
  }

  async list(q: BulletinListQuery): Promise<{ rows: VersionListRow[]; total: number }> {
    const conds: (SQL | undefined)[] = [ownedInSubtree(b.holdId, q.holdPath)];
    const keyword = q.keyword?.trim();
    if (keyword) conds.push(ilike(v.title, escapeLike(keyword)));
    if (q.states?.length) conds.push(or(...q.states.map((s) => stateCondition(s, q.now))));
    const where = and(...conds);
    const order = q.sort
      ? [(q.sort.desc ? desc : asc)(SORT_COLUMNS[q.sort.column]), desc(v.id)]
      : [desc(v.createdAt), desc(v.id)];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          versionId: v.id,
          bulletinId: v.bulletinId,
          version: v.version,
          holdId: b.holdId,
          holdName: holds.name,
          title: v.title,
          body: v.body,
          beginAt: v.beginAt,
          showLevel: v.showLevel,
          newest,
          removedAt: b.removedAt,
          creator: creator.userName,
          editor: editor.userName,
          createdAt: b.createdAt,
          updatedAt: v.createdAt,
        })
        .from(v)
        .innerJoin(b, eq(b.id, v.bulletinId))
        .innerJoin(holds, eq(holds.id, b.holdId))
        .leftJoin(creator, eq(creator.id, b.createdBy))
        .leftJoin(editor, eq(editor.id, v.editedBy))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(v).innerJoin(b, eq(b.id, v.bulletinId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The current versions the holds `lineage` (the reader's hold and its ancestors) wrote for their subtrees, with
   * the reader's read mark, newest begin time first. `limit` keeps a flood of notices from one slow reply.
   */
  async current(
    lineage: number[],
    userId: number,
    now: Date,
    opts: { limit: number; versionIds?: number[] },
  ): Promise<CurrentRow[]> {
    return this.db
      .select({
        versionId: v.id,
        bulletinId: v.bulletinId,
        title: v.title,
        body: v.body,
        beginAt: v.beginAt,
        showLevel: v.showLevel,
        holdName: holds.name,
        read: sql<boolean>`${bulletinReads.userId} IS NOT NULL`,
      })
      .from(v)
      .innerJoin(b, eq(b.id, v.bulletinId))
      .innerJoin(holds, eq(holds.id, b.holdId))
      .leftJoin(bulletinReads, and(eq(bulletinReads.versionId, v.id), eq(bulletinReads.userId, userId)))
      .where(
        and(
          sql`${b.holdId} = ANY(${sql.param(lineage)}::int[])`,
          stateCondition('current', now),
          opts.versionIds ? inArray(v.id, opts.versionIds) : undefined,
        ),
      )
      .orderBy(desc(v.beginAt), desc(v.id))
      .limit(opts.limit);
  }

  /**
   * A reader's own list: the versions its lineage's holds wrote that it could see (begun, and begun before an edit
   * replaced them), of notices not removed, with its read mark; newest begin time first.
   */
  async mine(q: MyBulletinQuery): Promise<{ rows: (CurrentRow & { newest: boolean })[]; total: number }> {
    const read = sql<boolean>`${bulletinReads.userId} IS NOT NULL`;
    const where = and(
      sql`${b.holdId} = ANY(${sql.param(q.lineage)}::int[])`,
      isNull(b.removedAt),
      sql`${v.beginAt} <= ${q.now}`,
      sql`${v.beginAt} <= COALESCE(${replacedAt}, ${v.beginAt})`,
      q.unreadOnly ? and(newest, sql`NOT (${read})`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          versionId: v.id,
          bulletinId: v.bulletinId,
          title: v.title,
          body: v.body,
          beginAt: v.beginAt,
          showLevel: v.showLevel,
          holdName: holds.name,
          read,
          newest,
        })
        .from(v)
        .innerJoin(b, eq(b.id, v.bulletinId))
        .innerJoin(holds, eq(holds.id, b.holdId))
        .leftJoin(bulletinReads, and(eq(bulletinReads.versionId, v.id), eq(bulletinReads.userId, q.userId)))
        .where(where)
        .orderBy(desc(v.beginAt), desc(v.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(v)
        .innerJoin(b, eq(b.id, v.bulletinId))
        .leftJoin(bulletinReads, and(eq(bulletinReads.versionId, v.id), eq(bulletinReads.userId, q.userId)))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async markRead(userId: number, versionIds: number[]): Promise<void> {
    await this.db
      .insert(bulletinReads)
      .values(versionIds.map((versionId) => ({ userId, versionId })))
      .onConflictDoNothing();
  }
}
