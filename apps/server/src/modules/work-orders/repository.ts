import { holds, simHistory, simPackages, sims, users, vipUpgradeItems, vipUpgrades, workOrders } from '@lodestar/db';
import { CheckStatus } from '@lodestar/domain';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/executor.ts';
import { ownedInLineage, ownedInSubtree } from '../../lib/hold-scope-repository.ts';
import { escapeLike } from '../../lib/like.ts';

export type SimRow = typeof sims.$inferSelect;
export type WorkOrderRow = typeof workOrders.$inferSelect;
export type NewWorkOrder = typeof workOrders.$inferInsert;
export type SimPatch = Partial<
  Pick<SimRow, 'state' | 'holdId' | 'shippedAt' | 'packageId' | 'expiresOn' | 'lockType' | 'lockedImei'>
>;

export interface WorkListQuery {
  holdPath: string;
  checkStatus?: number | undefined;
  idno?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  offset: number;
  limit: number;
}

const reHold = alias(holds, 're_hold');
const applicant = alias(users, 'applicant');
const reviewer = alias(users, 'reviewer');

export class WorkOrderRepository {
  constructor(private readonly db: Executor) {}

  on(ex: Executor): WorkOrderRepository {
    return ex === this.db ? this : new WorkOrderRepository(ex);
  }

