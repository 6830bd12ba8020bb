import type { Db } from '@lodestar/db';
import { BILLED_SIM_STATES, ReconState } from '@lodestar/domain';
import { type SQL, sql } from 'drizzle-orm';
import { conflict } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
import type { ExpectedLine, ReconCounts, ReconLine } from './match.ts';

type Executor = Pick<Db, 'execute'>;

/** A supplier month as stored (or as live expected when nothing is stored: id null). */
export interface ReconRow {
  id: number | null;
  supplierId: number;
  supplierName: string;
  operatorName: string;
  month: string;
  simCount: number;
  expectedFen: number;
  billedFen: number | null;
  billRows: number;
  matched: number;
  missingInBill: number;
  missingInOurs: number;
  priceMismatch: number;
  state: number;
  billFileName: string;
  userName: string;
  updatedAt: Date | null;
}

export interface RecordFilter {
  holdPath: string;
  supplierId?: number | undefined;
  monthFrom?: string | undefined;
  monthTo?: string | undefined;
  state: number;
}

export interface DetailFilter {
  reconciliationId: number;
  match: number;
  iccid?: string | undefined;
}

const billed = sql.raw(BILLED_SIM_STATES.join(','));
const inSubtree = (column: SQL, path: string) => sql`${column} IN (SELECT id FROM holds WHERE path LIKE ${`${path}%`})`;
/** domain monthlyFeeFen in SQL: the period price spread over its months, rounded half up. */
const monthlyFee = sql`CASE WHEN p.period_months <= 0 THEN p.price_fen
  ELSE (p.price_fen * 2 + p.period_months) / (p.period_months * 2) END`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const RECON_SELECT = sql`SELECT r.id, r.supplier_id, s.name AS supplier_name, o.name AS operator_name, r.month,
    r.sim_count, r.expected_fen, r.billed_fen, r.bill_rows, r.matched, r.missing_in_bill, r.missing_in_ours,
    r.price_mismatch, r.state, r.bill_file_name, coalesce(u.user_name, '') AS user_name, to_json(r.updated_at) #>> '{}' AS updated_at
  FROM supplier_reconciliations r
  JOIN suppliers s ON s.id = r.supplier_id
  JOIN operators o ON o.id = s.operator_id
  LEFT JOIN users u ON u.id = r.user_id`;

function toRecon(r: Record<string, unknown>): ReconRow {
  return {
    id: Number(r.id),
    supplierId: Number(r.supplier_id),
    supplierName: String(r.supplier_name),
    operatorName: String(r.operator_name),
    month: String(r.month),
    simCount: Number(r.sim_count),
    expectedFen: Number(r.expected_fen),
    billedFen: num(r.billed_fen),
    billRows: Number(r.bill_rows),
    matched: Number(r.matched),
    missingInBill: Number(r.missing_in_bill),
    missingInOurs: Number(r.missing_in_ours),
    priceMismatch: Number(r.price_mismatch),
    state: Number(r.state),
    billFileName: String(r.bill_file_name),
    userName: String(r.user_name),
    updatedAt: new Date(String(r.updated_at)),
  };
}

/** Supplier reconciliations: only SQL (the service checks reach and orchestrates). */
export class SupplierReconRepository {
  constructor(private readonly db: Db) {}

  async supplierInSubtree(id: number, holdPath: string) {
    const { rows } = await this.db.execute(sql`SELECT s.id, s.name, s.hold_id, o.name AS operator_name
      FROM suppliers s JOIN operators o ON o.id = s.operator_id
      WHERE s.id = ${id} AND ${inSubtree(sql`s.hold_id`, holdPath)}`);
    const r = rows[0];
    return r
      ? { id: Number(r.id), name: String(r.name), holdId: Number(r.hold_id), operatorName: String(r.operator_name) }
      : undefined;
  }

  /** Count and fees of the cards we expect the supplier to bill this month, live. */
  async liveExpected(supplierId: number, holdPath: string): Promise<{ count: number; fen: number }> {
    const { rows } = await this.db.execute(sql`SELECT count(*) AS n, coalesce(sum(${monthlyFee}), 0) AS fen
      FROM sims x JOIN sim_packages p ON p.id = x.package_id
      WHERE x.supplier_id = ${supplierId} AND x.state IN (${billed}) AND ${inSubtree(sql`x.hold_id`, holdPath)}`);
    return { count: Number(rows[0]?.n ?? 0), fen: Number(rows[0]?.fen ?? 0) };
  }

