import type { InvoiceSortColumn } from '@lodestar/contract/invoices';
import { holds, invoiceOrders, invoices, paymentOrders, users } from '@lodestar/db';
import { AccountType, Fn, type InvoiceStatus, PayStatus } from '@lodestar/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';

export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'status' | 'createdAt'>;

/** An invoice as the service checks it: its hold's path, its status and its file. */
export interface InvoiceRef {
  id: number;
  holdId: number;
  holdPath: string;
  status: InvoiceStatus;
  filePath: string | null;
  invoiceNo: string | null;
  /** The requester (null once that account is gone), and what its notices say. */
  userId: number | null;
  type: string;
  title: string;
  amountFen: number;
}

export interface InvoiceQuery {
  scopePath: string;
  status?: InvoiceStatus | undefined;
  sort: InvoiceSortColumn;
  desc: boolean;
  offset: number;
  limit: number;
}

const SORT = {
  CreateTime: invoices.createdAt,
  AmountFen: invoices.amountFen,
  Status: invoices.status,
  IssueTime: invoices.issuedAt,
} as const;

/** An order no invoice covers yet. */
const notInvoiced = sql`NOT EXISTS (SELECT 1 FROM ${invoiceOrders} WHERE ${invoiceOrders.orderId} = ${paymentOrders.id})`;

export class InvoiceRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: InvoiceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new InvoiceRepository(tx)));
  }

  /** The database or transaction this repository runs on, for the notices written with its changes. */
  get executor(): Executor {
    return this.db;
  }

  async holdName(holdId: number): Promise<string> {
    const [row] = await this.db.select({ name: holds.name }).from(holds).where(eq(holds.id, holdId));
    return row?.name ?? '';
  }

  /**
   * Who may issue an invoice of the hold at `holdPath` (the service's mayIssue as SQL): users of the holds strictly
   * above it holding function 85, and super administrators at or above it; never `exceptUserId`, the requester.
   */
  async issuersOf(holdPath: string, exceptUserId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(holds, eq(holds.id, users.holdId))
      .where(
        and(
          sql`starts_with(${holdPath}::text, ${holds.path})`,
          sql`${users.id} <> ${exceptUserId}`,
          sql`(${users.accountType} = ${AccountType.SuperAdmin}
               OR (${holds.path} <> ${holdPath} AND EXISTS (SELECT 1 FROM user_functions f
                   WHERE f.user_id = ${users.id} AND f.function_id = ${Fn.invoiceManage})))`,
        ),
      )
      .orderBy(asc(users.id));
    return rows.map((r) => r.id);
  }

  /** The hold's paid orders no invoice covers, newest paid first. */
  async invoiceable(holdId: number, offset: number, limit: number) {
    const where = and(eq(paymentOrders.holdId, holdId), eq(paymentOrders.status, PayStatus.Paid), notInvoiced);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: paymentOrders.id,
          orderNo: paymentOrders.orderNo,
          kind: paymentOrders.kind,
          subject: paymentOrders.subject,
          amountFen: paymentOrders.amountFen,
          paidAt: paymentOrders.paidAt,
        })
        .from(paymentOrders)
        .where(where)
        .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
        .offset(offset)
        .limit(limit),
      this.db.select({ n: count() }).from(paymentOrders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The named orders of the hold, locked until the transaction ends (a second request over the same orders
   * waits here, then finds them invoiced), with whether an invoice already covers each.
   */
  async lockOrders(holdId: number, orderIds: number[]) {
    const rows = await this.db
      .select({ id: paymentOrders.id, status: paymentOrders.status, amountFen: paymentOrders.amountFen })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.holdId, holdId), inArray(paymentOrders.id, orderIds)))
      .orderBy(asc(paymentOrders.id))
      .for('update');
    const invoiced = await this.db
      .select({ orderId: invoiceOrders.orderId })
      .from(invoiceOrders)
      .where(inArray(invoiceOrders.orderId, orderIds));
    const taken = new Set(invoiced.map((r) => r.orderId));
    return rows.map((r) => ({ ...r, invoiced: taken.has(r.id) }));
  }

  async insert(row: NewInvoiceRow, orderIds: number[]): Promise<number> {
    const [inv] = await this.db.insert(invoices).values(row).returning({ id: invoices.id });
    await this.db.insert(invoiceOrders).values(orderIds.map((orderId) => ({ invoiceId: inv!.id, orderId })));
    return inv!.id;
  }

  async find(id: number): Promise<InvoiceRef | undefined> {
    const [row] = await this.db
      .select({
        id: invoices.id,
        holdId: invoices.holdId,
        holdPath: holds.path,
        status: invoices.status,
        filePath: invoices.filePath,
        invoiceNo: invoices.invoiceNo,
        userId: invoices.userId,
        type: invoices.type,
        title: invoices.title,
        amountFen: invoices.amountFen,
      })
      .from(invoices)
      .innerJoin(holds, eq(holds.id, invoices.holdId))
      .where(eq(invoices.id, id));
    return row as InvoiceRef | undefined;
  }

  /** Marks a requested invoice issued; false when it no longer is requested (issued meanwhile). */
  async issue(id: number, invoiceNo: string, filePath: string, fileSize: number, userId: number): Promise<boolean> {
    const done = await this.db
      .update(invoices)
      .set({ status: 'issued', invoiceNo, filePath, fileSize, issuedBy: userId, issuedAt: sql`now()` })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'requested'), isNull(invoices.filePath)))
      .returning({ id: invoices.id });
    return done.length === 1;
  }

  async list(q: InvoiceQuery) {
    const conds: SQL[] = [ownedInSubtree(invoices.holdId, q.scopePath)];
    if (q.status) conds.push(eq(invoices.status, q.status));
    const where = and(...conds);
    const column = SORT[q.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: invoices.id,
          holdId: invoices.holdId,
          holdName: holds.name,
          holdPath: holds.path,
          userName: users.userName,
          type: invoices.type,
          title: invoices.title,
          taxNo: invoices.taxNo,
          email: invoices.email,
          amountFen: invoices.amountFen,
          status: invoices.status,
          invoiceNo: invoices.invoiceNo,
          filePath: invoices.filePath,
          createdAt: invoices.createdAt,
          issuedAt: invoices.issuedAt,
          orderNos: sql<string[]>`ARRAY(SELECT ${paymentOrders.orderNo} FROM ${invoiceOrders}
            JOIN ${paymentOrders} ON ${paymentOrders.id} = ${invoiceOrders.orderId}
            WHERE ${invoiceOrders.invoiceId} = ${invoices.id} ORDER BY ${paymentOrders.id})`,
        })
        .from(invoices)
        .innerJoin(holds, eq(holds.id, invoices.holdId))
        .leftJoin(users, eq(users.id, invoices.userId))
        .where(where)
        .orderBy(q.desc ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS FIRST`, desc(invoices.id))
        .offset(q.offset)
        .limit(q.limit),
      this.db.select({ n: count() }).from(invoices).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
