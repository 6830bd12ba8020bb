import {
  type Db,
  holds,
  operators,
  paymentOrderItems,
  renewals,
  simHistory,
  simPackages,
  sims,
  users,
} from '@lodestar/db';
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
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { ownedInLineage, ownedInSubtree } from '../../lib/catalogue-scope.ts';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { PaidOrder, Payments, PaymentTx } from '../payments/types.ts';
import { displayStateCondition, expiringHorizon } from '../sims/repository.ts';
import type { Executor } from '../workflow/repository.ts';
import type { ReviewDecision } from '../workflow/review.ts';

export interface RenewalListInput {
  PageIndex: number;
  PageSize: number;
  SortColumn?: 'ExpiresOn' | 'ICCID' | 'HoldName' | undefined;
  SortType?: 'asc' | 'desc' | '' | undefined;
  DisplayState?: '' | 'expiring' | 'expired' | undefined;
  ICCID?: string | undefined;
  MSISDN?: string | undefined;
  HoldID?: number | undefined;
}

export interface RenewalInput {
  SimIDs: number[];
  PackageID?: number | undefined;
  Periods: number;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const todayIn = (tz: string) => formatInZone(new Date(), tz).slice(0, 10);

const SUBJECT: Record<Language, (n: number, periods: number) => string> = {
  zh: (n, p) => `SIM卡续费 ${n} 张 × ${p} 期`,
  en: (n, p) => `SIM renewal: ${n} card${n > 1 ? 's' : ''} × ${p} period${p > 1 ? 's' : ''}`,
  fr: (n, p) => `Renouvellement SIM : ${n} carte${n > 1 ? 's' : ''} × ${p} période${p > 1 ? 's' : ''}`,
};

/** SIM renewal (docs/SIM-API-2.md "Renewal"): the list, the quote, the order and its fulfilment. */
export class RenewalService {
  constructor(
    private readonly db: Db,
    private readonly holds: HoldRepository,
    private readonly payments: Payments,
  ) {}

  private async conditions(auth: AuthContext, f: Omit<RenewalListInput, 'PageIndex' | 'PageSize'>): Promise<SQL> {
    let scope = auth.holdPath;
    if (f.HoldID) {
      const hold = await this.holds.findById(f.HoldID);
      assertInSubtree(auth.holdPath, hold);
      scope = hold!.path;
    }
    const today = todayIn(auth.timeZone);
    const conds: SQL[] = [
      ownedInSubtree(sims.holdId, scope),
      // A cancelled card cannot be renewed, so it is not offered.
      sql`${sims.state} <> ${SimState.Cancelled}`,
      f.DisplayState
        ? displayStateCondition(f.DisplayState, today)
        : sql`${sims.expiresOn} <= ${expiringHorizon(today)}::date`,
    ];
    if (f.ICCID) conds.push(like(sims.iccid, escapeLike(f.ICCID.toUpperCase())));
    if (f.MSISDN) conds.push(like(sims.msisdn, escapeLike(f.MSISDN)));
    return and(...conds)!;
  }

