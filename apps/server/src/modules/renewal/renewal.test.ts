import { paymentOrders, renewals, userNotices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, PayKind, PayMethod, PayStatus, RenewalSource, renewedExpiry } from '@lodestar/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildRenewalHold, effects, eventsOf, type OrderView, orderRow, postNotify, today } from './test-fixtures.ts';

afterAll(stopTestServers);

type Quote = {
  Items: {
    SimID: number;
    ICCID: string;
    PackageID: number;
    Months: number;
    FeeFen: number;
    ExpiresOn: string;
    NewExpiresOn: string;
  }[];
  TotalFen: number;
};

describe.each(dbTargets())('SIM renewal and payments on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildRenewalHold>>;
  let b: Awaited<ReturnType<typeof buildRenewalHold>>;

  beforeAll(async () => {
    t = await startTestApp(target);
    a = await buildRenewalHold(t, 'A');
    b = await buildRenewalHold(t, 'B');
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T>(path: string, body: unknown, token = a.user.token) =>
    t.call<T>('POST', path, { token, body, lang: 'en' });

  it('lists the expiring and expired SIMs of the subtree, cancelled ones left out, filtered by state', async () => {
    const ids = async (body: object) =>
      (
        await call<{ rows: { SimID: number }[]; total: number }>('Renewal/GetRenewalSimList', {
          PageIndex: 1,
          PageSize: 50,
          ...body,
        })
      ).data.rows
        .map((r) => r.SimID)
        .sort();
    const s = a.sims;
    expect(await ids({})).toEqual([s.expiring.id, s.expired.id, s.unicomSim.id, s.noPackage.id].sort());
    expect(await ids({ DisplayState: 'expired' })).toEqual([s.expired.id]);
    expect(await ids({ DisplayState: 'expiring' })).toEqual([s.expiring.id, s.unicomSim.id, s.noPackage.id].sort());
    expect(await ids({ ICCID: s.expiring.iccid.slice(-6) })).toEqual([s.expiring.id]);
  });

  it('quotes package price × periods per SIM, months = period months × periods, total = the sum', async () => {
    const s = a.sims;
    const r = await call<Quote>('Renewal/Quote', { SimIDs: [s.expiring.id, s.expired.id, s.unicomSim.id], Periods: 3 });
    expect(r.code).toBe(200);
    const price = { [a.cat.mobilePkg.id]: a.cat.mobilePkg.priceFen, [a.cat.unicomPkg.id]: a.cat.unicomPkg.priceFen };
    for (const item of r.data.Items) {
      expect(item.FeeFen).toBe(price[item.PackageID]! * 3);
      expect(item.Months).toBe(36);
      expect(item.NewExpiresOn).toBe(renewedExpiry(item.ExpiresOn, today(), 36));
    }
    expect(r.data.Items.map((i) => i.PackageID)).toEqual([a.cat.mobilePkg.id, a.cat.mobilePkg.id, a.cat.unicomPkg.id]);
    expect(r.data.TotalFen).toBe(r.data.Items.reduce((sum, i) => sum + i.FeeFen, 0));
    // An expired card restarts today; a live one extends from its expiry.
    expect(r.data.Items[1]!.NewExpiresOn).toBe(renewedExpiry(null, today(), 36));
    expect(r.data.Items[0]!.NewExpiresOn).toBe(renewedExpiry(s.expiring.expiresOn, today(), 36));

    const chosen = await call<Quote>('Renewal/Quote', {
      SimIDs: [s.expiring.id],
      PackageID: a.cat.mobilePkg.id,
      Periods: 1,
    });
    expect(chosen.data.TotalFen).toBe(a.cat.mobilePkg.priceFen);
  });

  it('refuses a cancelled SIM, a SIM without a package, a foreign-carrier package, and bad periods, naming the ICCID', async () => {
    const s = a.sims;
    const cancelled = await call('Renewal/Quote', { SimIDs: [s.cancelled.id], Periods: 1 });
    expect([cancelled.code, cancelled.msg]).toEqual([400, expect.stringContaining(s.cancelled.iccid)]);
    expect(cancelled.msg).toContain('cancelled');
    const noPackage = await call('Renewal/Quote', { SimIDs: [s.noPackage.id], Periods: 1 });
    expect([noPackage.code, noPackage.msg]).toEqual([400, expect.stringContaining(s.noPackage.iccid)]);
    const carrier = await call('Renewal/Quote', {
      SimIDs: [s.expiring.id, s.unicomSim.id],
      PackageID: a.cat.mobilePkg.id,
      Periods: 1,
    });
    expect([carrier.code, carrier.msg]).toEqual([400, expect.stringContaining(s.unicomSim.iccid)]);
    expect(carrier.msg).toContain('carrier');
    expect((await call('Renewal/Quote', { SimIDs: [s.expiring.id], Periods: 6 })).code).toBe(400);
    expect((await call('Renewal/Quote', { SimIDs: [s.expiring.id], Periods: 0 })).code).toBe(400);
    expect((await call('Renewal/Quote', { SimIDs: [], Periods: 1 })).code).toBe(400);
  });

  it("answers 403 OutsideHold for another hold's SIM or package", async () => {
    const sim = await call('Renewal/Quote', { SimIDs: [a.sims.expiring.id, b.sims.expiring.id], Periods: 1 });
    expect([sim.code, sim.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const pkg = await call('Renewal/CreateOrder', {
      SimIDs: [a.sims.expiring.id],
      PackageID: b.cat.mobilePkg.id,
      Periods: 1,
      Method: PayMethod.Alipay,
    });
    expect([pkg.code, pkg.errCode]).toEqual([403, ErrCode.OutsideHold]);
  });

  it('renews exactly once through the sandbox, however many times the paid callback arrives', async () => {
    const s = a.sims;
    const simIds = [s.expiring.id, s.expired.id];
    const before = await effects(t, simIds);
    const quote = await call<Quote>('Renewal/Quote', { SimIDs: simIds, Periods: 2 });
    const created = await call<OrderView>('Renewal/CreateOrder', {
      SimIDs: simIds,
      Periods: 2,
      Method: PayMethod.WechatPay,
    });
    expect(created.code).toBe(200);
    const order = created.data;
    expect(order).toMatchObject({
      Kind: PayKind.Renewal,
      Method: PayMethod.WechatPay,
      Provider: 'sandbox',
      Sandbox: true,
      Status: PayStatus.Pending,
      AmountFen: quote.data.TotalFen,
      PayUrl: `sandbox://pay/${order.OrderNo}`,
    });
    // While the order is pending, the SIMs cannot go into a second one, and the list says which order holds them.
    const second = await call('Renewal/CreateOrder', { SimIDs: [s.expired.id], Periods: 1, Method: PayMethod.Alipay });
    expect([second.code, second.msg]).toEqual([400, expect.stringContaining(order.OrderNo)]);
    const listed = await call<{ rows: { SimID: number; PendingOrderNo: string }[] }>('Renewal/GetRenewalSimList', {
      PageIndex: 1,
      PageSize: 50,
    });
    expect(listed.data.rows.find((r) => r.SimID === s.expired.id)!.PendingOrderNo).toBe(order.OrderNo);

    const detail = await call<OrderView & { Items: { SimID: number; FeeFen: number; Months: number }[] }>(
      'Payment/GetOrder',
      { OrderID: order.OrderID },
    );
    expect(detail.data.Items.map((i) => [i.SimID, i.FeeFen, i.Months])).toEqual(
      quote.data.Items.map((i) => [i.SimID, i.FeeFen, i.Months]),
    );

    const paid = await call<OrderView>('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
    expect(paid.data.Status).toBe(PayStatus.Paid);
    const again = await call<OrderView>('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
    expect([again.code, again.data.Status]).toEqual([200, PayStatus.Paid]);
    // The very signed callback the first payment sent, replayed to the public notify path.
    const [first] = (await eventsOf(t, order.OrderID)).filter((e) => e.outcome === 'applied');
    const payload = first!.payload as { body: string; headers: Record<string, string> };
    const replay = await postNotify(t, 'sandbox', payload.body, payload.headers);
    expect(replay).toEqual({ status: 200, body: JSON.stringify({ code: 'SUCCESS' }) });

    const after = await effects(t, simIds);
    expect(after.renewals.length - before.renewals.length).toBe(2);
    expect(after.history.length - before.history.length).toBe(2);
    for (const item of quote.data.Items) {
      const sim = after.sims.find((x) => x.id === item.SimID)!;
      expect(sim.expiresOn).toBe(item.NewExpiresOn);
      const row = after.renewals.find((r) => r.simId === item.SimID && r.orderId === order.OrderID)!;
      expect(row).toMatchObject({
        source: RenewalSource.Online,
        feeFen: item.FeeFen,
        months: item.Months,
        expiresBefore: item.ExpiresOn,
        expiresAfter: item.NewExpiresOn,
        holdId: a.hold.id,
      });
      const history = after.history.find((h) => h.simId === item.SimID)!;
      expect(history.detail).toMatchObject({
        before: { ExpiresOn: item.ExpiresOn },
        after: { ExpiresOn: item.NewExpiresOn },
        OrderNo: order.OrderNo,
      });
    }
    const outcomes = (await eventsOf(t, order.OrderID)).map((e) => e.outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    // One notice for the payer, however many callbacks.
    const notices = await t.database.db
      .select()
      .from(userNotices)
      .where(and(eq(userNotices.userId, a.user.id), eq(userNotices.dedupeKey, `payment:${order.OrderNo}`)));
    expect(notices.map((n) => [n.kind, (n.params as { AmountFen: number }).AmountFen])).toEqual([
      ['paymentPaid', order.AmountFen],
    ]);
    // A paid order cannot be closed.
    const close = await call('Payment/CloseOrder', { OrderID: order.OrderID });
    expect(close.code).toBe(400);
    // Renewed cards may be renewed again.
    const next = await call('Renewal/Quote', { SimIDs: simIds, Periods: 1 });
    expect(next.code).toBe(200);
  });

  it('refuses a callback whose signature does not verify and changes nothing', async () => {
    const sim = a.sims.unicomSim;
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 1, Method: PayMethod.Alipay })
    ).data;
    const body = JSON.stringify({
      OrderNo: order.OrderNo,
      Outcome: 'paid',
      AmountFen: order.AmountFen,
      Time: '',
      Nonce: 'x',
    });
    const forged = await postNotify(t, 'sandbox', body, {
      'content-type': 'application/json',
      'x-sandbox-signature': 'ab'.repeat(32),
    });
    expect(forged.status).toBe(400);
    expect((await orderRow(t, order.OrderID)).status).toBe(PayStatus.Pending);
    const rejected = (await t.database.db.select().from(renewals).where(eq(renewals.simId, sim.id))).length;
    expect(rejected).toBe(0);
    await call('Payment/CloseOrder', { OrderID: order.OrderID });
  });

  it('a failed payment changes nothing, and a paid callback after it is refused', async () => {
    const sim = a.sims.unicomSim;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 1, Method: PayMethod.Alipay })
    ).data;
    const failed = await call<OrderView>('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'failed' });
    expect([failed.data.Status, failed.data.FailReason]).toEqual([PayStatus.Failed, expect.stringContaining('failed')]);
    const late = await call('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
    expect(late.code).toBe(400);
    expect(await effects(t, [sim.id])).toEqual(before);
    expect((await eventsOf(t, order.OrderID)).map((e) => e.outcome)).toEqual(['applied', 'rejected']);
    const notices = await t.database.db
      .select()
      .from(userNotices)
      .where(eq(userNotices.dedupeKey, `payment:${order.OrderNo}`));
    expect(notices.map((n) => [n.userId, n.kind])).toEqual([[a.user.id, 'paymentFailed']]);
  });

  it('a closed order changes nothing and refuses a late paid callback (logged as rejected)', async () => {
    const sim = a.sims.unicomSim;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 2, Method: PayMethod.Alipay })
    ).data;
    const closed = await call<OrderView>('Payment/CloseOrder', { OrderID: order.OrderID });
    expect(closed.data.Status).toBe(PayStatus.Closed);
    const late = await call('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
    expect(late.code).toBe(400);
    expect(await effects(t, [sim.id])).toEqual(before);
    expect((await eventsOf(t, order.OrderID)).map((e) => [e.event, e.outcome])).toEqual([
      ['close', 'applied'],
      ['notify', 'rejected'],
    ]);
    // Closed, the SIM is free for a new order.
    const again = await call<OrderView>('Renewal/CreateOrder', {
      SimIDs: [sim.id],
      Periods: 1,
      Method: PayMethod.Alipay,
    });
    expect(again.code).toBe(200);
    await call('Payment/CloseOrder', { OrderID: again.data.OrderID });
  });

  it('an order left unpaid past its time closes (on read) and refuses payment', async () => {
    const sim = a.sims.unicomSim;
    const before = await effects(t, [sim.id]);
    const order = (
      await call<OrderView>('Renewal/CreateOrder', { SimIDs: [sim.id], Periods: 1, Method: PayMethod.WechatPay })
    ).data;
    await t.database.db
      .update(paymentOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentOrders.id, order.OrderID));
    const read = await call<OrderView>('Payment/GetOrder', { OrderID: order.OrderID });
    expect(read.data.Status).toBe(PayStatus.Closed);
    const late = await call('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
    expect(late.code).toBe(400);
    expect(await effects(t, [sim.id])).toEqual(before);
    expect((await eventsOf(t, order.OrderID)).map((e) => [e.event, e.outcome])).toEqual([
      ['expire', 'applied'],
      ['notify', 'rejected'],
    ]);
  });

  it('lists payment orders with totals equal to the sum of the rows, the kind forced by function', async () => {
    const hold = await t.buildHold('C');
    const renewer = await t.buildUser(hold, [Fn.simRecharge]);
    const smsBuyer = await t.buildUser(hold, [Fn.simSmsPayment]);
    const reader = await t.buildUser(hold, [Fn.simPayOrders]);
    const expiresAt = new Date(Date.now() + 600_000);
    const base = { provider: 'sandbox', holdId: hold.id, currency: 'CNY', expiresAt, subject: 'x' };
    await t.database.db.insert(paymentOrders).values([
      { ...base, orderNo: 'RTEST1', kind: 1, method: 1, amountFen: 1200, status: PayStatus.Paid, paidAt: new Date() },
      { ...base, orderNo: 'RTEST2', kind: 1, method: 2, amountFen: 3400, status: PayStatus.Pending },
      { ...base, orderNo: 'STEST1', kind: 2, method: 1, amountFen: 1000, status: PayStatus.Paid, paidAt: new Date() },
      { ...base, orderNo: 'STEST2', kind: 2, method: 2, amountFen: 4500, status: PayStatus.Failed },
    ]);
    type List = {
      rows: { OrderNo: string; Kind: number; AmountFen: number; Status: number; HoldName: string }[];
      total: number;
      Totals: { Count: number; AmountFen: number; PaidCount: number; PaidFen: number };
    };
    const list = async (token: string, body: object = {}) =>
      (await call<List>('Payment/GetPayOrderList', { PageIndex: 1, PageSize: 50, Kind: 0, Status: -1, ...body }, token))
        .data;
    const check = (l: List) => {
      expect(l.total).toBe(l.rows.length);
      expect(l.Totals).toEqual({
        Count: l.rows.length,
        AmountFen: l.rows.reduce((s, r) => s + r.AmountFen, 0),
        PaidCount: l.rows.filter((r) => r.Status === PayStatus.Paid).length,
        PaidFen: l.rows.filter((r) => r.Status === PayStatus.Paid).reduce((s, r) => s + r.AmountFen, 0),
      });
    };
    const all = await list(reader.token);
    check(all);
    expect(all.rows.map((r) => r.OrderNo).sort()).toEqual(['RTEST1', 'RTEST2', 'STEST1', 'STEST2']);
    expect(all.Totals.PaidFen).toBe(2200);
    const paidOnly = await list(reader.token, { Status: PayStatus.Paid });
    check(paidOnly);
    expect(paidOnly.rows.map((r) => r.OrderNo).sort()).toEqual(['RTEST1', 'STEST1']);
    // fn 4 sees renewals only, whatever Kind asks; fn 12 SMS packs only.
    for (const kind of [0, 1, 2]) {
      const r = await list(renewer.token, { Kind: kind });
      check(r);
      expect(new Set(r.rows.map((x) => x.Kind))).toEqual(new Set([PayKind.Renewal]));
      const s = await list(smsBuyer.token, { Kind: kind });
      check(s);
      expect(new Set(s.rows.map((x) => x.Kind))).toEqual(new Set([PayKind.SmsPack]));
    }
    expect((await list(reader.token, { Kind: 2 })).rows.map((r) => r.OrderNo).sort()).toEqual(['STEST1', 'STEST2']);
    const sorted = await list(reader.token, { SortColumn: 'AmountFen', SortType: 'desc' });
    expect(sorted.rows.map((r) => r.AmountFen)).toEqual([4500, 3400, 1200, 1000]);
    // A renewal-only user cannot open an SMS-pack order.
    const [sms] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, 'STEST1'));
    expect((await call('Payment/GetOrder', { OrderID: sms!.id }, renewer.token)).code).toBe(403);
    expect((await call('Payment/GetOrder', { OrderID: sms!.id }, reader.token)).code).toBe(200);
  });

  it('records an approved renewal work order as a WorkOrder renewal at the pro-rata fee', async () => {
    const hold = await t.buildHold('D');
    const x = await buildRenewalHold(t, 'D-1', hold);
    const admin = await t.buildUser(x.hold, [Fn.simBusiness, Fn.audit]);
    const sim = x.sims.expiring;
    const applied = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
      token: admin.token,
      body: { WorkType: 5, TargetID: sim.iccid, WorkCont: 'renew 3 months', PackageID: x.cat.mobilePkg.id, Months: 3 },
    });
    expect(applied.code).toBe(200);
    const [workId] = applied.data.WorkIDs;
    const checked = await t.call('POST', 'WorkFlow/CheckWorkFlow', {
      token: admin.token,
      body: [{ WorkID: workId, WorkType: 5, TargetID: sim.iccid, CheckStatus: 2 }],
    });
    expect(checked.code).toBe(200);
    const rows = await t.database.db.select().from(renewals).where(eq(renewals.simId, sim.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: RenewalSource.WorkOrder,
      workId,
      months: 3,
      // 2400 fen a 12-month period: 3 months = 600 fen.
      feeFen: 600,
      expiresBefore: sim.expiresOn,
      expiresAfter: renewedExpiry(sim.expiresOn, today(), 3),
      orderId: null,
    });
  });
});
