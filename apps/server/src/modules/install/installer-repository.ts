import type { InstallerSortColumn } from '@lodestar/contract/install';
import { installers, userFunctions, users } from '@lodestar/db';
import { AccountType, TaskStatus } from '@lodestar/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { escapeLike } from '../../lib/like.ts';
import type { NewUser } from '../users/repository.ts';

export type InstallerDetails = { region?: string; company?: string; active?: boolean };

export type InstallerRecord = {
  id: number;
  userName: string;
  phone: string;
  holdId: number;
  holdName: string;
  holdPath: string;
  region: string;
  company: string;
  active: boolean;
  remark: string;
  openTasks: number;
  finishedTasks: number;
  onTimeRate: number | null;
  reworkRate: number | null;
  createdAt: Date;
};

export interface InstallerListQuery {
  holdPath: string;
  keyword?: string | undefined;
  active?: boolean | undefined;
  sort?: InstallerSortColumn | undefined;
  desc: boolean;
  offset: number;
  limit: number;
}

const SORT: Record<InstallerSortColumn, string> = {
  UserName: '"userName"',
  Region: 'region',
  Company: 'company',
  OpenTasks: '"openTasks"',
  FinishedTasks: '"finishedTasks"',
  OnTimeRate: '"onTimeRate"',
  ReworkRate: '"reworkRate"',
  CreateTime: 'id',
};

/** drizzle hands raw queries' timestamps over as text. */
const withDates = (r: InstallerRecord): InstallerRecord => ({ ...r, createdAt: new Date(r.createdAt) });

const FINISHED = TaskStatus.Completed;
const OPEN = [TaskStatus.WaitingConfirm, TaskStatus.Working, TaskStatus.WaitingApproval];

/**
 * Installers: users of account type 4 with their details (installers, absent for an installer account made on
 * /info/user: then region and company are '' and it is active) and their score, counted from their tasks.
 */
export class InstallerRepository {
  constructor(private readonly db: Executor) {}

  /** The user, its functions and its details, all or nothing. */
  async insert(user: NewUser, funs: readonly number[], details: InstallerDetails): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).returning({ id: users.id });
      const userId = row!.id;
      if (funs.length) await tx.insert(userFunctions).values(funs.map((functionId) => ({ userId, functionId })));
      await tx.insert(installers).values({ userId, ...details });
      return userId;
    });
  }

  async update(userId: number, user: Partial<NewUser>, details: InstallerDetails): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (Object.keys(user).length) await tx.update(users).set(user).where(eq(users.id, userId));
      const upsert = tx.insert(installers).values({ userId, ...details });
      await (Object.keys(details).length
        ? upsert.onConflictDoUpdate({ target: installers.userId, set: details })
        : upsert.onConflictDoNothing());
    });
  }

  /** An installer account by id (any unit; the service decides), undefined when the id is not an installer's. */
  async findById(id: number): Promise<InstallerRecord | undefined> {
    const { rows } = await this.db.execute<InstallerRecord>(this.select(sql`u.id = ${id}`));
    return rows[0] && withDates(rows[0]);
  }

  /** Installer accounts of the subtree by phone (the import's Installer column). */
  async idsByPhone(holdPath: string, phones: string[]): Promise<Map<string, { id: number; active: boolean }>> {
    if (!phones.length) return new Map();
    const { rows } = await this.db.execute<{ id: number; phone: string; active: boolean }>(sql`
      SELECT u.id, u.phone, coalesce(i.active, true) AS active
        FROM users u JOIN holds h ON h.id = u.hold_id LEFT JOIN installers i ON i.user_id = u.id
       WHERE u.account_type = ${AccountType.Installer} AND h.path LIKE ${`${holdPath}%`}
         AND u.phone = ANY(${sql.param(phones)}::text[])`);
    return new Map(rows.map((r) => [r.phone, { id: r.id, active: r.active }]));
  }

  async list(q: InstallerListQuery): Promise<{ rows: InstallerRecord[]; total: number }> {
    const conds: SQL[] = [sql`h.path LIKE ${`${q.holdPath}%`}`];
    const keyword = q.keyword?.trim();
    if (keyword) {
      const k = escapeLike(keyword);
      conds.push(sql`(u.user_name ILIKE ${k} OR u.phone ILIKE ${k} OR coalesce(i.region, '') ILIKE ${k}
                      OR coalesce(i.company, '') ILIKE ${k})`);
    }
    if (q.active !== undefined) conds.push(sql`coalesce(i.active, true) = ${q.active}`);
    const where = sql.join(conds, sql` AND `);
    const order = sql.raw(`${SORT[q.sort ?? 'CreateTime']} ${q.desc || !q.sort ? 'DESC' : 'ASC'} NULLS LAST, id DESC`);
    const [{ rows }, counted] = await Promise.all([
      this.db.execute<InstallerRecord>(
        sql`${this.select(where)} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
      ),
      this.db.execute<{ total: number }>(sql`
        SELECT count(*)::int AS total FROM users u JOIN holds h ON h.id = u.hold_id
          LEFT JOIN installers i ON i.user_id = u.id
         WHERE u.account_type = ${AccountType.Installer} AND ${where}`),
    ]);
    return { rows: rows.map(withDates), total: counted.rows[0]?.total ?? 0 };
  }

  /**
   * The installer's row with its score: on time = finished with the last submit by the expected time, of the
   * finished tasks that had one; rework = finished tasks rejected at least once, of the finished ones.
   */
  private select(where: SQL): SQL {
    return sql`
      SELECT * FROM (
        SELECT u.id, u.user_name AS "userName", u.phone, u.hold_id AS "holdId", h.name AS "holdName",
               h.path AS "holdPath", coalesce(i.region, '') AS region, coalesce(i.company, '') AS company,
               coalesce(i.active, true) AS active, u.remark, u.created_at AS "createdAt",
               coalesce(s.open, 0)::int AS "openTasks", coalesce(s.finished, 0)::int AS "finishedTasks",
               CASE WHEN s.timed > 0 THEN round(100.0 * s.on_time / s.timed)::int END AS "onTimeRate",
               CASE WHEN s.finished > 0 THEN round(100.0 * s.reworked / s.finished)::int END AS "reworkRate"
          FROM users u
          JOIN holds h ON h.id = u.hold_id
          LEFT JOIN installers i ON i.user_id = u.id
          LEFT JOIN LATERAL (
            SELECT count(*) FILTER (WHERE t.status = ANY(${sql.param(OPEN)}::int[])) AS open,
                   count(*) FILTER (WHERE t.status = ${FINISHED}) AS finished,
                   count(*) FILTER (WHERE t.status = ${FINISHED} AND t.expected_at IS NOT NULL) AS timed,
                   count(*) FILTER (WHERE t.status = ${FINISHED} AND t.ended_at <= t.expected_at) AS on_time,
                   count(*) FILTER (WHERE t.status = ${FINISHED} AND t.rejections > 0) AS reworked
              FROM install_tasks t WHERE t.installer_id = u.id
          ) s ON true
         WHERE u.account_type = ${AccountType.Installer} AND ${where}
      ) x`;
  }
}