  private async expectedLines(tx: Executor, supplierId: number, holdPath: string): Promise<ExpectedLine[]> {
    const { rows } = await tx.execute(sql`SELECT x.id, x.iccid, x.msisdn, p.name AS package_name, ${monthlyFee} AS fee
      FROM sims x JOIN sim_packages p ON p.id = x.package_id
      WHERE x.supplier_id = ${supplierId} AND x.state IN (${billed}) AND ${inSubtree(sql`x.hold_id`, holdPath)}
      ORDER BY x.iccid`);
    return rows.map((r) => ({
      simId: Number(r.id),
      iccid: String(r.iccid).toUpperCase(),
      msisdn: String(r.msisdn),
      packageName: String(r.package_name),
      feeFen: Number(r.fee),
    }));
  }

  async find(supplierId: number, month: string): Promise<ReconRow | undefined> {
    const { rows } = await this.db.execute(
      sql`${RECON_SELECT} WHERE r.supplier_id = ${supplierId} AND r.month = ${month}`,
    );
    return rows[0] ? toRecon(rows[0]) : undefined;
  }

  async findInSubtree(id: number, holdPath: string): Promise<ReconRow | undefined> {
    const { rows } = await this.db.execute(
      sql`${RECON_SELECT} WHERE r.id = ${id} AND ${inSubtree(sql`r.hold_id`, holdPath)}`,
    );
    return rows[0] ? toRecon(rows[0]) : undefined;
  }

  /**
   * Replaces the supplier month in one transaction: the row is locked (a confirmed month is
   * refused), the expected lines are read as they are now, matched with the bill, and stored.
   */
  async save(w: {
    supplierId: number;
    supplierHoldId: number;
    month: string;
    holdPath: string;
    userId: number;
    /** The caller's hold and address, for the operation log. */
    holdId: number;
    ip: string;
    fileName: string;
    match: (expected: ExpectedLine[]) => { lines: ReconLine[]; counts: ReconCounts };
  }): Promise<number> {
    return this.db.transaction(async (tx) => {
      // Serialises two uploads of the same month (the row may not exist yet).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${w.supplierId}, hashtext(${w.month}))`);
      const { rows: existing } = await tx.execute(sql`SELECT id, state FROM supplier_reconciliations
        WHERE supplier_id = ${w.supplierId} AND month = ${w.month} FOR UPDATE`);
      if (existing[0] && Number(existing[0].state) === ReconState.Confirmed) throw conflict('reconConfirmed');
      const { lines, counts } = w.match(await this.expectedLines(tx, w.supplierId, w.holdPath));
      const values = sql`${counts.simCount}, ${counts.expectedFen}, ${counts.billedFen}, ${w.fileName}, ${counts.billRows},
        ${counts.matched}, ${counts.missingInBill}, ${counts.missingInOurs}, ${counts.priceMismatch}, ${w.userId}`;
      const { rows: saved } =
        await tx.execute(sql`INSERT INTO supplier_reconciliations AS r (supplier_id, hold_id, month,
          sim_count, expected_fen, billed_fen, bill_file_name, bill_rows, matched, missing_in_bill, missing_in_ours,
          price_mismatch, user_id)
        VALUES (${w.supplierId}, ${w.supplierHoldId}, ${w.month}, ${values})
        ON CONFLICT (supplier_id, month) DO UPDATE SET sim_count = excluded.sim_count,
          expected_fen = excluded.expected_fen, billed_fen = excluded.billed_fen,
          bill_file_name = excluded.bill_file_name, bill_rows = excluded.bill_rows, matched = excluded.matched,
          missing_in_bill = excluded.missing_in_bill, missing_in_ours = excluded.missing_in_ours,
          price_mismatch = excluded.price_mismatch, user_id = excluded.user_id, updated_at = now()
        RETURNING id`);
      const id = Number(saved[0]!.id);
      await tx.execute(sql`DELETE FROM supplier_reconciliation_lines WHERE reconciliation_id = ${id}`);
      // One array parameter per column, so any number of lines is one statement.
      const col = <T>(f: (l: ReconLine) => T) => sql.param(lines.map(f));
      if (lines.length)
        await tx.execute(sql`INSERT INTO supplier_reconciliation_lines
            (reconciliation_id, iccid, sim_id, msisdn, package_name, expected_fen, billed_fen, match)
          SELECT ${id}, u.iccid, u.sim_id, u.msisdn, u.package_name, u.expected_fen, u.billed_fen, u.match
          FROM unnest(${col((l) => l.iccid)}::text[], ${col((l) => l.simId)}::int[], ${col((l) => l.msisdn)}::text[],
                      ${col((l) => l.packageName)}::text[], ${col((l) => l.expectedFen)}::int[],
                      ${col((l) => l.billedFen)}::int[], ${col((l) => l.match)}::smallint[])
            AS u(iccid, sim_id, msisdn, package_name, expected_fen, billed_fen, match)`);
      await tx.execute(sql`INSERT INTO operation_logs (user_id, hold_id, action, detail, ip)
        VALUES (${w.userId}, ${w.holdId}, 'uploadSupplierBill', ${`${w.month} ${w.fileName}`.trim()}, ${w.ip})`);
      return id;
    });
  }

