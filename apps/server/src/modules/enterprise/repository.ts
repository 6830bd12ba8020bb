import { type Db, holds, userFunctions, users } from '@lodestar/db';
import { AccountType, type HoldTypeCode } from '@lodestar/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../lib/like.ts';
import type { HoldRow } from '../holds/repository.ts';
import type { NewUser } from '../users/repository.ts';

/** A row of the enterprise list: the hold, its counts, and its first administrator's columns (null without one). */
export interface EnterpriseRecord {
  id: number;
  name: string;
  hold_type: number;
  parent_id: number | null;
  parent_name: string | null;
  created_at: Date;
  child_count: number;
  user_count: number;
  device_count: number;
  user_id: number | null;
  user_name: string | null;
  phone: string | null;
  account_type: number | null;
  contact: string | null;
  email: string | null;
  remark: string | null;
  time_zone: string | null;
  address: string | null;
  service_end_date: string | null;
  access_start: string | null;
  access_end: string | null;
  default_province: string | null;
}

export interface EnterpriseListQuery {
  parent: HoldRow;
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

/**
 * An enterprise's administrator is the first account of type administrator (or the super administrator)
 * in its hold: the one AddEnterprise created, or the oldest when the hold was made otherwise.
 */
const FIRST_ADMIN = sql`LEFT JOIN LATERAL (
    SELECT * FROM users u WHERE u.hold_id = h.id AND u.account_type <= ${AccountType.Admin} ORDER BY u.id LIMIT 1
  ) a ON true`;

export class EnterpriseRepository {
  constructor(private readonly db: Db) {}

  /**
   * Without a keyword, the parent's direct sub-units (a tree-table level); with one, every unit below
   * the parent whose name, administrator name, phone or contact matches. Oldest first, paged.
   */
  async list(q: EnterpriseListQuery): Promise<{ rows: EnterpriseRecord[]; total: number }> {
    let where: SQL;
    if (q.keyword) {
      const k = escapeLike(q.keyword);
      where = sql`h.path LIKE ${`${q.parent.path}%`} AND h.id <> ${q.parent.id}
        AND (h.name ILIKE ${k} OR a.user_name ILIKE ${k} OR a.phone ILIKE ${k} OR a.contact ILIKE ${k})`;
    } else where = sql`h.parent_id = ${q.parent.id}`;
    const from = sql`FROM holds h ${FIRST_ADMIN} LEFT JOIN holds p ON p.id = h.parent_id WHERE ${where}`;
    const [page, total] = await Promise.all([
      this.db.execute<Omit<EnterpriseRecord, 'created_at'> & { created_at: Date | string }>(sql`
        SELECT h.id, h.name, h.hold_type, h.parent_id, p.name AS parent_name, h.created_at,
          (SELECT count(*)::int FROM holds c WHERE c.parent_id = h.id) AS child_count,
          (SELECT count(*)::int FROM users cu WHERE cu.hold_id = h.id) AS user_count,
          (SELECT count(*)::int FROM devices d WHERE d.hold_id = h.id) AS device_count,
          a.id AS user_id, a.user_name, a.phone, a.account_type, a.contact, a.email, a.remark, a.time_zone,
          a.address, a.service_end_date::text AS service_end_date, a.access_start, a.access_end, a.default_province
        ${from}
        ORDER BY h.id LIMIT ${q.limit} OFFSET ${q.offset}`),
      this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${from}`),
    ]);
    return {
      rows: page.rows.map((r) => ({ ...r, created_at: new Date(r.created_at) })),
      total: total.rows[0]?.n ?? 0,
    };
  }

  /** The hold's first administrator's id, if it has one. */
  async firstAdminId(holdId: number): Promise<number | undefined> {
    const { rows } = await this.db.execute<{ id: number }>(
      sql`SELECT u.id FROM users u WHERE u.hold_id = ${holdId} AND u.account_type <= ${AccountType.Admin}
        ORDER BY u.id LIMIT 1`,
    );
    return rows[0]?.id;
  }

  /** The hold and its administrator with its functions, in one transaction: neither exists without the other. */
  async insertWithAdmin(
    hold: { name: string; holdType: HoldTypeCode; parent: HoldRow },
    admin: NewUser,
    funs: readonly number[],
  ): Promise<{ holdId: number; userId: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(holds)
        .values({ name: hold.name, holdType: hold.holdType, parentId: hold.parent.id, path: '/' })
        .returning({ id: holds.id });
      const holdId = row!.id;
      await tx
        .update(holds)
        .set({ path: `${hold.parent.path}${holdId}/` })
        .where(eq(holds.id, holdId));
      const [user] = await tx
        .insert(users)
        .values({ ...admin, holdId })
        .returning({ id: users.id });
      const userId = user!.id;
      if (funs.length) await tx.insert(userFunctions).values(funs.map((functionId) => ({ userId, functionId })));
      return { holdId, userId };
    });
  }

  /** The hold and the administrator that goes with it (its functions and sessions cascade), in one transaction. */
  async removeWithAdmin(holdId: number, adminId: number | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (adminId !== undefined) await tx.delete(users).where(eq(users.id, adminId));
      await tx.delete(holds).where(eq(holds.id, holdId));
    });
  }
}