  /** The database or transaction this repository runs on, for review hooks of other modules. */
  get executor(): Executor {
    return this.db;
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: WorkOrderRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new WorkOrderRepository(tx)));
  }

  /**
   * The caller's SIMs among these ICCIDs, row-locked in id order so concurrent requests for the
   * same cards queue behind each other instead of both passing the "no open order" check.
   */
  lockSimsByIccid(holdPath: string, iccids: string[]): Promise<SimRow[]> {
    return this.db
      .select()
      .from(sims)
      .where(and(inArray(sims.iccid, iccids), ownedInSubtree(sims.holdId, holdPath)))
      .orderBy(asc(sims.id))
      .for('update');
  }

  lockSimsById(ids: number[]): Promise<SimRow[]> {
    return this.db.select().from(sims).where(inArray(sims.id, ids)).orderBy(asc(sims.id)).for('update');
  }

  async simIdsWithOpenOrder(simIds: number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectDistinct({ simId: workOrders.simId })
      .from(workOrders)
      .where(and(inArray(workOrders.simId, simIds), eq(workOrders.checkStatus, CheckStatus.UnderReview)));
    return new Set(rows.flatMap((r) => (r.simId === null ? [] : [r.simId])));
  }

  /** Packages are reference data: the caller's own and its ancestors' are usable. */
  async visiblePackage(holdPath: string, id: number) {
    const [row] = await this.db
      .select({ id: simPackages.id, operatorId: simPackages.operatorId })
      .from(simPackages)
      .where(and(eq(simPackages.id, id), ownedInLineage(simPackages.holdId, holdPath)));
    return row;
  }

  async insertOrders(rows: NewWorkOrder[]): Promise<number[]> {
    const out = await this.db.insert(workOrders).values(rows).returning({ id: workOrders.id });
    return out.map((r) => r.id);
  }

  /**
   * Orders of the caller's subtree among these ids, row-locked so two reviewers cannot both apply one.
   * A VIP order has no SIM: its target is the upgrade that points at it (the wallet module decides it).
   */
  lockOrders(holdPath: string, ids: number[]) {
    return this.db
      .select({ order: workOrders, iccid: sims.iccid, upgradeId: vipUpgrades.id })
      .from(workOrders)
      .leftJoin(sims, eq(sims.id, workOrders.simId))
      .leftJoin(vipUpgrades, eq(vipUpgrades.workId, workOrders.id))
      .where(and(inArray(workOrders.id, ids), ownedInSubtree(workOrders.holdId, holdPath)))
      .orderBy(asc(workOrders.id))
      .for('update', { of: workOrders });
  }

  async holdInSubtree(holdPath: string, id: number) {
    const [row] = await this.db
      .select({ id: holds.id })
      .from(holds)
      .where(and(eq(holds.id, id), ownedInSubtree(holds.id, holdPath)));
    return row;
  }

  async updateSim(id: number, patch: SimPatch): Promise<void> {
    await this.db
      .update(sims)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(sims.id, id));
  }

  async review(
    id: number,
    r: { checkStatus: number; reviewerId: number; checkText: string; reHoldId: number | null },
  ): Promise<void> {
    await this.db
      .update(workOrders)
      .set({ ...r, checkTime: new Date() })
      .where(eq(workOrders.id, id));
  }

  async insertHistory(rows: (typeof simHistory.$inferInsert)[]): Promise<void> {
    if (rows.length) await this.db.insert(simHistory).values(rows);
  }

  async countUnderReview(holdPath: string, applicantId?: number): Promise<number> {
    const conds = [eq(workOrders.checkStatus, CheckStatus.UnderReview), ownedInSubtree(workOrders.holdId, holdPath)];
    if (applicantId !== undefined) conds.push(eq(workOrders.applicantId, applicantId));
    const [row] = await this.db
      .select({ n: count() })
      .from(workOrders)
      .where(and(...conds));
    return row?.n ?? 0;
  }

  async list(q: WorkListQuery) {
    const conds: SQL[] = [ownedInSubtree(workOrders.holdId, q.holdPath)];
    if (q.checkStatus) conds.push(eq(workOrders.checkStatus, q.checkStatus));
    if (q.idno) {
      const part = escapeLike(q.idno);
      const vipDevice = this.db
        .select({ one: sql`1` })
        .from(vipUpgradeItems)
        .where(and(eq(vipUpgradeItems.upgradeId, vipUpgrades.id), ilike(vipUpgradeItems.deviceId, part)));
      conds.push(or(ilike(sims.iccid, part), ilike(sims.msisdn, part), exists(vipDevice))!);
    }
    if (q.from) conds.push(gte(workOrders.applyTime, q.from));
    if (q.to) conds.push(lte(workOrders.applyTime, q.to));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          order: workOrders,
          iccid: sims.iccid,
          msisdn: sims.msisdn,
          holdName: holds.name,
          reHoldName: reHold.name,
          packageName: simPackages.name,
          applicantName: applicant.userName,
          reviewerName: reviewer.userName,
          vip: vipUpgrades,
        })
        .from(workOrders)
        .leftJoin(sims, eq(sims.id, workOrders.simId))
        .leftJoin(vipUpgrades, eq(vipUpgrades.workId, workOrders.id))
        .innerJoin(holds, eq(holds.id, workOrders.holdId))
        .leftJoin(reHold, eq(reHold.id, workOrders.reHoldId))
        .leftJoin(simPackages, eq(simPackages.id, workOrders.packageId))
        .leftJoin(applicant, eq(applicant.id, workOrders.applicantId))
        .leftJoin(reviewer, eq(reviewer.id, workOrders.reviewerId))
        .where(where)
        .orderBy(desc(workOrders.applyTime), desc(workOrders.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({ n: count() })
        .from(workOrders)
        .leftJoin(sims, eq(sims.id, workOrders.simId))
        .leftJoin(vipUpgrades, eq(vipUpgrades.workId, workOrders.id))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The devices of these VIP upgrades, in the order they were bought. */
  async upgradeDevices(upgradeIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (!upgradeIds.length) return out;
    const rows = await this.db
      .select({ upgradeId: vipUpgradeItems.upgradeId, deviceId: vipUpgradeItems.deviceId })
      .from(vipUpgradeItems)
      .where(inArray(vipUpgradeItems.upgradeId, upgradeIds))
      .orderBy(asc(vipUpgradeItems.id));
    for (const r of rows) out.set(r.upgradeId, [...(out.get(r.upgradeId) ?? []), r.deviceId]);
    return out;
  }
}
