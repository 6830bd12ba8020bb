import type { RenewalSimListInput } from '@lodestar/contract/renewal';
import {
  type Language,
  PAYMENT_RULES,
  PayKind,
  type PayMethod,
  proRataFeeFen,
  RenewalSource,
  renewalFeeFen,
  renewedExpiry,
  SimState,
  WorkType,
} from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Executor } from '../../lib/executor.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { PaidOrder, Payments, PaymentTx } from '../payments/types.ts';
import { isSimDecision, type ReviewDecision } from '../work-orders/review.ts';
import type { PackageRow, RenewalRepository } from './repository.ts';

export interface RenewalInput {
  SimIDs: number[];
  PackageID?: number | undefined;
  Periods: number;
}

const todayIn = (tz: string) => formatInZone(new Date(), tz).slice(0, 10);

const SUBJECT: Record<Language, (n: number, periods: number) => string> = {
  zh: (n, p) => `SIM卡续费 ${n} 张 × ${p} 期`,
  en: (n, p) => `SIM renewal: ${n} card${n > 1 ? 's' : ''} × ${p} period${p > 1 ? 's' : ''}`,
  fr: (n, p) => `Renouvellement SIM : ${n} carte${n > 1 ? 's' : ''} × ${p} période${p > 1 ? 's' : ''}`,
};

/** SIM renewal (docs/SIM-API-2.md "Renewal"): the list, the quote, the order and its fulfilment. */
export class RenewalService {
  constructor(
    private readonly repo: RenewalRepository,
    private readonly holds: HoldScope,
    private readonly payments: Payments,
  ) {}

  async list(auth: AuthContext, f: RenewalSimListInput) {
    const today = todayIn(auth.timeZone);
    const { rows, total } = await this.repo.list({
      scopePath: await this.holds.pathOf(auth, f.HoldID),
      today,
      displayState: f.DisplayState || undefined,
      iccid: f.ICCID || undefined,
      msisdn: f.MSISDN || undefined,
      sort: f.SortColumn ?? 'ExpiresOn',
      desc: f.SortType === 'desc',
      offset: (f.PageIndex - 1) * f.PageSize,
      limit: f.PageSize,
    });
    const pending = await this.payments.pendingOrderOfSims(
      this.repo.executor,
      rows.map((r) => r.SimID),
    );
    return {
      rows: rows.map((r) => ({
        ...r,
        MSISDN: r.MSISDN ?? '',
        PackageName: r.PackageName ?? '',
        PendingOrderNo: pending.get(r.SimID) ?? '',
      })),
      total,
    };
  }

  /** The priced items, every rule checked; `lock` takes the SIM rows for update (ordering). */
  async quote(auth: AuthContext, input: RenewalInput, repo: RenewalRepository = this.repo, lock = false) {
    const ids = [...new Set(input.SimIDs)];
    if (!ids.length) throw badRequest('renewalNoSims');
    if (ids.length > PAYMENT_RULES.renewalMaxSims)
      throw badRequest('renewalTooManySims', `${ids.length} > ${PAYMENT_RULES.renewalMaxSims}`);
    if (input.Periods < 1 || input.Periods > PAYMENT_RULES.renewalMaxPeriods)
      throw badRequest('invalidField', `Periods 1–${PAYMENT_RULES.renewalMaxPeriods}`);
    const rows = await repo.simsInSubtree(ids, auth.holdPath, lock);
    if (rows.length !== ids.length) throw outsideHold();
    const byId = new Map(rows.map((r) => [r.id, r]));

    let chosen: PackageRow | undefined;
    if (input.PackageID) {
      chosen = await repo.packageInLineage(input.PackageID, auth.holdPath);
      if (!chosen) throw outsideHold();
    }
    const own = await repo.packagesByIds([
      ...new Set(rows.map((r) => r.packageId).filter((id): id is number => id !== null)),
    ]);
    const pending = await this.payments.pendingOrderOfSims(repo.executor, ids);
    const today = todayIn(auth.timeZone);
    const items = ids.map((id) => {
      const sim = byId.get(id)!;
      if (sim.state === SimState.Cancelled) throw badRequest('renewalSimCancelled', sim.iccid);
      const pkg = chosen ?? (sim.packageId ? own.get(sim.packageId) : undefined);
      if (!pkg) throw badRequest('renewalNoPackage', sim.iccid);
      if (pkg.operatorId !== sim.operatorId) throw badRequest('renewalPackageCarrier', `${sim.iccid} – ${pkg.name}`);
      const orderNo = pending.get(sim.id);
      if (orderNo) throw badRequest('renewalPendingOrder', `${sim.iccid} (${orderNo})`);
      const months = pkg.periodMonths * input.Periods;
      return {
        SimID: sim.id,
        ICCID: sim.iccid,
        PackageID: pkg.id,
        PackageName: pkg.name,
        Months: months,
        FeeFen: renewalFeeFen(pkg.priceFen, input.Periods),
        ExpiresOn: sim.expiresOn,
        NewExpiresOn: renewedExpiry(sim.expiresOn, today, months),
      };
    });
    return { Items: items, TotalFen: items.reduce((s, i) => s + i.FeeFen, 0) };
  }

