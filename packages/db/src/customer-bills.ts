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
import type { Db } from './connect.ts';

/** Holds whose bills are made: a subtree, without the caller's own hold. */
export interface BillScope {
  path: string;
  callerHoldId: number;
}

/** A month in the caller's time zone: [from, to). */
export interface MonthSpan {
  month: string;
  from: Date;
  to: Date;
}

/** Who made the bills, for the operation log; none when the demo seed makes them. */
export interface BillAuthor {
  userId: number;
  holdId: number;
  ip: string;
}

const billed = sql.raw(BILLED_SIM_STATES.join(','));
export const scopeHolds = (s: BillScope) =>
  sql`SELECT id FROM holds WHERE path LIKE ${`${s.path}%`} AND id <> ${s.callerHoldId}`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const during = (column: SQL, span: MonthSpan) => sql`${column} >= ${ts(span.from)} AND ${column} < ${ts(span.to)}`;

/**
 * Makes or remakes the month's bill of every hold in scope with SIMs or activity, in one transaction
 * and a few set-based statements. A bill marked paid is kept as it is; an unmarked bill of a hold with
 * nothing left is removed. Answers how many bills were made. The server's "Generate bills"
 * (Reconciliation/GenerateCustomerBills) and the demo seed both make bills here, so seeded bills are
 * what the button would have made.
 */
export async function generateCustomerBills(
  db: Db,
  scope: BillScope,
  span: MonthSpan,
  author?: BillAuthor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      INSERT INTO customer_bills AS b (hold_id, month, sim_count, renewal_count, renewal_fen, sms_pack_fen,
                                       sms_sent, total_fen, paid_fen, due_fen, user_id)
      SELECT h.id, ${span.month}, 0, 0, 0, 0, 0, 0, 0, 0, ${author?.userId ?? null} FROM (${scopeHolds(scope)}) h
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
    if (author)
      await tx.execute(sql`INSERT INTO operation_logs (user_id, hold_id, action, detail, ip)
      VALUES (${author.userId}, ${author.holdId}, 'generateCustomerBills', ${`${span.month}: ${rows.length}`}, ${author.ip})`);
    return rows.length;
  });
}
