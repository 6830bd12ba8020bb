import type { BillSortColumn } from '@lodestar/contract/reconciliation';
import {
  type BillAuthor,
  type BillScope,
  type Db,
  generateCustomerBills,
  type MonthSpan,
  scopeHolds,
} from '@lodestar/db';
import { BillState } from '@lodestar/domain';
import { type SQL, sql } from 'drizzle-orm';

export type { BillScope, MonthSpan } from '@lodestar/db';

export interface BillFilter extends BillScope {
  month?: string | undefined;
  state: number;
}

export interface BillSort {
  column?: BillSortColumn | undefined;
  desc: boolean;
}

export type BillRowData = ReturnType<typeof toBill>;

const SORT: Record<BillSortColumn, SQL> = {
  HoldName: sql`h.name`,
  Month: sql`b.month`,
  TotalFen: sql`b.total_fen`,
  DueFen: sql`b.due_fen`,
  UpdateTime: sql`b.updated_at`,
};

const BILL_SELECT = sql`SELECT b.id, b.hold_id, h.name AS hold_name, b.month, b.sim_count, b.renewal_count,
    b.renewal_fen, b.sms_pack_fen, b.sms_sent, b.total_fen, b.paid_fen, b.due_fen, b.state,
    to_json(b.paid_at) #>> '{}' AS paid_at, to_json(b.updated_at) #>> '{}' AS updated_at
  FROM customer_bills b JOIN holds h ON h.id = b.hold_id`;

function toBill(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    holdId: Number(r.hold_id),
    holdName: String(r.hold_name),
    month: String(r.month),
    simCount: Number(r.sim_count),
    renewalCount: Number(r.renewal_count),
    renewalFen: Number(r.renewal_fen),
    smsPackFen: Number(r.sms_pack_fen),
    smsSent: Number(r.sms_sent),
    totalFen: Number(r.total_fen),
    paidFen: Number(r.paid_fen),
    dueFen: Number(r.due_fen),
    state: Number(r.state),
    paidAt: r.paid_at ? new Date(String(r.paid_at)) : null,
    updatedAt: new Date(String(r.updated_at)),
  };
}

/** Customer bills: only SQL, set-based (every bill of a call in a few statements, one transaction). */
export class BillRepository {
  constructor(private readonly db: Db) {}

  /** The month's bills of every hold in scope (packages/db customer-bills.ts, shared with the demo seed). */
  generate(scope: BillScope, span: MonthSpan, author: BillAuthor) {
    return generateCustomerBills(this.db, scope, span, author);
  }

  private where(f: BillFilter): SQL {
    const conds = [sql`b.hold_id IN (${scopeHolds(f)})`];
    if (f.month) conds.push(sql`b.month = ${f.month}`);
    if (f.state >= 0) conds.push(sql`b.state = ${f.state}`);
    return sql.join(conds, sql` AND `);
  }

  async list(f: BillFilter, sort: BillSort, offset: number, limit: number) {
    const where = this.where(f);
    const order = sort.column
      ? sql`${SORT[sort.column]} ${sql.raw(sort.desc ? 'DESC' : 'ASC')}, b.id`
      : sql`b.month DESC, h.name, b.id`;
    const [page, totals] = await Promise.all([
      this.db.execute(sql`${BILL_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute(sql`SELECT count(*) AS n, coalesce(sum(sim_count), 0) AS sims,
          coalesce(sum(renewal_count), 0) AS renewals, coalesce(sum(renewal_fen), 0) AS renewal_fen,
          coalesce(sum(sms_pack_fen), 0) AS pack_fen, coalesce(sum(sms_sent), 0) AS sms_sent,
          coalesce(sum(total_fen), 0) AS total, coalesce(sum(paid_fen), 0) AS paid, coalesce(sum(due_fen), 0) AS due
        FROM customer_bills b WHERE ${where}`),
    ]);
    const t = totals.rows[0]!;
    return {
      rows: page.rows.map(toBill),
      total: Number(t.n),
      totals: {
        SimCount: Number(t.sims),
        RenewalCount: Number(t.renewals),
        RenewalFen: Number(t.renewal_fen),
        SmsPackFen: Number(t.pack_fen),
        SmsSent: Number(t.sms_sent),
        TotalFen: Number(t.total),
        PaidFen: Number(t.paid),
        DueFen: Number(t.due),
      },
    };
  }

  async findInScope(id: number, scope: BillScope) {
    const { rows } = await this.db.execute(
      sql`${BILL_SELECT} WHERE b.id = ${id} AND b.hold_id IN (${scopeHolds(scope)})`,
    );
    return rows[0] ? toBill(rows[0]) : undefined;
  }

  async lines(billId: number, kind: number, offset: number, limit: number) {
    const where = kind ? sql`bill_id = ${billId} AND kind = ${kind}` : sql`bill_id = ${billId}`;
    const [page, totals] = await Promise.all([
      this.db.execute(sql`SELECT kind, iccid, msisdn, description, amount_fen, paid, ref,
          to_json(occurred_at) #>> '{}' AS occurred_at
        FROM customer_bill_lines WHERE ${where} ORDER BY kind, occurred_at NULLS FIRST, iccid, id
        LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute(sql`SELECT count(*) AS n, coalesce(sum(amount_fen), 0) AS amount,
          coalesce(sum(amount_fen) FILTER (WHERE paid), 0) AS paid
        FROM customer_bill_lines WHERE ${where}`),
    ]);
    const t = totals.rows[0]!;
    return {
      rows: page.rows.map((r) => ({
        kind: Number(r.kind),
        iccid: String(r.iccid),
        msisdn: String(r.msisdn),
        description: String(r.description),
        amountFen: Number(r.amount_fen),
        paid: Boolean(r.paid),
        ref: String(r.ref),
        occurredAt: r.occurred_at ? new Date(String(r.occurred_at)) : null,
      })),
      total: Number(t.n),
      totals: { count: Number(t.n), amountFen: Number(t.amount), paidFen: Number(t.paid) },
    };
  }

  async setPaid(id: number, log: { userId: number; holdId: number; ip: string; detail: string }) {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`UPDATE customer_bills SET state = ${BillState.Paid}, paid_at = now(),
          paid_by = ${log.userId}, updated_at = now()
        WHERE id = ${id} AND paid_at IS NULL RETURNING id`);
      if (rows[0])
        await tx.execute(sql`INSERT INTO operation_logs (user_id, hold_id, action, detail, ip)
          VALUES (${log.userId}, ${log.holdId}, 'setCustomerBillPaid', ${log.detail}, ${log.ip})`);
    });
  }
}
