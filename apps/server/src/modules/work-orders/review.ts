import type { ApprovalItem } from '@lodestar/contract/work-orders';
import { CheckStatus, LockType, SimState, WorkType } from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { SimPatch, SimRow, WorkOrderRepository, WorkOrderRow } from './repository.ts';
import { historyAction, renewedExpiry, stateAllows } from './rules.ts';

/** History detail names follow the SIM row of docs/SIM-API.md, so the console can show them as they are. */
const FIELD_NAMES: Record<keyof SimPatch, string> = {
  state: 'State',
  holdId: 'HoldID',
  shippedAt: 'ShippedAt',
  packageId: 'PackageID',
  expiresOn: 'ExpiresOn',
  lockType: 'LockType',
  lockedImei: 'LockedIMEI',
};

/** What approving an order does to its SIM (docs/SIM-API.md "CheckWorkFlow"). */
function changeFor(order: WorkOrderRow, sim: SimRow, reHoldId: number | null, today: string): SimPatch {
  switch (order.workType) {
    case WorkType.Stop:
      return { state: SimState.Suspended };
    case WorkType.Resume:
      return { state: SimState.Active };
    case WorkType.Return:
      return { holdId: reHoldId!, shippedAt: null };
    case WorkType.PackageChange:
      return { packageId: order.packageId };
    case WorkType.Renewal:
      return {
        expiresOn: renewedExpiry(sim.expiresOn, today, order.months ?? 0),
        packageId: order.packageId ?? sim.packageId,
      };
    default: {
      const lockType = order.lockType ?? LockType.Unlocked;
      return { lockType, lockedImei: lockType === LockType.Locked ? (order.imei ?? '') : '' };
    }
  }
}

const jsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

function beforeAfter(sim: SimRow, patch: SimPatch) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof SimPatch)[]) {
    before[FIELD_NAMES[key]] = jsonValue(sim[key]);
    after[FIELD_NAMES[key]] = jsonValue(patch[key]);
  }
  return { before, after };
}

/**
 * One reviewed order: `before` is the SIM as it was, `after` as approval left it (same when rejected);
 * both null for a VIP upgrade, which has no SIM (the wallet module's hook decides its devices).
 */
export interface ReviewDecision {
  order: WorkOrderRow;
  approved: boolean;
  /** The ICCID, or a VIP upgrade's order number U<id>. */
  target: string;
  before: SimRow | null;
  after: SimRow | null;
}

/** A decision on SIM business: the card before and after. */
export type SimDecision = ReviewDecision & { before: SimRow; after: SimRow };
export const isSimDecision = (d: ReviewDecision): d is SimDecision => d.before !== null && d.after !== null;

/**
 * Other modules' reactions to a review (renewal records, the applicant's notice, a VIP upgrade's
 * devices), run in the review's transaction so they happen exactly when the review does. What may
 * only happen once it is committed (cache invalidation) is handed to `afterCommit`.
 */
export type ReviewHook = (
  tx: Executor,
  auth: AuthContext,
  decisions: ReviewDecision[],
  afterCommit: (fn: () => void) => void,
) => Promise<void>;

/** The target a reviewer names for an order: its card's ICCID, or the VIP upgrade's order number. */
export const reviewTarget = (order: WorkOrderRow, iccid: string | null, upgradeId: number | null): string =>
  order.workType === WorkType.VipUpgrade ? (upgradeId ? `U${upgradeId}` : '') : (iccid ?? '');

/** Approving or rejecting work orders (function 45): all items or none, in one transaction. */
export class ReviewService {
  private readonly hooks: ReviewHook[] = [];

  constructor(
    private readonly repo: WorkOrderRepository,
    private readonly logs: OperationLogRepository,
  ) {}

  addHook(hook: ReviewHook): void {
    this.hooks.push(hook);
  }

