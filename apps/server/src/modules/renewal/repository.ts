import type { RenewalSimSortColumn } from '@lodestar/contract/renewal';
import { holds, operators, paymentOrderItems, renewals, simHistory, simPackages, sims, users } from '@lodestar/db';
import { SimState } from '@lodestar/domain';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInLineage, ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';
import { displayStateCondition, expiringHorizon } from '../sims/repository.ts';

export type SimRow = typeof sims.$inferSelect;
export type PackageRow = typeof simPackages.$inferSelect;
export type OrderItemRow = typeof paymentOrderItems.$inferSelect;
export type NewRenewal = typeof renewals.$inferInsert;

/** What the renewal list filters on, already checked against the caller's reach. */
export interface RenewalQuery {
  scopePath: string;
  /** The caller's calendar date, 'YYYY-MM-DD' in their time zone. */
  today: string;
  displayState?: 'expiring' | 'expired' | undefined;
  iccid?: string | undefined;
  msisdn?: string | undefined;
  sort: RenewalSimSortColumn;
  desc: boolean;
  offset: number;
  limit: number;
}

/** What a paid renewal line changes on its SIM (fulfilment). */
export interface RenewalApplied {
  sim: SimRow;
  item: OrderItemRow;
  expiresAfter: string;
  orderId: number;
  orderNo: string;
  userId: number | null;
}

/** SIMs due for renewal, their packages, and the renewals written for them. */
export class RenewalRepository {
  constructor(private readonly db: Executor) {}

  /** The database or transaction this repository runs on (a payment order written in it). */
  get executor(): Executor {
    return this.db;
  }

  /** The same queries on another executor (the payment's or the review's transaction). */
  on(ex: Executor): RenewalRepository {
    return ex === this.db ? this : new RenewalRepository(ex);
  }

  transaction<T>(fn: (repo: RenewalRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new RenewalRepository(tx)));
  }

  async list(q: RenewalQuery) {
    const conds: SQL[] = [
      ownedInSubtree(sims.holdId, q.scopePath),
      // A cancelled card cannot be renewed, so it is not offered.
      sql`${sims.state} <> ${SimState.Cancelled}`,
      q.displayState
        ? displayStateCondition(q.displayState, q.today)
        : sql`${sims.expiresOn} <= ${expiringHorizon(q.today)}::date`,
    ];
    if (q.iccid) conds.push(like(sims.iccid, escapeLike(q.iccid.toUpperCase())));
    if (q.msisdn) conds.push(like(sims.msisdn, escapeLike(q.msisdn)));
    const where = and(...conds);
    const column = { ExpiresOn: sims.expiresOn, ICCID: sims.iccid, HoldName: holds.name }[q.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          SimID: sims.id,
          ICCID: sims.iccid,
          MSISDN: sims.msisdn,
          HoldID: sims.holdId,
          HoldName: holds.name,
          OperatorID: sims.operatorId,
          OperatorName: operators.name,
          PackageID: sims.packageId,
          PackageName: simPackages.name,
          PeriodMonths: simPackages.periodMonths,
          PriceFen: simPackages.priceFen,
          ExpiresOn: sims.expiresOn,
          State: sims.state,
          DisplayState: sql<string>`CASE WHEN ${sims.expiresOn} < ${q.today}::date THEN 'expired' ELSE 'expiring' END`,
        })
        .from(sims)
        .innerJoin(holds, eq(holds.id, sims.holdId))
        .innerJoin(operators, eq(operators.id, sims.operatorId))
        .leftJoin(simPackages, eq(simPackages.id, sims.packageId))
        .where(where)
        .orderBy(q.desc ? desc(column) : asc(column), q.desc ? desc(sims.id) : asc(sims.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(sims).where(where),
    ]);
    return { rows, total: total!.n };
  }

  /** The caller's SIMs among `ids`, in id order; `lock` takes them for update (ordering). */
  async simsInSubtree(ids: number[], holdPath: string, lock: boolean): Promise<SimRow[]> {
    const query = this.db
      .select()
      .from(sims)
      .where(and(inArray(sims.id, ids), ownedInSubtree(sims.holdId, holdPath)))
      .orderBy(asc(sims.id));
    return lock ? query.for('update') : query;
  }

  /** A package the caller may use: its own or an ancestor's. */
  async packageInLineage(id: number, holdPath: string): Promise<PackageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(simPackages)
      .where(and(eq(simPackages.id, id), ownedInLineage(simPackages.holdId, holdPath)));
    return row;
  }

  async packagesByIds(ids: number[]): Promise<Map<number, PackageRow>> {
    if (!ids.length) return new Map();
    const rows = await this.db.select().from(simPackages).where(inArray(simPackages.id, ids));
    return new Map(rows.map((p) => [p.id, p]));
  }

  async orderItems(orderId: number): Promise<OrderItemRow[]> {
    return this.db
      .select()
      .from(paymentOrderItems)
      .where(eq(paymentOrderItems.orderId, orderId))
      .orderBy(asc(paymentOrderItems.simId));
  }

  async userTimeZone(userId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
    return row?.timeZone;
  }

  /** These SIMs, row-locked in id order. */
  lockSims(ids: number[]): Promise<SimRow[]> {
    return this.db.select().from(sims).where(inArray(sims.id, ids)).orderBy(asc(sims.id)).for('update');
  }

  /** A paid line: the SIM's new expiry and package, its renewal row and its history entry. */
  async applyOnlineRenewal(r: RenewalApplied, source: number): Promise<void> {
    const { sim, item } = r;
    await this.db.update(sims).set({ expiresOn: r.expiresAfter, packageId: item.packageId }).where(eq(sims.id, sim.id));
    await this.db.insert(renewals).values({
      simId: sim.id,
      holdId: sim.holdId,
      packageId: item.packageId,
      months: item.months,
      feeFen: item.feeFen,
      source,
      orderId: r.orderId,
      expiresBefore: sim.expiresOn,
      expiresAfter: r.expiresAfter,
      userId: r.userId,
    });
    await this.db.insert(simHistory).values({
      simId: sim.id,
      action: 'renewal',
      detail: {
        before: { ExpiresOn: sim.expiresOn, PackageID: sim.packageId },
        after: { ExpiresOn: r.expiresAfter, PackageID: item.packageId },
        OrderNo: r.orderNo,
        Months: item.months,
        FeeFen: item.feeFen,
      },
      userId: r.userId,
    });
  }

  async insertRenewals(rows: NewRenewal[]): Promise<void> {
    if (rows.length) await this.db.insert(renewals).values(rows);
  }
}
