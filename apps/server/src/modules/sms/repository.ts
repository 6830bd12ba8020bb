import type { SmsSortColumn } from '@lodestar/contract/sms';
import { type Db, holds, sims, smsBalances, smsMessages, users } from '@lodestar/db';
import { SimState, SmsState } from '@lodestar/domain';
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, like, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export interface SmsFilter {
  /** The subtree searched: the caller's, or the chosen HoldID's. */
  scopePath: string;
  msisdn?: string | undefined;
  iccid?: string | undefined;
  state?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface NewMessage {
  holdId: number;
  simId: number;
  msisdn: string;
  content: string;
  segments: number;
  provider: string;
  userId: number;
}

const SORT: Record<SmsSortColumn, AnyColumn> = {
  // Not the id: seeded or imported rows may carry earlier times than their ids suggest.
  CreateTime: smsMessages.createdAt,
  MSISDN: smsMessages.msisdn,
  State: smsMessages.state,
};

function conditions(f: SmsFilter): SQL {
  const conds: SQL[] = [ownedInSubtree(smsMessages.holdId, f.scopePath)];
  if (f.msisdn) conds.push(like(smsMessages.msisdn, escapeLike(f.msisdn)));
  if (f.iccid) conds.push(like(sims.iccid, escapeLike(f.iccid.toUpperCase())));
  if (f.state !== undefined) conds.push(eq(smsMessages.state, f.state));
  if (f.from) conds.push(gte(smsMessages.createdAt, f.from));
  if (f.to) conds.push(lte(smsMessages.createdAt, f.to));
  return and(...conds)!;
}

/** sms_messages and sms_balances. */
export class SmsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  /**
   * The live SIMs with these numbers in the subtree: one per number (the oldest card if two share it). A
   * cancelled card's number went back to the carrier, who may have given it to someone else's tracker.
   */
  async simsByMsisdn(holdPath: string, msisdns: string[]) {
    const rows = await this.db
      .select({ id: sims.id, msisdn: sims.msisdn })
      .from(sims)
      .where(
        and(inArray(sims.msisdn, msisdns), ne(sims.state, SimState.Cancelled), ownedInSubtree(sims.holdId, holdPath)),
      )
      .orderBy(asc(sims.id));
    const byMsisdn = new Map<string, number>();
    for (const r of rows) if (!byMsisdn.has(r.msisdn)) byMsisdn.set(r.msisdn, r.id);
    return byMsisdn;
  }

  /** The hold's balance row, created at 0 if missing, locked until the transaction ends. */
  async lockBalance(tx: Executor, holdId: number): Promise<number> {
    await tx.insert(smsBalances).values({ holdId, balance: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ balance: smsBalances.balance })
      .from(smsBalances)
      .where(eq(smsBalances.holdId, holdId))
      .for('update');
    return row!.balance;
  }

  /** Adds (or with a negative `delta`, takes) parts; answers the new balance. */
  async addBalance(tx: Executor, holdId: number, delta: number): Promise<number> {
    const [row] = await tx
      .insert(smsBalances)
      .values({ holdId, balance: delta })
      .onConflictDoUpdate({
        target: smsBalances.holdId,
        set: { balance: sql`${smsBalances.balance} + ${delta}`, updatedAt: sql`now()` },
      })
      .returning({ balance: smsBalances.balance });
    return row!.balance;
  }

  async balance(holdId: number): Promise<number> {
    const [row] = await this.db
      .select({ balance: smsBalances.balance })
      .from(smsBalances)
      .where(eq(smsBalances.holdId, holdId));
    return row?.balance ?? 0;
  }

  async insertMessages(tx: Executor, rows: NewMessage[]): Promise<number[]> {
    const ids: number[] = [];
    // 1,000 rows × 7 columns stays far below PostgreSQL's parameter limit.
    const inserted = await tx
      .insert(smsMessages)
      .values(rows.map((r) => ({ ...r, state: SmsState.Queued })))
      .returning({ id: smsMessages.id });
    for (const r of inserted) ids.push(r.id);
    return ids;
  }

  async markSent(sent: { id: number; providerMessageId: string | null }[]): Promise<void> {
    if (!sent.length) return;
    const withOwn = sent.filter((s) => s.providerMessageId);
    const plain = sent.filter((s) => !s.providerMessageId).map((s) => s.id);
    if (plain.length)
      await this.db
        .update(smsMessages)
        .set({ state: SmsState.Sent, sentAt: sql`now()` })
        .where(and(inArray(smsMessages.id, plain), eq(smsMessages.state, SmsState.Queued)));
    for (const s of withOwn)
      await this.db
        .update(smsMessages)
        .set({ state: SmsState.Sent, sentAt: sql`now()`, providerMessageId: s.providerMessageId })
        .where(and(eq(smsMessages.id, s.id), eq(smsMessages.state, SmsState.Queued)));
  }

  /**
   * Messages the provider refused: marked Failed and their parts given back to the hold, in one
   * transaction. Answers the hold's balance afterwards.
   */
  async refund(holdId: number, failed: { id: number; error: string }[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const current = await this.lockBalance(tx, holdId);
      if (!failed.length) return current;
      let refunded = 0;
      for (const f of failed) {
        const done = await tx
          .update(smsMessages)
          .set({ state: SmsState.Failed, error: f.error.slice(0, 500) })
          .where(and(eq(smsMessages.id, f.id), eq(smsMessages.state, SmsState.Queued)))
          .returning({ segments: smsMessages.segments });
        refunded += done[0]?.segments ?? 0;
      }
      return refunded ? this.addBalance(tx, holdId, refunded) : current;
    });
  }

  /**
   * Messages still queued `olderThanMinutes` after they were paid for: the server stopped between
   * the debit and the hand-over. They are marked Failed and their parts go back to the paying hold,
   * in one statement, so a second sweep finds nothing. Answers how many were failed.
   */
  async failInterrupted(olderThanMinutes: number, error: string): Promise<number> {
    const result = await this.db.execute<{ failed: number }>(sql`
      WITH failed AS (
        UPDATE ${smsMessages} SET state = ${SmsState.Failed}, error = ${error}
        WHERE state = ${SmsState.Queued} AND created_at < now() - make_interval(mins => ${olderThanMinutes})
        RETURNING hold_id, segments
      ), per_hold AS (
        SELECT hold_id, sum(segments)::int AS parts, count(*)::int AS n FROM failed GROUP BY hold_id
      ), refunded AS (
        UPDATE ${smsBalances} b SET balance = b.balance + p.parts, updated_at = now()
        FROM per_hold p WHERE b.hold_id = p.hold_id
        RETURNING b.hold_id
      )
      SELECT coalesce(sum(n), 0)::int AS failed FROM per_hold`);
    return result.rows[0]?.failed ?? 0;
  }

  async findForReport(by: { id?: number | undefined; providerMessageId?: string | undefined }) {
    const cond = by.id ? eq(smsMessages.id, by.id) : eq(smsMessages.providerMessageId, by.providerMessageId ?? '');
    const [row] = await this.db
      .select({ id: smsMessages.id, state: smsMessages.state })
      .from(smsMessages)
      .where(cond)
      .orderBy(asc(smsMessages.id))
      .limit(1);
    return row;
  }

  /** A delivery report moves a queued or sent message once; a repeated report changes nothing. */
  async report(id: number, delivered: boolean, error: string): Promise<boolean> {
    const done = await this.db
      .update(smsMessages)
      .set(
        delivered
          ? { state: SmsState.Delivered, deliveredAt: sql`now()` }
          : { state: SmsState.Failed, error: error.slice(0, 500) },
      )
      .where(and(eq(smsMessages.id, id), inArray(smsMessages.state, [SmsState.Queued, SmsState.Sent])))
      .returning({ id: smsMessages.id });
    return done.length > 0;
  }

  async list(f: SmsFilter, page: { offset: number; limit: number; sort: SmsSortColumn; desc: boolean }) {
    const where = conditions(f);
    const order = page.desc ? desc(SORT[page.sort]) : asc(SORT[page.sort]);
    const rows = await this.db
      .select({
        id: smsMessages.id,
        msisdn: smsMessages.msisdn,
        iccid: sims.iccid,
        holdName: holds.name,
        content: smsMessages.content,
        segments: smsMessages.segments,
        state: smsMessages.state,
        error: smsMessages.error,
        provider: smsMessages.provider,
        userName: users.userName,
        createdAt: smsMessages.createdAt,
        sentAt: smsMessages.sentAt,
        deliveredAt: smsMessages.deliveredAt,
      })
      .from(smsMessages)
      .innerJoin(holds, eq(holds.id, smsMessages.holdId))
      .leftJoin(sims, eq(sims.id, smsMessages.simId))
      .leftJoin(users, eq(users.id, smsMessages.userId))
      .where(where)
      .orderBy(order, page.desc ? desc(smsMessages.id) : asc(smsMessages.id))
      .offset(page.offset)
      .limit(page.limit);
    const [totals] = await this.db
      .select({ count: count(), segments: sql<string>`coalesce(sum(${smsMessages.segments}), 0)` })
      .from(smsMessages)
      .leftJoin(sims, eq(sims.id, smsMessages.simId))
      .where(where);
    return { rows, count: Number(totals?.count ?? 0), segments: Number(totals?.segments ?? 0) };
  }
}
