import { type Db, userNotices } from '@lodestar/db';
import { AccountType, Fn, SIM_RULES, SimState } from '@lodestar/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import type { NewNotice } from './types.ts';

/** user_notices: each user reads and marks only their own. */
export class NoticeRepository {
  constructor(private readonly db: Db) {}

  /** A second notice with the same user and dedupe key is dropped. */
  async add(tx: Executor | null, notices: NewNotice[]): Promise<void> {
    if (!notices.length) return;
    await (tx ?? this.db)
      .insert(userNotices)
      .values(notices.map((n) => ({ userId: n.userId, kind: n.kind, params: n.params, dedupeKey: n.dedupeKey })))
      .onConflictDoNothing({ target: [userNotices.userId, userNotices.dedupeKey] });
  }

  async list(userId: number, read: -1 | 0 | 1, offset: number, limit: number) {
    const conds: SQL[] = [eq(userNotices.userId, userId)];
    if (read === 0) conds.push(isNull(userNotices.readAt));
    if (read === 1) conds.push(isNotNull(userNotices.readAt));
    const where = and(...conds)!;
    const rows = await this.db
      .select()
      .from(userNotices)
      .where(where)
      .orderBy(desc(userNotices.id))
      .offset(offset)
      .limit(limit);
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(userNotices).where(where);
    return { rows, total: Number(total) };
  }

  async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(userNotices)
      .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)));
    return Number(row?.n ?? 0);
  }

  /** How many of these ids are the user's own notices. */
  async countOwn(userId: number, ids: number[]): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(userNotices)
      .where(and(eq(userNotices.userId, userId), inArray(userNotices.id, ids)));
    return Number(row?.n ?? 0);
  }

  /** Marks the user's unread notices (these ids, or all) read; answers how many changed. */
  async markRead(userId: number, ids: number[] | 'all'): Promise<number> {
    const conds: SQL[] = [eq(userNotices.userId, userId), isNull(userNotices.readAt)];
    if (ids !== 'all') conds.push(inArray(userNotices.id, ids));
    const done = await this.db
      .update(userNotices)
      .set({ readAt: sql`now()` })
      .where(and(...conds))
      .returning({ id: userNotices.id });
    return done.length;
  }

  /**
   * The daily expiry notices in one statement: for every user holding SIM renewal (fn 4) or SIM
   * business (fn 11) — a super administrator holds every function — count the SIMs of that user's
   * hold subtree that expire within SIM_RULES.expiringDays or have expired, on the user's own
   * calendar day, and leave one simExpiring and one simExpired notice per user and day when the
   * count is not zero. Cancelled cards need no renewal and are left out. Running it again the same
   * day adds nothing (dedupe key `simExpiring:<day>`). Answers the notices added.
   */
  async expiryScan(now: Date = new Date()): Promise<number> {
    const days = SIM_RULES.expiringDays;
    const result = await this.db.execute(sql`
      WITH recipients AS (
        SELECT u.id AS user_id, h.path,
          (${now.toISOString()}::timestamptz AT TIME ZONE coalesce(tz.name, 'Asia/Shanghai'))::date AS today
        FROM users u
        JOIN holds h ON h.id = u.hold_id
        LEFT JOIN pg_timezone_names tz ON tz.name = u.time_zone
        WHERE u.account_type = ${AccountType.SuperAdmin}
          OR EXISTS (SELECT 1 FROM user_functions f
                     WHERE f.user_id = u.id AND f.function_id IN (${Fn.simRecharge}, ${Fn.simBusiness}))
      ), counts AS (
        SELECT r.user_id, r.today,
          count(*) FILTER (WHERE s.expires_on < r.today) AS expired,
          count(*) FILTER (WHERE s.expires_on >= r.today AND s.expires_on <= r.today + ${days}::int) AS expiring
        FROM recipients r
        JOIN holds sh ON sh.path LIKE r.path || '%'
        JOIN sims s ON s.hold_id = sh.id
        WHERE s.expires_on IS NOT NULL AND s.state <> ${SimState.Cancelled}
          AND s.expires_on <= r.today + ${days}::int
        GROUP BY r.user_id, r.today
      )
      INSERT INTO user_notices (user_id, kind, params, dedupe_key)
      SELECT user_id, 'simExpiring', jsonb_build_object('Count', expiring, 'Days', ${days}::int, 'Day', today::text),
        'simExpiring:' || today::text
      FROM counts WHERE expiring > 0
      UNION ALL
      SELECT user_id, 'simExpired', jsonb_build_object('Count', expired, 'Day', today::text),
        'simExpired:' || today::text
      FROM counts WHERE expired > 0
      ON CONFLICT (user_id, dedupe_key) DO NOTHING`);
    return result.rowCount ?? 0;
  }
}
