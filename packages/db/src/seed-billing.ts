import {
  AccountType,
  addMonths,
  CheckStatus,
  HoldType,
  PAYMENT_RULES,
  PayKind,
  PayMethod,
  PayStatus,
  proRataFeeFen,
  RenewalSource,
  SimState,
  SMS_PACKS,
  SmsState,
  smsSegments,
  WorkType,
} from '@lodestar/domain';
import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from './connect.ts';
import { paymentOrderItems, paymentOrders, renewals, smsBalances, smsMessages } from './schema-billing.ts';
import { holds, settings, users } from './schema-core.ts';
import { simHistory, simPackages, sims, workOrders } from './schema-sim.ts';
import { seedDemoBills } from './seed-customer-bills.ts';

const DONE_KEY = 'billing_demo_seeded';
const MINUTE = 60_000;
/** The months the demo covers: the report centre's half year. */
const MONTHS = 6;

/** A small deterministic generator, so every demo database holds the same orders. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);

interface DemoSim {
  id: number;
  iccid: string;
  msisdn: string;
  holdId: number;
  state: number;
  packageId: number;
  priceFen: number;
  periodMonths: number;
  expiresOn: string | null;
}

interface PlannedRenewal {
  sim: DemoSim;
  months: number;
  feeFen: number;
  at: Date;
  source: RenewalSource;
  orderIndex?: number;
  workIndex?: number;
  userId: number | null;
}

/**
 * The billing demo: six months of history (seedBillingHistory), then the customer bills of its
 * finished months (seedDemoBills). Answers whether the history was written now.
 */
export async function seedBillingDemo(db: Db): Promise<boolean> {
  const seeded = await seedBillingHistory(db);
  await seedDemoBills(db, { historyKey: DONE_KEY, months: MONTHS });
  return seeded;
}

/**
 * The SIM administration II demo (issue #6): for the cards seedSimDemo shipped to customers, six
 * months of renewal and SMS-pack payment orders (mostly paid through the local sandbox, a few
 * failed or abandoned), their items, the renewals they applied (online and by approved work
 * order), SMS balances and sent messages, and cards stopped over the months, so the report centre
 * and the bills have something to show. Deterministic; runs once, after seedSimDemo.
 */
