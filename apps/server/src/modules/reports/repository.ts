import type { RenewalSortColumn } from '@lodestar/contract/reports';
import { type Db, holds, operators, paymentOrders, renewals, simHistory, simPackages, sims, users } from '@lodestar/db';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import { ownedInLineage, ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

/** What the renewal fee report filters on, every id already checked against the caller's reach. */
export interface RenewalFilter {
  /** The subtree whose renewals count: the caller's, or the chosen HoldID's. */
  scopePath: string;
  from?: Date | undefined;
  to?: Date | undefined;
  operatorId?: number | undefined;
  packageId?: number | undefined;
  source?: number | undefined;
  iccid?: string | undefined;
}

export interface RenewalPage {
  offset: number;
  limit: number;
  sort: RenewalSortColumn;
  desc: boolean;
}

/** The conditions on `renewals` (and on `sims` when a carrier or ICCID is asked for). */
function renewalConditions(f: RenewalFilter): SQL {
  const conds: SQL[] = [ownedInSubtree(renewals.holdId, f.scopePath)];
  if (f.from) conds.push(gte(renewals.createdAt, f.from));
  // EndTime is the last second shown (hh:mm:ss), so the second itself is in.
  if (f.to) conds.push(lt(renewals.createdAt, new Date(f.to.getTime() + 1000)));
  if (f.packageId) conds.push(eq(renewals.packageId, f.packageId));
  if (f.source) conds.push(eq(renewals.source, f.source));
  if (f.operatorId) conds.push(eq(sims.operatorId, f.operatorId));
  // ICCIDs are stored upper-cased.
  if (f.iccid) conds.push(like(sims.iccid, escapeLike(f.iccid.toUpperCase())));
  return and(...conds)!;
}

const needsSims = (f: RenewalFilter) => Boolean(f.operatorId || f.iccid);

export type RenewalRow = Awaited<ReturnType<ReportRepository['renewalRows']>>[number];

/** `m0 … mN`: count(*) FILTER (bounds[i] ≤ at < bounds[i + 1]). */
function perMonth(at: AnyColumn, bounds: Date[]): Record<string, SQL<string>> {
  const out: Record<string, SQL<string>> = {};
  for (let i = 0; i + 1 < bounds.length; i++)
    out[`m${i}`] = sql<string>`count(*) FILTER (WHERE ${at} >= ${bounds[i]} AND ${at} < ${bounds[i + 1]})`;
  return out;
}
const monthCounts = (row: Record<string, string> | undefined, bounds: Date[]) =>
  bounds.slice(1).map((_, i) => Number(row?.[`m${i}`] ?? 0));

/** The report centre's reads (docs/SIM-API-2.md "Reports"); it writes nothing. */
export class ReportRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of renewals. The page's ids are picked on `renewals` (joined to `sims` or `holds`
   * only when a filter or the order needs them), then only those rows are joined to their names.
   */
  async renewalPage(f: RenewalFilter, page: RenewalPage) {
    const key = page.sort === 'FeeFen' ? renewals.feeFen : page.sort === 'HoldName' ? holds.name : renewals.createdAt;
    const dir = page.desc ? desc : asc;
    let picked = this.db.select({ id: renewals.id }).from(renewals).$dynamic();
    if (needsSims(f)) picked = picked.innerJoin(sims, eq(sims.id, renewals.simId));
    if (page.sort === 'HoldName') picked = picked.innerJoin(holds, eq(holds.id, renewals.holdId));
    const ids = (
      await picked.where(renewalConditions(f)).orderBy(dir(key), dir(renewals.id)).limit(page.limit).offset(page.offset)
    ).map((r) => r.id);
    if (!ids.length) return [];
    const rows = await this.renewalRows(ids);
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  }

  renewalRows(ids: number[]) {
    return this.db
      .select({
        id: renewals.id,
        iccid: sims.iccid,
        msisdn: sims.msisdn,
        holdName: holds.name,
        operatorName: operators.name,
        packageName: simPackages.name,
        months: renewals.months,
        feeFen: renewals.feeFen,
        source: renewals.source,
        orderNo: paymentOrders.orderNo,
        workId: renewals.workId,
        expiresBefore: renewals.expiresBefore,
        expiresAfter: renewals.expiresAfter,
        userName: users.userName,
        createdAt: renewals.createdAt,
      })
      .from(renewals)
      .innerJoin(sims, eq(sims.id, renewals.simId))
      .innerJoin(holds, eq(holds.id, renewals.holdId))
      .leftJoin(operators, eq(operators.id, sims.operatorId))
      .leftJoin(simPackages, eq(simPackages.id, renewals.packageId))
      .leftJoin(paymentOrders, eq(paymentOrders.id, renewals.orderId))
      .leftJoin(users, eq(users.id, renewals.userId))
      .where(inArray(renewals.id, ids));
  }

  /** Count, months and fee of every row the filter selects, in one aggregate (not the page's). */
  async renewalTotals(f: RenewalFilter): Promise<{ count: number; months: number; feeFen: number }> {
    let q = this.db
      .select({
        count: sql<string>`count(*)`,
        months: sql<string>`coalesce(sum(${renewals.months}), 0)`,
        feeFen: sql<string>`coalesce(sum(${renewals.feeFen}), 0)`,
      })
      .from(renewals)
      .$dynamic();
    if (needsSims(f)) q = q.innerJoin(sims, eq(sims.id, renewals.simId));
    const [row] = await q.where(renewalConditions(f));
    return { count: Number(row?.count ?? 0), months: Number(row?.months ?? 0), feeFen: Number(row?.feeFen ?? 0) };
  }

  /**
   * SIMs created (stocked) in each month: `bounds` are the months' first instants in the caller's
   * time zone plus the end of the last one. One pass with a FILTER per month: no per-row
   * time-zone formatting, and the range condition bounds the scan.
   */
  async newPerMonth(scopePath: string, operatorId: number | undefined, bounds: Date[]): Promise<number[]> {
    const conds = [
      ownedInSubtree(sims.holdId, scopePath),
      gte(sims.createdAt, bounds[0]!),
      lt(sims.createdAt, bounds.at(-1)!),
    ];
    if (operatorId) conds.push(eq(sims.operatorId, operatorId));
    const [row] = await this.db
      .select(perMonth(sims.createdAt, bounds))
      .from(sims)
      .where(and(...conds));
    return monthCounts(row, bounds);
  }

  /** `stop` history rows in each month (as newPerMonth) of the SIMs in the subtree. */
  async stoppedPerMonth(scopePath: string, operatorId: number | undefined, bounds: Date[]): Promise<number[]> {
    const conds = [
      eq(simHistory.action, 'stop'),
      gte(simHistory.createdAt, bounds[0]!),
      lt(simHistory.createdAt, bounds.at(-1)!),
      ownedInSubtree(sims.holdId, scopePath),
    ];
    if (operatorId) conds.push(eq(sims.operatorId, operatorId));
    const [row] = await this.db
      .select(perMonth(simHistory.createdAt, bounds))
      .from(simHistory)
      .innerJoin(sims, eq(sims.id, simHistory.simId))
      .where(and(...conds));
    return monthCounts(row, bounds);
  }

  /** Carriers and packages are readable along the lineage (hold-scope-repository.ts). */
  async reachable(kind: 'operator' | 'package', id: number, holdPath: string): Promise<boolean> {
    const t = kind === 'operator' ? operators : simPackages;
    const rows = await this.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, id), ownedInLineage(t.holdId, holdPath)));
    return rows.length > 0;
  }
}
