import type { Db } from '@lodestar/db';
import {
  BILLED_SIM_STATES,
  BillLineKind,
  BillState,
  PayKind,
  PayStatus,
  RenewalSource,
  SmsState,
} from '@lodestar/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { BillSortColumn } from './schemas.ts';

/** Holds whose bills the caller reaches: a subtree, without the caller's own hold. */
export interface BillScope {
  path: string;
  callerHoldId: number;
}

export interface BillFilter extends BillScope {
  month?: string | undefined;
  state: number;
}

export interface BillSort {
  column?: BillSortColumn | undefined;
  desc: boolean;
}

/** A month in the caller's time zone: [from, to). */
export interface MonthSpan {
  month: string;
  from: Date;
  to: Date;
}

export type BillRowData = ReturnType<typeof toBill>;

const billed = sql.raw(BILLED_SIM_STATES.join(','));
const scopeHolds = (s: BillScope) =>
  sql`SELECT id FROM holds WHERE path LIKE ${`${s.path}%`} AND id <> ${s.callerHoldId}`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const during = (column: SQL, span: MonthSpan) => sql`${column} >= ${ts(span.from)} AND ${column} < ${ts(span.to)}`;

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

  /**
   * Makes or remakes the month's bill of every hold in scope with SIMs or activity. A bill marked
   * paid is kept as it is; an unmarked bill of a hold with nothing left is removed.
   */
  async generate(scope: BillScope, span: MonthSpan, log: { userId: number; holdId: number; ip: string }) {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`
        INSERT INTO customer_bills AS b (hold_id, month, sim_count, renewal_count, renewal_fen, sms_pack_fen,
                                         sms_sent, total_fen, paid_fen, due_fen, user_id)
        SELECT h.id, ${span.month}, 0, 0, 0, 0, 0, 0, 0, 0, ${log.userId} FROM (${scopeHolds(scope)}) h
        WHERE EXISTS (SELECT 1 FROM sims s WHERE s.hold_id = h.id AND s.state IN (${billed}))
           OR EXISTS (SELECT 1 FROM renewals r WHERE r.hold_id = h.id AND ${during(sql`r.created_at`, span)})
           OR EXISTS (SELECT 1 FROM payment_orders o WHERE o.hold_id = h.id AND o.kind = ${PayKind.SmsPack}
                        AND o.status = ${PayStatus.Paid} AND ${during(sql`o.paid_at`, span)})
           OR EXISTS (SELECT 1 FROM sms_messages m WHERE m.hold_id = h.id AND ${during(sql`m.created_at`, span)})
        ON CONFLICT (hold_id, month) DO UPDATE SET user_id = excluded.user_id, updated_at = now()
          WHERE b.paid_at IS NULL
        RETURNING b.id`);
      const ids = sql`${sql.param(rows.map((r) => Number(r.id)))}::int[]`;
      await tx.execute(sql`DELETE FROM customer_bills WHERE month = ${span.month} AND paid_at IS NULL
        AND hold_id IN (${scopeHolds(scope)}) AND NOT (id = ANY(${ids}))`);
      await tx.execute(sql`DELETE FROM customer_bill_lines WHERE bill_id = ANY(${ids})`);
      await tx.execute(sql`
        INSERT INTO customer_bill_lines (bill_id, kind, sim_id, iccid, msisdn, description, amount_fen, paid, ref)
        SELECT b.id, ${BillLineKind.Sim}, s.id, s.iccid, s.msisdn, coalesce(p.name, ''), 0, false, ''
        FROM customer_bills b JOIN sims s ON s.hold_id = b.hold_id LEFT JOIN sim_packages p ON p.id = s.package_id
        WHERE b.id = ANY(${ids}) AND s.state IN (${billed})`);
      await tx.execute(sql`
        INSERT INTO customer_bill_lines (bill_id, kind, sim_id, iccid, msisdn, description, amount_fen, paid, ref,
                                         occurred_at)
        SELECT b.id, ${BillLineKind.Renewal}, s.id, s.iccid, s.msisdn,
               coalesce(p.name, '') || ' · ' || r.months, r.fee_fen, r.source = ${RenewalSource.Online},
               coalesce(o.order_no, CASE WHEN r.work_id IS NULL THEN '' ELSE 'WO' || r.work_id END), r.created_at
        FROM customer_bills b JOIN renewals r ON r.hold_id = b.hold_id
          JOIN sims s ON s.id = r.sim_id
          LEFT JOIN sim_packages p ON p.id = r.package_id
          LEFT JOIN payment_orders o ON o.id = r.order_id
        WHERE b.id = ANY(${ids}) AND ${during(sql`r.created_at`, span)}`);
      await tx.execute(sql`
        INSERT INTO customer_bill_lines (bill_id, kind, description, amount_fen, paid, ref, occurred_at)
        SELECT b.id, ${BillLineKind.SmsPack}, coalesce(o.sms_pack_id, '') || ' · ' || coalesce(o.sms_count, 0),
               o.amount_fen, true, o.order_no, o.paid_at
        FROM customer_bills b JOIN payment_orders o ON o.hold_id = b.hold_id
        WHERE b.id = ANY(${ids}) AND o.kind = ${PayKind.SmsPack} AND o.status = ${PayStatus.Paid}
          AND ${during(sql`o.paid_at`, span)}`);
      await tx.execute(sql`
        UPDATE customer_bills b SET sim_count = t.sims, renewal_count = t.renewals, renewal_fen = t.renewal_fen,
          sms_pack_fen = t.pack_fen, total_fen = t.total, paid_fen = t.paid, due_fen = t.total - t.paid,
          sms_sent = t.segments,
          state = CASE WHEN t.total - t.paid = 0 THEN ${BillState.Paid}::smallint ELSE ${BillState.Unpaid}::smallint END,
          updated_at = now()
        FROM (
          SELECT b2.id,
            count(l.id) FILTER (WHERE l.kind = ${BillLineKind.Sim}) AS sims,
            count(l.id) FILTER (WHERE l.kind = ${BillLineKind.Renewal}) AS renewals,
            coalesce(sum(l.amount_fen) FILTER (WHERE l.kind = ${BillLineKind.Renewal}), 0) AS renewal_fen,
            coalesce(sum(l.amount_fen) FILTER (WHERE l.kind = ${BillLineKind.SmsPack}), 0) AS pack_fen,
            coalesce(sum(l.amount_fen), 0) AS total,
            coalesce(sum(l.amount_fen) FILTER (WHERE l.paid), 0) AS paid,
            (SELECT coalesce(sum(m.segments), 0) FROM sms_messages m
              WHERE m.hold_id = b2.hold_id AND m.state <> ${SmsState.Failed} AND ${during(sql`m.created_at`, span)})
              AS segments
          FROM customer_bills b2 LEFT JOIN customer_bill_lines l ON l.bill_id = b2.id
          WHERE b2.id = ANY(${ids}) GROUP BY b2.id) t
        WHERE b.id = t.id`);
      await tx.execute(sql`INSERT INTO operation_logs (user_id, hold_id, action, detail, ip)
        VALUES (${log.userId}, ${log.holdId}, 'generateCustomerBills', ${`${span.month}: ${rows.length}`}, ${log.ip})`);
      return rows.length;
    });
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