async function seedBillingHistory(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, DONE_KEY));
  if (done.length) return false;
  const [root] = await db.select().from(holds).where(isNull(holds.parentId)).orderBy(asc(holds.id)).limit(1);
  if (!root) return false;
  const demoSims: DemoSim[] = (
    await db
      .select({
        id: sims.id,
        iccid: sims.iccid,
        msisdn: sims.msisdn,
        holdId: sims.holdId,
        state: sims.state,
        packageId: sims.packageId,
        priceFen: simPackages.priceFen,
        periodMonths: simPackages.periodMonths,
        expiresOn: sims.expiresOn,
      })
      .from(sims)
      .innerJoin(simPackages, eq(simPackages.id, sims.packageId))
      .where(and(ne(sims.holdId, root.id), isNotNull(sims.shippedAt), ne(sims.state, SimState.Cancelled)))
      .orderBy(asc(sims.id))
  ).map((s) => ({ ...s, packageId: s.packageId! }));
  // Nothing shipped (seedSimDemo has not run): try again next start.
  if (!demoSims.length) return false;

  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.accountType, AccountType.SuperAdmin))
    .orderBy(asc(users.id))
    .limit(1);
  const holdRows = await db.select({ id: holds.id, path: holds.path, holdType: holds.holdType }).from(holds);
  const userRows = await db.select({ id: users.id, holdId: users.holdId }).from(users).orderBy(asc(users.id));
  /** The payer: the first account of the hold or of its nearest ancestor, else the administrator. */
  const payerOf = (holdId: number): number | null => {
    const path = holdRows.find((h) => h.id === holdId)?.path ?? '';
    const chain = path.split('/').filter(Boolean).map(Number).reverse();
    for (const id of chain) {
      const u = userRows.find((r) => r.holdId === id);
      if (u) return u.id;
    }
    return admin?.id ?? null;
  };

  const random = rng(20_261_106);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const today = new Date(now);
  const customerHolds = [...new Set(demoSims.map((s) => s.holdId))];
  const simsOf = new Map(customerHolds.map((h) => [h, demoSims.filter((s) => s.holdId === h)]));
  /** A moment in the month `back` months ago (UTC), never later than an hour ago. */
  const momentIn = (back: number) => {
    const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1);
    const next = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back + 1, 1);
    const end = Math.min(next, now - 3_600_000);
    return new Date(first + Math.floor(random() * Math.max(end - first, MINUTE)));
  };

  const orders: (typeof paymentOrders.$inferInsert)[] = [];
  const orderItems: { orderIndex: number; item: Omit<typeof paymentOrderItems.$inferInsert, 'orderId'> }[] = [];
  const planned: PlannedRenewal[] = [];
  const works: (typeof workOrders.$inferInsert)[] = [];
  const paidPacks = new Map<number, number>();
  let seq = 0;
  const orderNo = (prefix: 'R' | 'S', at: Date) => `${prefix}${stamp(at)}${String(++seq).padStart(4, '0')}`;
  const outcome = (at: Date) => {
    const r = random();
    const status = r < 0.84 ? PayStatus.Paid : r < 0.92 ? PayStatus.Failed : PayStatus.Closed;
    return {
      status,
      paidAt: status === PayStatus.Paid ? new Date(at.getTime() + MINUTE + Math.floor(random() * 4 * MINUTE)) : null,
      closedAt: status === PayStatus.Closed ? new Date(at.getTime() + PAYMENT_RULES.orderTtlMinutes * MINUTE) : null,
      failReason: status === PayStatus.Failed ? 'Sandbox: the payer declined the payment' : '',
    };
  };

  for (let back = MONTHS - 1; back >= 0; back--) {
    // Renewal orders: one to four cards of one customer, mostly one period.
    const renewalOrders = 5 + Math.floor(random() * 5);
    for (let i = 0; i < renewalOrders; i++) {
      const holdId = pick(customerHolds);
      const pool = simsOf.get(holdId)!;
      const count = Math.min(pool.length, 1 + Math.floor(random() * 4));
      const start = Math.floor(random() * pool.length);
      const chosen = Array.from({ length: count }, (_, k) => pool[(start + k) % pool.length]!);
      const periods = random() < 0.8 ? 1 : 2;
      const at = momentIn(back);
      const result = outcome(at);
      const userId = payerOf(holdId);
      const orderIndex = orders.length;
      let amountFen = 0;
      for (const sim of chosen) {
        const feeFen = sim.priceFen * periods;
        const months = sim.periodMonths * periods;
        amountFen += feeFen;
        orderItems.push({ orderIndex, item: { simId: sim.id, packageId: sim.packageId, periods, months, feeFen } });
        if (result.status === PayStatus.Paid)
          planned.push({ sim, months, feeFen, at: result.paidAt!, source: RenewalSource.Online, orderIndex, userId });
      }
      const renewalNo = orderNo('R', at);
      orders.push({
        orderNo: renewalNo,
        kind: PayKind.Renewal,
        method: random() < 0.55 ? PayMethod.Alipay : PayMethod.WechatPay,
        provider: 'sandbox',
        holdId,
        userId,
        amountFen,
        subject: count === 1 ? `SIM ${chosen[0]!.iccid}` : `SIM ×${count}`,
        payUrl: `sandbox://pay/${renewalNo}`,
        providerTradeNo: result.status === PayStatus.Paid ? `SANDBOX${stamp(result.paidAt!)}${seq}` : null,
        expiresAt: new Date(at.getTime() + PAYMENT_RULES.orderTtlMinutes * MINUTE),
        createdAt: at,
        ...result,
      });
    }
    // SMS packs bought by customers and providers.
    const packOrders = 2 + Math.floor(random() * 3);
    for (let i = 0; i < packOrders; i++) {
      const holdId = pick(customerHolds);
      const pack = pick(SMS_PACKS.slice(0, 3));
      const at = momentIn(back);
      const result = outcome(at);
      if (result.status === PayStatus.Paid) paidPacks.set(holdId, (paidPacks.get(holdId) ?? 0) + pack.Count);
      const packNo = orderNo('S', at);
      orders.push({
        orderNo: packNo,
        kind: PayKind.SmsPack,
        method: random() < 0.5 ? PayMethod.Alipay : PayMethod.WechatPay,
        provider: 'sandbox',
        holdId,
        userId: payerOf(holdId),
        amountFen: pack.PriceFen,
        subject: `SMS ×${pack.Count}`,
        smsPackId: pack.PackID,
        smsCount: pack.Count,
        payUrl: `sandbox://pay/${packNo}`,
        providerTradeNo: result.status === PayStatus.Paid ? `SANDBOX${stamp(result.paidAt!)}${seq}` : null,
        expiresAt: new Date(at.getTime() + PAYMENT_RULES.orderTtlMinutes * MINUTE),
        createdAt: at,
        ...result,
      });
    }
    // Approved renewal work orders (WorkType 5), billed to the customer at the pro-rata fee.
    const workRenewals = 1 + Math.floor(random() * 2);
    for (let i = 0; i < workRenewals; i++) {
      const sim = pick(demoSims);
      const months = pick([3, 6, 12]);
      const at = momentIn(back);
      const checkTime = new Date(at.getTime() + 2 * 3_600_000);
      const reviewer = payerOf(holdRows.find((h) => sim.holdId === h.id)?.id ?? root.id);
      const workIndex = works.length;
      works.push({
        workType: WorkType.Renewal,
        simId: sim.id,
        holdId: sim.holdId,
        workCont: `续费 ${months} 个月`,
        packageId: sim.packageId,
        months,
        applicantId: reviewer,
        applyTime: at,
        checkStatus: CheckStatus.Agreed,
        reviewerId: admin?.id ?? null,
        checkText: 'OK',
        checkTime: checkTime > today ? today : checkTime,
      });
      planned.push({
        sim,
        months,
        feeFen: proRataFeeFen(sim.priceFen, sim.periodMonths, months),
        at: checkTime > today ? today : checkTime,
        source: RenewalSource.WorkOrder,
        workIndex,
        userId: admin?.id ?? null,
      });
    }
  }

  // Each card's renewals end on its current expiry: walk back from it to find where they began.
  const renewedMonths = new Map<number, number>();
  for (const p of planned) renewedMonths.set(p.sim.id, (renewedMonths.get(p.sim.id) ?? 0) + p.months);
  const expiry = new Map<number, string>();
  for (const [simId, months] of renewedMonths) {
    const sim = demoSims.find((s) => s.id === simId)!;
    expiry.set(simId, addMonths(sim.expiresOn ?? isoDay(today), -months));
  }
  planned.sort((a, b) => a.at.getTime() - b.at.getTime());

  // Cards stopped over the half year, so the new/stopped chart has a shape.
  const stops: (typeof simHistory.$inferInsert)[] = [];
  const stoppable = demoSims.filter((s) => s.state === SimState.Active || s.state === SimState.Suspended);
  for (let back = MONTHS - 1; back >= 0; back--) {
    const n = 2 + Math.floor(random() * 5);
    for (let i = 0; i < n && stoppable.length; i++) {
      const sim = pick(stoppable);
      stops.push({
        simId: sim.id,
        action: 'stop',
        detail: { state: [SimState.Active, SimState.Suspended] },
        userId: admin?.id ?? null,
        createdAt: momentIn(back),
      });
    }
  }

  // SMS: each hold that bought packs sent a few messages; one was refused by the gateway.
  const messages: (typeof smsMessages.$inferInsert)[] = [];
  const spent = new Map<number, number>();
  const texts = ['设备离线，请检查电源', 'Rappel : renouvellement de votre carte SIM', 'Your tracker will restart now'];
  for (const [holdId] of paidPacks) {
    const pool = simsOf.get(holdId) ?? [];
    for (let i = 0; i < 3 && i < pool.length; i++) {
      const sim = pool[i]!;
      const content = texts[(holdId + i) % texts.length]!;
      const segments = smsSegments(content);
      const failed = messages.length === 1;
      const at = momentIn(Math.floor(random() * 2));
      messages.push({
        holdId,
        simId: sim.id,
        msisdn: sim.msisdn,
        content,
        segments,
        state: failed ? SmsState.Failed : i === 0 ? SmsState.Delivered : SmsState.Sent,
        provider: 'local',
        error: failed ? 'Gateway refused the number' : '',
        userId: payerOf(holdId),
        createdAt: at,
        sentAt: failed ? null : at,
        deliveredAt: !failed && i === 0 ? new Date(at.getTime() + 5_000) : null,
      });
      // A refused message gives its parts back.
      if (!failed) spent.set(holdId, (spent.get(holdId) ?? 0) + segments);
    }
  }
  const providers = holdRows.filter((h) => h.holdType === HoldType.ServiceProvider && h.id !== root.id);
  const balances = [
    ...[...paidPacks].map(([holdId, bought]) => ({ holdId, balance: bought - (spent.get(holdId) ?? 0) })),
    ...providers.filter((p) => !paidPacks.has(p.id)).map((p, i) => ({ holdId: p.id, balance: 200 + i * 300 })),
  ];

  return db.transaction(async (tx) => {
    const orderRows = await chunked(orders, (c) =>
      tx.insert(paymentOrders).values(c).returning({ id: paymentOrders.id }),
    );
    const itemRows = orderItems.map(({ orderIndex, item }) => ({ ...item, orderId: orderRows[orderIndex]!.id }));
    await chunked(itemRows, (c) => tx.insert(paymentOrderItems).values(c).returning({ id: paymentOrderItems.id }));
    const workRows = works.length ? await tx.insert(workOrders).values(works).returning({ id: workOrders.id }) : [];
    const renewalRows: (typeof renewals.$inferInsert)[] = [];
    const history: (typeof simHistory.$inferInsert)[] = [...stops];
    for (const p of planned) {
      const before = expiry.get(p.sim.id)!;
      const after = addMonths(before, p.months);
      expiry.set(p.sim.id, after);
      const workId = p.workIndex === undefined ? null : workRows[p.workIndex]!.id;
      renewalRows.push({
        simId: p.sim.id,
        holdId: p.sim.holdId,
        packageId: p.sim.packageId,
        months: p.months,
        feeFen: p.feeFen,
        source: p.source,
        orderId: p.orderIndex === undefined ? null : orderRows[p.orderIndex]!.id,
        workId,
        expiresBefore: before,
        expiresAfter: after,
        userId: p.userId,
        createdAt: p.at,
      });
      history.push({
        simId: p.sim.id,
        action: 'renewal',
        detail: { expiresOn: [before, after] },
        userId: p.userId,
        workId,
        createdAt: p.at,
      });
    }
    await chunked(renewalRows, (c) => tx.insert(renewals).values(c).returning({ id: renewals.id }));
    await chunked(history, (c) => tx.insert(simHistory).values(c).returning({ id: simHistory.id }));
    if (messages.length) await tx.insert(smsMessages).values(messages);
    const existing = await tx
      .select({ holdId: smsBalances.holdId })
      .from(smsBalances)
      .where(
        inArray(
          smsBalances.holdId,
          balances.map((b) => b.holdId),
        ),
      );
    const fresh = balances.filter((b) => !existing.some((e) => e.holdId === b.holdId));
    if (fresh.length) await tx.insert(smsBalances).values(fresh);
    await tx.insert(settings).values({ key: DONE_KEY, value: new Date().toISOString() });
    return true;
  });
}

/** Inserts in chunks of 500 rows (PostgreSQL's parameter limit); answers what each chunk returned, in order. */
async function chunked<Row, Out>(rows: Row[], insert: (chunk: Row[]) => Promise<Out[]>): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += 500) out.push(...(await insert(rows.slice(i, i + 500))));
  return out;
}
