import type { WalletDetailSortColumn } from '@lodestar/contract/wallet';
import { holds, paymentOrders, users, vipSettings, walletEntries, wallets } from '@lodestar/db';
import { and, asc, count, desc, eq, gte, inArray, like, lt, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type NewEntry = Omit<typeof walletEntries.$inferInsert, 'id' | 'balanceAfter' | 'createdAt'> & {
  vpoint: number;
};
export type SettingsRow = typeof vipSettings.$inferSelect;

export interface DetailQuery {
  holdId: number;
  kind?: number | undefined;
  orderNo?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: WalletDetailSortColumn;
  desc: boolean;
  offset: number;
  limit: number;
}

const counterpart = alias(holds, 'counterpart');

/**
 * The VPoint ledger: a wallet's balance changes only through `addEntry`, inside a transaction that
 * holds the wallet row's lock (`lockWallet`), so the cached balance is always the sum of the entries.
 */
export class WalletRepository {
  constructor(private readonly db: Executor) {}

  get executor(): Executor {
    return this.db;
  }

  on(ex: Executor): WalletRepository {
    return ex === this.db ? this : new WalletRepository(ex);
  }

  transaction<T>(fn: (repo: WalletRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new WalletRepository(tx)));
  }

  async balance(holdId: number): Promise<number> {
    const [row] = await this.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.holdId, holdId));
    return row?.balance ?? 0;
  }

  /** Locks these wallets (made on first use) in hold id order, so two transfers never wait on each other. */
  async lockWallets(holdIds: number[]): Promise<Map<number, number>> {
    const ids = [...new Set(holdIds)].sort((a, b) => a - b);
    await this.db
      .insert(wallets)
      .values(ids.map((holdId) => ({ holdId })))
      .onConflictDoNothing();
    const rows = await this.db
      .select()
      .from(wallets)
      .where(inArray(wallets.holdId, ids))
      .orderBy(asc(wallets.holdId))
      .for('update');
    return new Map(rows.map((r) => [r.holdId, r.balance]));
  }

  /** One movement and the balance it leaves; the caller holds the wallet's lock and passes its balance. */
  async addEntry(entry: NewEntry, balanceBefore: number): Promise<number> {
    const balanceAfter = balanceBefore + entry.vpoint;
    await this.db
      .update(wallets)
      .set({ balance: balanceAfter, updatedAt: new Date() })
      .where(eq(wallets.holdId, entry.holdId));
    await this.db.insert(walletEntries).values({ ...entry, balanceAfter });
    return balanceAfter;
  }

  async entryOfOrder(orderId: number) {
    const [row] = await this.db.select().from(walletEntries).where(eq(walletEntries.orderId, orderId));
    return row;
  }

  /** The VIP settings of these holds (a lineage: the service picks the nearest value). */
  async settingsOf(holdIds: number[]): Promise<SettingsRow[]> {
    if (!holdIds.length) return [];
    return this.db.select().from(vipSettings).where(inArray(vipSettings.holdId, holdIds));
  }

  async upsertSettings(row: typeof vipSettings.$inferInsert): Promise<void> {
    await this.db
      .insert(vipSettings)
      .values(row)
      .onConflictDoUpdate({
        target: vipSettings.holdId,
        set: {
          price1: row.price1,
          price2: row.price2,
          ...(row.vpointPerYuan !== undefined ? { vpointPerYuan: row.vpointPerYuan } : {}),
          ...(row.defaultVipYears !== undefined ? { defaultVipYears: row.defaultVipYears } : {}),
          updatedBy: row.updatedBy,
          updatedAt: new Date(),
        },
      });
  }

  /** A hold in the caller's subtree, with its path. */
  async holdInSubtree(id: number, holdPath: string) {
    const [row] = await this.db
      .select({ id: holds.id, name: holds.name, path: holds.path })
      .from(holds)
      .where(and(eq(holds.id, id), ownedInSubtree(holds.id, holdPath)));
    return row;
  }

  async holdPath(id: number): Promise<string | undefined> {
    const [row] = await this.db.select({ path: holds.path }).from(holds).where(eq(holds.id, id));
    return row?.path;
  }

  async holdName(id: number): Promise<string> {
    const [row] = await this.db.select({ name: holds.name }).from(holds).where(eq(holds.id, id));
    return row?.name ?? '';
  }

  async detail(q: DetailQuery) {
    const conds: SQL[] = [eq(walletEntries.holdId, q.holdId)];
    if (q.kind) conds.push(eq(walletEntries.kind, q.kind));
    if (q.orderNo) conds.push(like(walletEntries.orderNo, escapeLike(q.orderNo)));
    if (q.from) conds.push(gte(walletEntries.createdAt, q.from));
    if (q.to) conds.push(lt(walletEntries.createdAt, new Date(q.to.getTime() + 1000)));
    const where = and(...conds);
    const column = {
      CreateTime: walletEntries.createdAt,
      VPoint: walletEntries.vpoint,
      AmountFen: walletEntries.amountFen,
    }[q.sort];
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({
          entry: walletEntries,
          payer: users.userName,
          counterpart: counterpart.name,
          method: paymentOrders.method,
          currency: paymentOrders.currency,
        })
        .from(walletEntries)
        .leftJoin(users, eq(users.id, walletEntries.userId))
        .leftJoin(counterpart, eq(counterpart.id, walletEntries.counterpartHoldId))
        .leftJoin(paymentOrders, eq(paymentOrders.id, walletEntries.orderId))
        .where(where)
        .orderBy(q.desc ? desc(column) : asc(column), q.desc ? desc(walletEntries.id) : asc(walletEntries.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({
          n: count(),
          in: sum(sql`CASE WHEN ${walletEntries.vpoint} > 0 THEN ${walletEntries.vpoint} ELSE 0 END`),
          out: sum(sql`CASE WHEN ${walletEntries.vpoint} < 0 THEN -${walletEntries.vpoint} ELSE 0 END`),
          fen: sum(walletEntries.amountFen),
        })
        .from(walletEntries)
        .where(where),
    ]);
    return {
      rows,
      totals: {
        Count: totals!.n,
        In: Number(totals!.in ?? 0),
        Out: Number(totals!.out ?? 0),
        AmountFen: Number(totals!.fen ?? 0),
      },
    };
  }
}
