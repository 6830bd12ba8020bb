import { type Db, userNotices } from '@lodestar/db';
import { AccountType, Fn, SIM_RULES, SimState, VIP_FILTERS, VIP_NOTICE_RULES } from '@lodestar/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import type { NewNotice } from './types.ts';

/** Who hears of a device's VIP ending: expiry reminder, VIP management or upgrade VIP (spec section 6). */
export const VIP_NOTICE_FNS = [Fn.expiryReminder, Fn.vipManage, Fn.upgradeVip] as const;

/** A user's calendar day at `now`, in the user's zone (China's when the zone is unknown). */
const userToday = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz AT TIME ZONE coalesce(tz.name, 'Asia/Shanghai'))::date`;

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
          ${userToday(now)} AS today
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

  /**
   * The daily VIP notices (spec section 4's states, section 8's "device VIP expired"): for every user holding a
   * VIP_NOTICE_FNS function (a super administrator holds every one), each device of the user's hold subtree whose
   * VIP is expired or ends within 60 days on the user's calendar day, in its narrowest state (the device list's
   * Vip filters: expired, 7, 30, 60), leaves one notice keyed `vip<state>:<device>:<expiry>`. The same state the
   * next day adds nothing; a narrower state, or a new expiry after an upgrade, is a new key and a new notice.
   * Devices that lapsed more than VIP_NOTICE_RULES.expiredLookbackDays ago are left out. Answers the notices added.
   */
  async vipExpiryScan(now: Date = new Date()): Promise<number> {
    const windows = VIP_FILTERS.filter((f) => f !== 'expired').map(Number);
    const longest = Math.max(...windows);
    const state = sql.join(
      windows.map((days) => sql`WHEN d.expiry < d.today + ${days}::int THEN ${String(days)}`),
      sql` `,
    );
    const result = await this.db.execute(sql`
      WITH recipients AS (
        SELECT u.id AS user_id, h.path, ${userToday(now)} AS today
        FROM users u
        JOIN holds h ON h.id = u.hold_id
        LEFT JOIN pg_timezone_names tz ON tz.name = u.time_zone
        WHERE u.account_type = ${AccountType.SuperAdmin}
          OR EXISTS (SELECT 1 FROM user_functions f
                     WHERE f.user_id = u.id AND f.function_id IN (${sql.join([...VIP_NOTICE_FNS], sql`, `)}))
      ), due AS (
        SELECT r.user_id, r.today, dv.id AS device_pk, dv.device_id, dv.name, dv.vip_expires_at AS expiry
        FROM recipients r
        JOIN holds dh ON dh.path LIKE r.path || '%'
        JOIN devices dv ON dv.hold_id = dh.id
        WHERE dv.vip_expires_at >= r.today - ${VIP_NOTICE_RULES.expiredLookbackDays}::int
          AND dv.vip_expires_at < r.today + ${longest}::int
      ), states AS (
        SELECT d.*, CASE WHEN d.expiry < d.today THEN 'expired' ${state} END AS state FROM due d
      )
      INSERT INTO user_notices (user_id, kind, params, dedupe_key)
      SELECT user_id, CASE WHEN state = 'expired' THEN 'vipExpired' ELSE 'vipExpiring' END,
        jsonb_build_object('State', state, 'DeviceID', device_id, 'DeviceName', name, 'Expiry', expiry::text,
          'Day', today::text),
        'vip' || state || ':' || device_pk || ':' || expiry::text
      FROM states
      ON CONFLICT (user_id, dedupe_key) DO NOTHING`);
    return result.rowCount ?? 0;
  }
}
