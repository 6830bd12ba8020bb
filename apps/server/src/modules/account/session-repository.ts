import { type Db, holds, sessions, userFunctions, users } from '@lodestar/db';
import { AccountType, ALL_FUNCTION_IDS } from '@lodestar/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';

export interface SessionView {
  sessionId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: number;
  userName: string;
  holdId: number;
  holdPath: string;
  accountType: AccountType;
  timeZone: string;
  serviceEndDate: string | null;
  accessStart: string | null;
  accessEnd: string | null;
  funs: number[];
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  /** One round trip per authenticated call: the session, its user, hold path and function ids. */
  async findByTokenHash(tokenHash: string): Promise<SessionView | undefined> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        userName: users.userName,
        holdId: users.holdId,
        holdPath: holds.path,
        accountType: users.accountType,
        timeZone: users.timeZone,
        serviceEndDate: users.serviceEndDate,
        accessStart: users.accessStart,
        accessEnd: users.accessEnd,
        funs: sql<
          number[]
        >`coalesce((SELECT array_agg(${userFunctions.functionId}) FROM ${userFunctions} WHERE ${userFunctions.userId} = ${users.id}), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(holds, eq(holds.id, users.holdId))
      .where(eq(sessions.tokenHash, tokenHash));
    if (!row) return undefined;
    // The super administrator holds every function, including ones added after it was created.
    const superAdmin = row.accountType === AccountType.SuperAdmin;
    return { ...row, accountType: row.accountType as AccountType, funs: superAdmin ? [...ALL_FUNCTION_IDS] : row.funs };
  }

  async create(s: { tokenHash: string; userId: number; expiresAt: Date; ip: string; userAgent: string }) {
    await this.db.insert(sessions).values(s);
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** After a password change or reset, every other session of the user stops working. */
  async revokeAllOf(userId: number, exceptSessionId?: number): Promise<void> {
    const conds = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conds.push(sql`${sessions.id} <> ${exceptSessionId}`);
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conds));
  }
}
