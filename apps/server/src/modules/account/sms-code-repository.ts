import { type Db, smsCodes } from '@lodestar/db';
import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';

export type SmsPurpose = 'login' | 'retrieve' | 'register';

export class SmsCodeRepository {
  constructor(private readonly db: Db) {}

  async insert(c: { phone: string; purpose: SmsPurpose; codeHash: string; expiresAt: Date }) {
    await this.db.insert(smsCodes).values(c);
  }

  async sentSince(phone: string, since: Date): Promise<{ count: number; lastAt: Date | undefined }> {
    const where = and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since));
    const [[n], [last]] = await Promise.all([
      this.db.select({ n: count() }).from(smsCodes).where(where),
      this.db.select({ at: smsCodes.createdAt }).from(smsCodes).where(where).orderBy(desc(smsCodes.createdAt)).limit(1),
    ]);
    return { count: n?.n ?? 0, lastAt: last?.at };
  }

  /** The newest unused code for this phone and purpose. */
  async latest(phone: string, purpose: SmsPurpose) {
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    return row;
  }

  async countAttempt(id: number, attempts: number) {
    await this.db.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, id));
  }

  async markUsed(id: number) {
    await this.db.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, id));
  }
}