  async createOrder(auth: AuthContext, lang: Language, input: RenewalInput & { Method: PayMethod }) {
    // The SIM rows stay locked until the order is written: a second order for the same cards
    // waits here, then finds them in this pending order.
    return this.repo.transaction(async (repo) => {
      const quote = await this.quote(auth, input, repo, true);
      return this.payments.createOrder(
        {
          kind: PayKind.Renewal,
          method: input.Method,
          holdId: auth.holdId,
          userId: auth.userId,
          amountFen: quote.TotalFen,
          subject: SUBJECT[lang](quote.Items.length, input.Periods),
          items: quote.Items.map((i) => ({
            simId: i.SimID,
            packageId: i.PackageID,
            periods: input.Periods,
            months: i.Months,
            feeFen: i.FeeFen,
          })),
        },
        lang,
        auth.timeZone,
        repo.executor,
      );
    });
  }

  /** onPaid(Renewal): runs in the transaction that marks the order paid, exactly once. */
  async fulfil(tx: PaymentTx, order: PaidOrder): Promise<void> {
    const repo = this.repo.on(tx);
    const items = await repo.orderItems(order.id);
    if (!items.length) return;
    const payerZone = order.userId ? await repo.userTimeZone(order.userId) : undefined;
    const today = todayIn(payerZone ?? 'Asia/Shanghai');
    const locked = await repo.lockSims(items.map((i) => i.simId));
    const byId = new Map(locked.map((s) => [s.id, s]));
    for (const item of items) {
      const sim = byId.get(item.simId)!;
      await repo.applyOnlineRenewal(
        {
          sim,
          item,
          expiresAfter: renewedExpiry(sim.expiresOn, today, item.months),
          orderId: order.id,
          orderNo: order.orderNo,
          userId: order.userId,
        },
        RenewalSource.Online,
      );
    }
  }

  /** Review hook: each approved renewal work order (WorkType 5) is a renewal to bill, pro rata. */
  async onReview(tx: Executor, userId: number, decisions: ReviewDecision[]): Promise<void> {
    const approved = decisions.filter(isSimDecision).filter((d) => d.approved && d.order.workType === WorkType.Renewal);
    if (!approved.length) return;
    const repo = this.repo.on(tx);
    const pkgs = await repo.packagesByIds([
      ...new Set(approved.map((d) => d.after.packageId ?? d.order.packageId).filter((id): id is number => !!id)),
    ]);
    await repo.insertRenewals(
      approved.map((d) => {
        const pkgId = d.after.packageId ?? d.order.packageId;
        const pkg = pkgId ? pkgs.get(pkgId) : undefined;
        const months = d.order.months ?? 0;
        return {
          simId: d.after.id,
          holdId: d.after.holdId,
          packageId: pkg?.id ?? null,
          months,
          feeFen: pkg ? proRataFeeFen(pkg.priceFen, pkg.periodMonths, months) : 0,
          source: RenewalSource.WorkOrder,
          workId: d.order.id,
          expiresBefore: d.before.expiresOn,
          expiresAfter: d.after.expiresOn ?? d.before.expiresOn ?? todayIn('Asia/Shanghai'),
          userId,
        };
      }),
    );
  }
}
