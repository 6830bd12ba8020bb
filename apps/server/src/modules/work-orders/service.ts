import type { AddWorkFlowInput, WorkFlowListInput, WorkRow } from '@lodestar/contract/work-orders';
import { Fn, IMEI_RE, type Language, LockType, WorkType } from '@lodestar/domain';
import { badRequest, conflict, outsideHold } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { NewWorkOrder, WorkOrderRepository } from './repository.ts';
import { reviewTarget } from './review.ts';
import { checkStatusText, stateAllows, workTypeText } from './rules.ts';

/** The fields a work type carries, checked before any SIM is looked at. */
interface TypeFields {
  packageId?: number;
  months?: number;
  lockType?: number;
  imei?: string;
}

const required = (field: string) => badRequest('invalidField', `${field} is required`);

function typeFields(input: AddWorkFlowInput): TypeFields {
  switch (input.WorkType) {
    case WorkType.PackageChange:
      if (!input.PackageID) throw required('PackageID');
      return { packageId: input.PackageID };
    case WorkType.Renewal:
      if (!input.Months) throw required('Months');
      return { months: input.Months, ...(input.PackageID ? { packageId: input.PackageID } : {}) };
    case WorkType.Lock: {
      if (input.LockType === undefined || input.LockType === null) throw required('LockType');
      if (input.LockType === LockType.Unlocked) return { lockType: LockType.Unlocked };
      if (!input.IMEI || !IMEI_RE.test(input.IMEI)) throw badRequest('workImeiFormat', 'IMEI');
      return { lockType: LockType.Locked, imei: input.IMEI };
    }
    default:
      return {};
  }
}

/** Applying for SIM business (function 11) and reading the orders; approval is in review.ts. */
export class WorkOrderService {
  constructor(
    private readonly repo: WorkOrderRepository,
    private readonly logs: OperationLogRepository,
  ) {}

  /** Every target is checked before any order is written: one bad card and nothing is applied for. */
  async apply(auth: AuthContext, input: AddWorkFlowInput): Promise<{ WorkIDs: number[] }> {
    const targets = [
      ...new Set([input.TargetID ?? '', ...(input.TargetIDs ?? [])].filter(Boolean).map((s) => s.toUpperCase())),
    ];
    if (!targets.length) throw required('TargetID');
    const fields = typeFields(input);

    const workIds = await this.repo.transaction(async (repo) => {
      const found = await repo.lockSimsByIccid(auth.holdPath, targets);
      if (found.length !== targets.length) throw outsideHold();
      const pkg = fields.packageId ? await repo.visiblePackage(auth.holdPath, fields.packageId) : undefined;
      if (fields.packageId && !pkg) throw outsideHold();
      const open = await repo.simIdsWithOpenOrder(found.map((s) => s.id));
      const byIccid = new Map(found.map((s) => [s.iccid, s]));

      const rows: NewWorkOrder[] = targets.map((iccid) => {
        const sim = byIccid.get(iccid)!;
        if (open.has(sim.id)) throw conflict('workOrderOpen', iccid);
        if (!stateAllows(input.WorkType, sim.state)) throw badRequest('workStateNotAllowed', iccid);
        if (pkg && pkg.operatorId !== sim.operatorId) throw badRequest('workPackageCarrier', iccid);
        if (input.WorkType === WorkType.PackageChange && pkg!.id === sim.packageId)
          throw badRequest('workPackageSame', iccid);
        return {
          workType: input.WorkType,
          simId: sim.id,
          holdId: sim.holdId,
          workCont: input.WorkCont,
          applicantId: auth.userId,
          lockType: fields.lockType ?? null,
          imei: fields.imei ?? null,
          months: fields.months ?? null,
          // A renewal without a package renews the card's own.
          packageId: pkg?.id ?? (input.WorkType === WorkType.Renewal ? sim.packageId : null),
        };
      });
      return repo.insertOrders(rows);
    });

    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'addWorkFlow',
      detail: `type ${input.WorkType} WorkID ${workIds.join(',')} ICCID ${targets.join(',')}`.slice(0, 2000),
      ip: auth.ip,
    });
    return { WorkIDs: workIds };
  }

  /**
   * The order of a VIP upgrade effective on approval (work type 7), written in Vip/Upgrade's own
   * transaction so the charge and the order stand or fall together. It sits in the paying unit, so
   * reviewers above that unit decide it as they decide its SIM business.
   */
  async openVipOrder(
    tx: Executor,
    o: { holdId: number; applicantId: number; months: number | null; workCont: string },
  ): Promise<number> {
    const [id] = await this.repo.on(tx).insertOrders([
      {
        workType: WorkType.VipUpgrade,
        simId: null,
        holdId: o.holdId,
        applicantId: o.applicantId,
        months: o.months,
        workCont: o.workCont,
      },
    ]);
    return id!;
  }

  /** The header badge: an auditor's pending queue, or what the caller is still waiting for. */
  count(auth: AuthContext): Promise<number> {
    const auditor = auth.funs.has(Fn.audit);
    return this.repo.countUnderReview(auth.holdPath, auditor ? undefined : auth.userId);
  }

  async list(auth: AuthContext, b: WorkFlowListInput, lang: Language) {
    const { from, to } = parseTimeRange(b, auth.timeZone);
    const { rows, total } = await this.repo.list({
      holdPath: auth.holdPath,
      checkStatus: b.CheckStatic || undefined,
      idno: b.IDNO || undefined,
      from,
      to,
      offset: (b.pageIndex - 1) * b.pageCount,
      limit: b.pageCount,
    });
    const at = (d: Date | null) => (d ? formatInZone(d, auth.timeZone) : '');
    const devices = await this.repo.upgradeDevices(rows.flatMap((r) => (r.vip ? [r.vip.id] : [])));
    return {
      rows: rows.map(
        (r): WorkRow => ({
          WorkID: r.order.id,
          WorkType: r.order.workType,
          WorkTypeText: workTypeText(r.order.workType, r.order.lockType, lang),
          TargetID: reviewTarget(r.order, r.iccid, r.vip?.id ?? null),
          MSISDN: r.msisdn ?? '',
          LockType: r.order.lockType,
          IMEI: r.order.imei ?? '',
          PackageID: r.order.packageId,
          PackageName: r.packageName ?? '',
          Months: r.order.months,
          CheckStatus: r.order.checkStatus,
          CheckStatusText: checkStatusText(r.order.checkStatus, lang),
          WorkCont: r.order.workCont,
          UserName: r.applicantName ?? '',
          ApplyTime: at(r.order.applyTime),
          HoldID: r.order.holdId,
          HoldName: r.holdName,
          ReHoldID: r.order.reHoldId,
          ReHoldName: r.reHoldName ?? '',
          ReviewerName: r.reviewerName ?? '',
          CheckText: r.order.checkText,
          CheckTime: at(r.order.checkTime),
          Vip: r.vip
            ? {
                UpgradeID: r.vip.id,
                DeviceIDs: devices.get(r.vip.id) ?? [],
                Months: r.vip.months,
                ToDate: r.vip.toDate,
                TotalVPoint: r.vip.totalVPoint,
              }
            : null,
        }),
      ),
      total,
    };
  }
}
