import type { PayOrderSortColumn } from '@lodestar/contract/payments';
import { holds, paymentEvents, paymentOrderItems, paymentOrders, simPackages, sims, users } from '@lodestar/db';
import { PayStatus } from '@lodestar/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrderRow = typeof paymentOrders.$inferInsert;
export type NewOrderItemRow = Omit<typeof paymentOrderItems.$inferInsert, 'orderId'>;
export type PaymentEventRow = typeof paymentEvents.$inferInsert;

/** What Payment/GetPayOrderList filters on, already checked against the caller's reach. */
export interface PayOrderQuery {
  scopePath: string;
  kinds: number[];
  method?: number | undefined;
  status?: number | undefined;
  orderNo?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: PayOrderSortColumn;
  desc: boolean;
  offset: number;
  limit: number;
}

/** Payment orders, their items and the payment_events journal. */
export class PaymentRepository {
  constructor(private readonly db: Executor) {}

  /** The database or transaction this repository runs on, for fulfilments and notices of other modules. */
  get executor(): Executor {
    return this.db;
  }

  /** The same queries on another executor (a caller's open transaction). */
  on(ex: Executor): PaymentRepository {
    return ex === this.db ? this : new PaymentRepository(ex);
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: PaymentRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PaymentRepository(tx)));
  }

  async insertOrder(order: NewOrderRow, items: NewOrderItemRow[]): Promise<OrderRow> {
    const [row] = await this.db.insert(paymentOrders).values(order).returning();
    if (items.length) await this.db.insert(paymentOrderItems).values(items.map((i) => ({ ...i, orderId: row!.id })));
    return row!;
  }

  async setProviderRefs(orderId: number, payUrl: string, providerTradeNo: string | null): Promise<OrderRow> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ payUrl, providerTradeNo })
      .where(eq(paymentOrders.id, orderId))
      .returning();
    return row!;
  }

  /** Closes pending orders past their time (one, or all), each with its 'expire' event, in one transaction. */
  async closeExpired(orderId: number | undefined, eventPayload: Record<string, unknown>): Promise<void> {
    const conds: SQL[] = [eq(paymentOrders.status, PayStatus.Pending), lte(paymentOrders.expiresAt, sql`now()`)];
    if (orderId) conds.push(eq(paymentOrders.id, orderId));
    await this.db.transaction(async (tx) => {
      const closed = await tx
        .update(paymentOrders)
        .set({ status: PayStatus.Closed, closedAt: sql`now()` })
        .where(and(...conds))
        .returning({ id: paymentOrders.id, provider: paymentOrders.provider });
      if (closed.length)
        await tx.insert(paymentEvents).values(
          closed.map((o) => ({
            orderId: o.id,
            provider: o.provider,
            event: 'expire',
            outcome: 'applied',
            payload: eventPayload,
          })),
        );
    });
  }

  /** The order if its hold is in the subtree at `holdPath`. */
  async findInSubtree(orderId: number, holdPath: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, orderId), ownedInSubtree(paymentOrders.holdId, holdPath)));
    return row;
  }

  async findById(orderId: number): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    return row;
  }

  async findByOrderNo(orderNo: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    return row;
  }

  /** An order's renewal lines with their SIM and package. */
  items(orderId: number) {
    return this.db
      .select({
        SimID: paymentOrderItems.simId,
        ICCID: sims.iccid,
        MSISDN: sims.msisdn,
        PackageName: simPackages.name,
        Periods: paymentOrderItems.periods,
        Months: paymentOrderItems.months,
        FeeFen: paymentOrderItems.feeFen,
      })
      .from(paymentOrderItems)
      .innerJoin(sims, eq(sims.id, paymentOrderItems.simId))
      .innerJoin(simPackages, eq(simPackages.id, paymentOrderItems.packageId))
      .where(eq(paymentOrderItems.orderId, orderId))
      .orderBy(asc(paymentOrderItems.id));
  }

  /** An order's lines as written, by SIM id (fulfilment). */
  itemRows(orderId: number) {
    return this.db
      .select()
      .from(paymentOrderItems)
      .where(eq(paymentOrderItems.orderId, orderId))
      .orderBy(asc(paymentOrderItems.simId));
  }

  /**
   * Moves a pending order to `status` (only a pending one: a concurrent callback or close finds
   * nothing to move and gets undefined).
   */
  async movePending(
    orderId: number,
    patch:
      | { status: PayStatus.Paid; providerTradeNo: string | null }
      | { status: PayStatus.Failed; failReason: string }
      | { status: PayStatus.Closed },
  ): Promise<OrderRow | undefined> {
    const stamp =
      patch.status === PayStatus.Paid
        ? { paidAt: sql`now()` }
        : patch.status === PayStatus.Closed
          ? { closedAt: sql`now()` }
          : {};
    const [moved] = await this.db
      .update(paymentOrders)
      .set({ ...patch, ...stamp })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, PayStatus.Pending)))
      .returning();
    return moved;
  }

  async insertEvent(event: PaymentEventRow): Promise<void> {
    await this.db.insert(paymentEvents).values(event);
  }

  /** Pending (unexpired) orders holding these SIMs: SIM id → order number. */
  async pendingOrderOfSims(simIds: number[]): Promise<Map<number, string>> {
    if (!simIds.length) return new Map();
    const rows = await this.db
      .select({ simId: paymentOrderItems.simId, orderNo: paymentOrders.orderNo })
      .from(paymentOrderItems)
      .innerJoin(paymentOrders, eq(paymentOrders.id, paymentOrderItems.orderId))
      .where(
        and(
          inArray(paymentOrderItems.simId, simIds),
          eq(paymentOrders.status, PayStatus.Pending),
          sql`${paymentOrders.expiresAt} > now()`,
        ),
      );
    return new Map(rows.map((r) => [r.simId, r.orderNo]));
  }

  /** A page of orders with their hold's and user's names, and the totals of every matching order. */
  async list(q: PayOrderQuery) {
    const conds: SQL[] = [ownedInSubtree(paymentOrders.holdId, q.scopePath), inArray(paymentOrders.kind, q.kinds)];
    if (q.method) conds.push(eq(paymentOrders.method, q.method));
    if (q.status !== undefined) conds.push(eq(paymentOrders.status, q.status));
    if (q.orderNo) conds.push(ilike(paymentOrders.orderNo, escapeLike(q.orderNo)));
    if (q.from) conds.push(gte(paymentOrders.createdAt, q.from));
    if (q.to) conds.push(lte(paymentOrders.createdAt, q.to));
    const where = and(...conds);
    const column = {
      CreateTime: paymentOrders.createdAt,
      AmountFen: paymentOrders.amountFen,
      PaidTime: paymentOrders.paidAt,
    }[q.sort];
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ order: paymentOrders, holdName: holds.name, userName: users.userName })
        .from(paymentOrders)
        .innerJoin(holds, eq(holds.id, paymentOrders.holdId))
        .leftJoin(users, eq(users.id, paymentOrders.userId))
        .where(where)
        .orderBy(
          q.desc ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`,
          q.desc ? desc(paymentOrders.id) : asc(paymentOrders.id),
        )
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({
          Count: count(),
          AmountFen: sql<number>`coalesce(sum(${paymentOrders.amountFen}), 0)::int`,
          PaidCount: sql<number>`(count(*) FILTER (WHERE ${paymentOrders.status} = ${PayStatus.Paid}))::int`,
          PaidFen: sql<number>`coalesce(sum(${paymentOrders.amountFen}) FILTER (WHERE ${paymentOrders.status} = ${PayStatus.Paid}), 0)::int`,
        })
        .from(paymentOrders)
        .where(where),
    ]);
    return { rows, totals: totals! };
  }
}