  async review(auth: AuthContext, items: ApprovalItem[]): Promise<void> {
    if (!items.length) throw badRequest('workNoOrderSelected');
    const ids = items.map((i) => i.WorkID);
    const repeated = ids.find((id, n) => ids.indexOf(id) !== n);
    if (repeated !== undefined) throw badRequest('invalidField', `WorkID ${repeated} appears twice`);
    for (const i of items)
      if (i.CheckStatus === CheckStatus.Agreed && i.WorkType === WorkType.Return && !i.ReHoldID)
        throw badRequest('workUnitRequired', String(i.WorkID));
    const today = formatInZone(new Date(), auth.timeZone).slice(0, 10);

    const committed = await this.repo.transaction(async (repo) => {
      // Orders first, then their SIMs, both in id order: a second reviewer waits here and then
      // finds the orders already reviewed.
      const locked = await repo.lockOrders(auth.holdPath, ids);
      if (locked.length !== ids.length) throw outsideHold();
      const orders = new Map(
        locked.map((r) => [r.order.id, { ...r, target: reviewTarget(r.order, r.iccid, r.upgradeId) }]),
      );
      for (const reHoldId of new Set(items.map((i) => i.ReHoldID).filter((id): id is number => !!id)))
        if (!(await repo.holdInSubtree(auth.holdPath, reHoldId))) throw outsideHold();

      for (const item of items) {
        const { order, target } = orders.get(item.WorkID)!;
        if (order.workType !== item.WorkType)
          throw badRequest('invalidField', `WorkType ${item.WorkType} is not the type of order ${order.id}`);
        if (!target || item.TargetID.toUpperCase() !== target)
          throw badRequest('invalidField', `TargetID ${item.TargetID} is not the target of order ${order.id}`);
        if (order.checkStatus !== CheckStatus.UnderReview) throw badRequest('workAlreadyReviewed', String(order.id));
      }

      const simIds = [...new Set(locked.flatMap((r) => (r.order.simId === null ? [] : [r.order.simId])))];
      const sims = new Map((simIds.length ? await repo.lockSimsById(simIds) : []).map((s) => [s.id, s]));
      const history: Parameters<WorkOrderRepository['insertHistory']>[0] = [];
      const decisions: ReviewDecision[] = [];
      for (const item of items) {
        const { order, target } = orders.get(item.WorkID)!;
        const sim = order.simId === null ? null : sims.get(order.simId)!;
        const before = sim ? { ...sim } : null;
        const checkText = item.CheckText ?? '';
        const approved = item.CheckStatus === CheckStatus.Agreed;
        const reHoldId = approved && order.workType === WorkType.Return ? item.ReHoldID! : null;
        if (sim && approved) {
          // The card may have changed since the order was applied for.
          if (!stateAllows(order.workType, sim.state)) throw badRequest('workStateNotAllowed', target);
          const patch = changeFor(order, sim, reHoldId, today);
          history.push({
            simId: sim.id,
            action: historyAction(order.workType, order.lockType),
            detail: { ...beforeAfter(sim, patch), CheckText: checkText },
            userId: auth.userId,
            workId: order.id,
          });
          await repo.updateSim(sim.id, patch);
          Object.assign(sim, patch);
        } else if (sim) {
          history.push({
            simId: sim.id,
            action: 'reject',
            detail: { WorkType: order.workType, CheckText: checkText },
            userId: auth.userId,
            workId: order.id,
          });
        }
        await repo.review(order.id, {
          checkStatus: item.CheckStatus,
          reviewerId: auth.userId,
          checkText,
          reHoldId,
        });
        decisions.push({
          order: { ...order, checkStatus: item.CheckStatus, checkText, reHoldId },
          approved,
          target,
          before,
          after: sim ? { ...sim } : null,
        });
      }
      await repo.insertHistory(history);
      const done: (() => void)[] = [];
      for (const hook of this.hooks) await hook(repo.executor, auth, decisions, (fn) => done.push(fn));
      return done;
    });
    for (const then of committed) then();
    const summary = (status: number) =>
      items
        .filter((i) => i.CheckStatus === status)
        .map((i) => i.WorkID)
        .join(',');
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'checkWorkFlow',
      detail: `agreed ${summary(CheckStatus.Agreed) || '-'} rejected ${summary(CheckStatus.Rejected) || '-'}`.slice(
        0,
        2000,
      ),
      ip: auth.ip,
    });
  }
}