  async confirm(id: number, log: { userId: number; holdId: number; ip: string }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`UPDATE supplier_reconciliations SET state = ${ReconState.Confirmed},
          confirmed_at = now(), updated_at = now()
        WHERE id = ${id} AND state = ${ReconState.Open} RETURNING month`);
      if (rows[0])
        await tx.execute(sql`INSERT INTO operation_logs (user_id, hold_id, action, detail, ip)
          VALUES (${log.userId}, ${log.holdId}, 'confirmSupplierReconciliation', ${`${id} ${String(rows[0].month)}`},
                  ${log.ip})`);
    });
  }

  private detailWhere(f: DetailFilter): SQL {
    const conds = [sql`reconciliation_id = ${f.reconciliationId}`];
    if (f.match) conds.push(sql`match = ${f.match}`);
    if (f.iccid) conds.push(sql`iccid LIKE ${escapeLike(f.iccid.toUpperCase())}`);
    return sql.join(conds, sql` AND `);
  }

  async details(f: DetailFilter, offset: number, limit: number) {
    const where = this.detailWhere(f);
    const [page, totals] = await Promise.all([
      this.db.execute(sql`SELECT iccid, msisdn, package_name, expected_fen, billed_fen, match
        FROM supplier_reconciliation_lines WHERE ${where} ORDER BY match DESC, iccid LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute(sql`SELECT count(*) AS n, coalesce(sum(expected_fen), 0) AS expected,
          coalesce(sum(billed_fen), 0) AS billed,
          coalesce(sum(coalesce(billed_fen, 0) - coalesce(expected_fen, 0)), 0) AS difference
        FROM supplier_reconciliation_lines WHERE ${where}`),
    ]);
    const t = totals.rows[0]!;
    return {
      rows: page.rows.map((r) => ({
        iccid: String(r.iccid),
        msisdn: String(r.msisdn),
        packageName: String(r.package_name),
        expectedFen: num(r.expected_fen),
        billedFen: num(r.billed_fen),
        match: Number(r.match),
      })),
      total: Number(t.n),
      totals: { expectedFen: Number(t.expected), billedFen: Number(t.billed), differenceFen: Number(t.difference) },
    };
  }

  private recordWhere(f: RecordFilter): SQL {
    const conds = [inSubtree(sql`r.hold_id`, f.holdPath)];
    if (f.supplierId) conds.push(sql`r.supplier_id = ${f.supplierId}`);
    if (f.monthFrom) conds.push(sql`r.month >= ${f.monthFrom}`);
    if (f.monthTo) conds.push(sql`r.month <= ${f.monthTo}`);
    if (f.state >= 0) conds.push(sql`r.state = ${f.state}`);
    return sql.join(conds, sql` AND `);
  }

  async records(f: RecordFilter, offset: number, limit: number) {
    const where = this.recordWhere(f);
    const [page, totals] = await Promise.all([
      this.db.execute(
        sql`${RECON_SELECT} WHERE ${where} ORDER BY r.month DESC, s.name, r.id LIMIT ${limit} OFFSET ${offset}`,
      ),
      this.db.execute(sql`SELECT count(*) AS n, coalesce(sum(r.sim_count), 0) AS sims,
          coalesce(sum(r.expected_fen), 0) AS expected, coalesce(sum(r.billed_fen), 0) AS billed,
          coalesce(sum(r.billed_fen - r.expected_fen), 0) AS difference
        FROM supplier_reconciliations r WHERE ${where}`),
    ]);
    const t = totals.rows[0]!;
    return {
      rows: page.rows.map(toRecon),
      total: Number(t.n),
      totals: {
        simCount: Number(t.sims),
        expectedFen: Number(t.expected),
        billedFen: Number(t.billed),
        differenceFen: Number(t.difference),
      },
    };
  }
}