  async list(auth: AuthContext, f: RenewalListInput) {
    const where = await this.conditions(auth, f);
    const column = { ExpiresOn: sims.expiresOn, ICCID: sims.iccid, HoldName: holds.name }[f.SortColumn ?? 'ExpiresOn'];
    const isDesc = f.SortType === 'desc';
    const today = todayIn(auth.timeZone);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          SimID: sims.id,
          ICCID: sims.iccid,
          MSISDN: sims.msisdn,
          HoldID: sims.holdId,
          HoldName: holds.name,
          OperatorID: sims.operatorId,
          OperatorName: operators.name,
          PackageID: sims.packageId,
          PackageName: simPackages.name,
          PeriodMonths: simPackages.periodMonths,
          PriceFen: simPackages.priceFen,
          ExpiresOn: sims.expiresOn,
          State: sims.state,
          DisplayState: sql<string>`CASE WHEN ${sims.expiresOn} < ${today}::date THEN 'expired' ELSE 'expiring' END`,
        })
        .from(sims)
        .innerJoin(holds, eq(holds.id, sims.holdId))
        .innerJoin(operators, eq(operators.id, sims.operatorId))
        .leftJoin(simPackages, eq(simPackages.id, sims.packageId))
        .where(where)
        .orderBy(isDesc ? desc(column) : asc(column), isDesc ? desc(sims.id) : asc(sims.id))
        .limit(f.PageSize)
        .offset((f.PageIndex - 1) * f.PageSize),
      this.db.select({ n: count() }).from(sims).where(where),
    ]);
    const pending = await this.payments.pendingOrderOfSims(
      this.db,
      rows.map((r) => r.SimID),
    );
    return {
      rows: rows.map((r) => ({
        ...r,
        MSISDN: r.MSISDN ?? '',
        PackageName: r.PackageName ?? '',
        PendingOrderNo: pending.get(r.SimID) ?? '',
      })),
      total: total!.n,
    };
  }

  /** The priced items, every rule checked; `lock` takes the SIM rows for update (ordering). */
  async quote(auth: AuthContext, input: RenewalInput, ex: Executor = this.db, lock = false) {
    const ids = [...new Set(input.SimIDs)];
    if (!ids.length) throw badRequest('renewalNoSims');
    if (ids.length > PAYMENT_RULES.renewalMaxSims)
      throw badRequest('renewalTooManySims', `${ids.length} > ${PAYMENT_RULES.renewalMaxSims}`);
    if (input.Periods < 1 || input.Periods > PAYMENT_RULES.renewalMaxPeriods)
      throw badRequest('invalidField', `Periods 1–${PAYMENT_RULES.renewalMaxPeriods}`);
    const query = ex
      .select()
      .from(sims)
      .where(and(inArray(sims.id, ids), ownedInSubtree(sims.holdId, auth.holdPath)))
      .orderBy(asc(sims.id));
    const rows = lock ? await query.for('update') : await query;
    if (rows.length !== ids.length) throw outsideHold();
    const byId = new Map(rows.map((r) => [r.id, r]));

    let chosen: typeof simPackages.$inferSelect | undefined;
    if (input.PackageID) {
      [chosen] = await ex
        .select()
        .from(simPackages)
        .where(and(eq(simPackages.id, input.PackageID), ownedInLineage(simPackages.holdId, auth.holdPath)));
      if (!chosen) throw outsideHold();
    }
    const ownIds = [...new Set(rows.map((r) => r.packageId).filter((id): id is number => id !== null))];
    const own = new Map(
      (ownIds.length ? await ex.select().from(simPackages).where(inArray(simPackages.id, ownIds)) : []).map((p) => [
        p.id,
        p,
      ]),
    );
    const pending = await this.payments.pendingOrderOfSims(ex, ids);
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
    return this.db.transaction(async (tx) => {
      const quote = await this.quote(auth, input, tx, true);
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
        tx,
      );
    });
  }

  /** onPaid(Renewal): runs in the transaction that marks the order paid, exactly once. */
  async fulfil(tx: PaymentTx, order: PaidOrder): Promise<void> {
    const items = await tx
      .select()
      .from(paymentOrderItems)
      .where(eq(paymentOrderItems.orderId, order.id))
      .orderBy(asc(paymentOrderItems.simId));
    if (!items.length) return;
    const [payer] = order.userId
      ? await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, order.userId))
      : [];
    const today = todayIn(payer?.timeZone ?? 'Asia/Shanghai');
    const locked = await tx
      .select()
      .from(sims)
      .where(
        inArray(
          sims.id,
          items.map((i) => i.simId),
        ),
      )
      .orderBy(asc(sims.id))
      .for('update');
    const byId = new Map(locked.map((s) => [s.id, s]));
    for (const item of items) {
      const sim = byId.get(item.simId)!;
      const after = renewedExpiry(sim.expiresOn, today, item.months);
      await tx.update(sims).set({ expiresOn: after, packageId: item.packageId }).where(eq(sims.id, sim.id));
      await tx.insert(renewals).values({
        simId: sim.id,
        holdId: sim.holdId,
        packageId: item.packageId,
        months: item.months,
        feeFen: item.feeFen,
        source: RenewalSource.Online,
        orderId: order.id,
        expiresBefore: sim.expiresOn,
        expiresAfter: after,
        userId: order.userId,
      });
      await tx.insert(simHistory).values({
        simId: sim.id,
        action: 'renewal',
        detail: {
          before: { ExpiresOn: sim.expiresOn, PackageID: sim.packageId },
          after: { ExpiresOn: after, PackageID: item.packageId },
          OrderNo: order.orderNo,
          Months: item.months,
          FeeFen: item.feeFen,
        },
        userId: order.userId,
      });
    }
  }

  /** Review hook: each approved renewal work order (WorkType 5) is a renewal to bill, pro rata. */
  async onReview(tx: Executor, userId: number, decisions: ReviewDecision[]): Promise<void> {
    const approved = decisions.filter((d) => d.approved && d.order.workType === WorkType.Renewal);
    if (!approved.length) return;
    const pkgIds = [
      ...new Set(approved.map((d) => d.after.packageId ?? d.order.packageId).filter((id): id is number => !!id)),
    ];
    const pkgs = new Map(
      (pkgIds.length ? await tx.select().from(simPackages).where(inArray(simPackages.id, pkgIds)) : []).map((p) => [
        p.id,
        p,
      ]),
    );
    await tx.insert(renewals).values(
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
