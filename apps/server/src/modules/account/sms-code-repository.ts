import { type Db, smsCodes } from '@lodestar/db';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';

export type SmsPurpose = 'login' | 'retrieve' | 'register';

export class SmsCodeRepository {
  constructor(private readonly db: Db) {}

  async insert(c: { phone: string; purpose: SmsPurpose; codeHash: string; expiresAt: Date }) {
    await this.db.insert(smsCodes).values(c);
  }

  /** Deletes codes created before `before`; answers how many went. */
  async pruneBefore(before: Date): Promise<number> {
    const gone = await this.db.delete(smsCodes).where(lt(smsCodes.createdAt, before)).returning({ id: smsCodes.id });
    return gone.length;
  }

  async sentSince(phone: string, since: Date): Promise<{ count: number; lastAt: Date | undefined }> {
    const where = and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since));
    const [[n], [last]] = await Promise.all([
      this.db.select({ n: count() }).from(smsCodes).where(where),
      this.db.select({ at: smsCodes.createdAt }).from(smsCodes).where(where).orderBy(desc(smsCodes.createdAt)).limit(1),
    ]);
    return { count: n?.n ?? 0, lastAt: last?.at };
  }

  /**
   * One try at the newest unused code for this phone and purpose, in one UPDATE … RETURNING:
   * the try is counted and, when `codeHash` is the code's, the code is spent. Parallel tries queue
   * on the row's lock and each sees the count the previous one left, so no more than `maxTries`
   * are ever counted and a code passes at most once. A newer code retires every older one.
   */
  async tryCode(
    phone: string,
    purpose: SmsPurpose,
    codeHash: string,
    opts: { now: Date; maxTries: number },
  ): Promise<boolean> {
    const newest = this.db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1);
    const [row] = await this.db
      .update(smsCodes)
      .set({
        attempts: sql`${smsCodes.attempts} + 1`,
        usedAt: sql`CASE WHEN ${smsCodes.codeHash} = ${codeHash} THEN ${opts.now.toISOString()}::timestamptz END`,
      })
      .where(
        and(
          inArray(smsCodes.id, newest),
          isNull(smsCodes.usedAt),
          lt(smsCodes.attempts, opts.maxTries),
          gt(smsCodes.expiresAt, opts.now),
        ),
      )
      .returning({ usedAt: smsCodes.usedAt });
    return row?.usedAt != null;
  }
}
