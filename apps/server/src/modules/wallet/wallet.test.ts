import { paymentOrders, vipUpgrades } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, PayKind, PayStatus, WalletEntryKind } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { eventsOf, postNotify } from '../renewal/test-fixtures.ts';
import { buildWalletHold, expiries, insertDevices, ledger, topUp } from './test-fixtures.ts';

afterAll(stopTestServers);

type Quote = {
  Items: {
    DeviceID: string;
    PricePerYear: number;
    Months: number;
    Days: number;
    VPoint: number;
    NewExpiresOn: string;
  }[];
  TotalVPoint: number;
  Balance: number;
};

describe.each(dbTargets())('VPoint wallet on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildWalletHold>>;
  let b: Awaited<ReturnType<typeof buildWalletHold>>;

  beforeAll(async () => {
    t = await startTestApp(target);
    a = await buildWalletHold(t, 'A');
    b = await buildWalletHold(t, 'B');
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T>(path: string, body: unknown, token = a.admin.token) =>
    t.call<T>('POST', path, { token, body, lang: 'en' });

  it('tops up through a sandbox payment order and credits it once however often it is paid', async () => {
    const empty = await call<{ VPoint: number; VPointPerYuan: number; Currency: string }>('Wallet/GetWallet', {});
    expect(empty.data).toMatchObject({ VPoint: 0, VPointPerYuan: 1, Currency: 'CNY' });

    const order = await call<{ OrderID: number; OrderNo: string; Kind: number; Sandbox: boolean; AmountFen: number }>(
      'Wallet/TopUp',
      { AmountFen: 50_000, Method: 2 },
    );
    expect(order.data).toMatchObject({ Kind: PayKind.WalletTopUp, Sandbox: true, AmountFen: 50_000 });
    expect(order.data.OrderNo).toMatch(/^W/);
    expect((await call<{ VPoint: number }>('Wallet/GetWallet', {})).data.VPoint).toBe(0);

    const paid = await call<{ Status: number }>('Payment/SandboxPay', { OrderID: order.data.OrderID, Outcome: 'paid' });
    expect(paid.data.Status).toBe(PayStatus.Paid);
    const again = await call<{ Status: number }>('Payment/SandboxPay', {
      OrderID: order.data.OrderID,
      Outcome: 'paid',
    });
    expect([again.code, again.data.Status]).toEqual([200, PayStatus.Paid]);
    // The provider's own callback replayed to the public notify path changes nothing either.
    const [first] = (await eventsOf(t, order.data.OrderID)).filter((e) => e.outcome === 'applied');
    const payload = first!.payload as { body: string; headers: Record<string, string> };
    expect((await postNotify(t, 'sandbox', payload.body, payload.headers)).status).toBe(200);

    const l = await ledger(t, a.hold.id);
    expect(l.entries).toHaveLength(1);
    expect(l.entries[0]).toMatchObject({
      kind: WalletEntryKind.TopUp,
      vpoint: 500,
      amountFen: 50_000,
      balanceAfter: 500,
    });
    expect([l.balance, l.sum]).toEqual([500, 500]);
    expect((await call<{ VPoint: number }>('Wallet/GetWallet', {})).data.VPoint).toBe(500);

    const listed = await call<{ rows: { OrderNo: string; Kind: number }[] }>('Payment/GetPayOrderList', {
      PageIndex: 1,
      PageSize: 10,
      Kind: PayKind.WalletTopUp,
    });
    expect(listed.data.rows.map((r) => r.OrderNo)).toEqual([order.data.OrderNo]);
  });

  it('credits at the unit’s own rate set by its parent', async () => {
    const set = await call('Vip/SetPrices', { HoldID: a.child.id, Price1: 30, Price2: 50, VPointPerYuan: 10 });
    expect(set.code).toBe(200);
    const childAdmin = await t.buildUser(a.child, [Fn.wallet, Fn.topUp]);
    await topUp(t, childAdmin.token, 10);
    expect((await call<{ VPoint: number }>('Wallet/GetWallet', {}, childAdmin.token)).data.VPoint).toBe(100);
  });

  it('credits the VPoints priced when the order was made, not at a rate changed before the callback', async () => {
    const unit = await t.buildHold('A-rate', a.hold);
    const payer = await t.buildUser(unit, [Fn.wallet, Fn.topUp]);
    const rate = (VPointPerYuan: number) =>
      call('Vip/SetPrices', { HoldID: unit.id, Price1: 30, Price2: 50, VPointPerYuan }).then((r) => r.code);
    const order = (yuan: number) =>
      call<{ OrderID: number; Subject: string }>('Wallet/TopUp', { AmountFen: yuan * 100, Method: 1 }, payer.token);
    const pay = (OrderID: number) => call('Payment/SandboxPay', { OrderID, Outcome: 'paid' }, payer.token);
    const balance = async () => (await call<{ VPoint: number }>('Wallet/GetWallet', {}, payer.token)).data.VPoint;
    expect(await rate(10)).toBe(200);
    const shown = await order(20);
    expect(shown.data.Subject).toContain('200 VPoints');
    expect(await rate(3)).toBe(200); // the parent changes the rate while the payer scans the QR code
    expect((await pay(shown.data.OrderID)).code).toBe(200);
    expect(await balance()).toBe(200);
    // An order made at the new rate is priced at it.
    const later = await order(20);
    expect(later.data.Subject).toContain('60 VPoints');
    expect(await rate(50)).toBe(200);
    await pay(later.data.OrderID);
    expect(await balance()).toBe(260);
    // An order from before orders carried their VPoints falls back to the rate of the day it is paid.
    const old = await order(1);
    await t.database.db.update(paymentOrders).set({ vpoint: null }).where(eq(paymentOrders.id, old.data.OrderID));
    await pay(old.data.OrderID);
    expect(await balance()).toBe(310);
    expect((await ledger(t, unit.id)).entries.map((e) => e.vpoint)).toEqual([200, 60, 50]);
  });

  it('prices wired devices at price1 and wireless ones at price2 of their unit, by month and to a date', async () => {
    const [wired, wireless] = await insertDevices(t, a.hold.id, [
      [1, '2030-01-31'],
      [2, '2030-01-31'],
    ]);
    const q = await call<Quote>('Vip/Quote', {
      DeviceIDs: [wired!.deviceId, wireless!.deviceId],
      Months: 12,
      Effective: 'now',
    });
    expect(q.data.Items.map((i) => [i.PricePerYear, i.VPoint, i.NewExpiresOn])).toEqual([
      [30, 30, '2031-01-31'],
      [50, 50, '2031-01-31'],
    ]);
    expect(q.data).toMatchObject({ TotalVPoint: 80, Balance: 500 });
    // Month ends: January 31 + 1 month is February 28; 1/12 of 30 = 2.5 rounds to 3.
    const month = await call<Quote>('Vip/Quote', { DeviceIDs: [wired!.deviceId], Months: 1, Effective: 'now' });
    expect(month.data.Items[0]).toMatchObject({ NewExpiresOn: '2030-02-28', VPoint: 3, Months: 1, Days: 0 });

    // A child unit priced by its parent: 1200 a year is 100 a month.
    const [leap] = await insertDevices(t, a.child.id, [[1, '2031-11-26']]);
    expect((await call('Vip/SetPrices', { HoldID: a.child.id, Price1: 1200, Price2: 2400 })).code).toBe(200);
    const prices = await call<{ Price1: number; Own: boolean; Editable: boolean }>('Vip/GetPrices', {
      HoldID: a.child.id,
    });
    expect(prices.data).toMatchObject({ Price1: 1200, Own: true, Editable: true });
    // To 2032-03-10 across the leap day: 3 months and 13 of the 29 days from Feb 26 to Mar 26.
    const toDate = await call<Quote>('Vip/Quote', {
      DeviceIDs: [leap!.deviceId],
      ToDate: '2032-03-10',
      Effective: 'now',
    });
    expect(toDate.data.Items[0]).toMatchObject({ Months: 3, Days: 13, VPoint: 345, NewExpiresOn: '2032-03-10' });
    const common = await call<Quote>('Vip/Quote', {
      DeviceIDs: [leap!.deviceId],
      ToDate: '2033-03-10',
      Effective: 'now',
    });
    // The same date a year later: 15 months and 12 of February 26 → March 26's 28 days.
    expect(common.data.Items[0]).toMatchObject({ Months: 15, Days: 12, VPoint: 1543 });
  });

  it('lists the subtree’s devices to choose from, a unit’s or by keyword', async () => {
    type Row = { DeviceID: string; HoldName: string; TrackerType: number; VipExpiry: string | null };
    const list = (body: object) =>
      call<{ rows: Row[]; total: number }>('Vip/GetDeviceList', { PageIndex: 1, PageSize: 100, ...body });
    const all = await list({});
    const child = await list({ HoldID: a.child.id });
    expect(child.data.rows.length).toBeGreaterThan(0);
    expect(child.data.rows.every((r) => r.HoldName === 'A-1')).toBe(true);
    expect(all.data.total).toBeGreaterThan(child.data.total);
    const one = all.data.rows[0]!;
    expect((await list({ Keyword: one.DeviceID })).data.rows.map((r) => r.DeviceID)).toEqual([one.DeviceID]);
    const reader = await t.buildUser(a.hold, [Fn.wallet]);
    expect((await call('Vip/GetDeviceList', { PageIndex: 1, PageSize: 10 }, reader.token)).code).toBe(403);
  });

  it('refuses a period outside 1 month to 5 years, and both or neither of Months and ToDate', async () => {
    const [d] = await insertDevices(t, a.hold.id, [[1, '2030-06-15']]);
    const send = (body: object) => call('Vip/Quote', { DeviceIDs: [d!.deviceId], Effective: 'now', ...body });
    for (const [body, field] of [
      [{ Months: 61 }, 'Months'],
      [{ Months: 0 }, 'Months'],
      [{ Months: 12, ToDate: '2031-06-15' }, 'Months'],
      [{}, 'Months'],
      [{ ToDate: '2030-07-01' }, 'ToDate'],
      [{ ToDate: '2035-06-16' }, 'ToDate'],
      [{ ToDate: '2030-02-30' }, 'ToDate'],
      [{ Months: 12, Effective: 'later' }, 'Effective'],
    ] as const) {
      const r = await send(body);
      expect({ body, code: r.code, msg: r.msg.includes(field) }).toEqual({ body, code: 400, msg: true });
    }
    expect((await send({ ToDate: '2035-06-15' })).code).toBe(200);
  });

  it('upgrades: the devices’ expiry moves once, the wallet is charged, history and detail list it', async () => {
    const devs = await insertDevices(t, a.hold.id, [
      [1, null],
      [2, '2029-03-31'],
    ]);
    const ids = devs.map((d) => d.deviceId);
    const before = await ledger(t, a.hold.id);
    const up = await call<{ UpgradeID: number; Status: number; VPoint: number }>('Vip/Upgrade', {
      DeviceIDs: ids,
      Months: 24,
      Effective: 'plus3',
      Remark: 'fleet renewal',
    });
    expect(up.code).toBe(200);
    expect(up.data.Status).toBe(1);
    // 24 months: 60 wired + 100 wireless
    expect(up.data.VPoint).toBe(before.balance - 160);
    const [noVip, later] = await expiries(
      t,
      devs.map((d) => d.id),
    );
    expect(later).toBe('2031-03-31');
    // From three months on for a device without VIP: its new expiry is 27 months from today.
    expect(noVip! > '2027-01-01').toBe(true);
    const after = await ledger(t, a.hold.id);
    expect([after.balance, after.sum]).toEqual([before.balance - 160, before.sum - 160]);
    expect(after.entries.at(-1)).toMatchObject({
      kind: WalletEntryKind.Upgrade,
      vpoint: -160,
      orderNo: `U${up.data.UpgradeID}`,
    });

    const history = await call<{
      rows: {
        UpgradeID: number;
        Devices: { DeviceID: string; ExpiresAfter: string }[];
        Effective: string;
        TotalVPoint: number;
        UserName: string;
      }[];
    }>('Vip/GetUpgradeList', { PageIndex: 1, PageSize: 10, DeviceID: ids[1]!.slice(-6) });
    expect(history.data.rows).toHaveLength(1);
    expect(history.data.rows[0]).toMatchObject({ UpgradeID: up.data.UpgradeID, Effective: 'plus3', TotalVPoint: 160 });
    expect(history.data.rows[0]!.Devices.map((d) => d.ExpiresAfter)).toEqual([noVip, '2031-03-31']);

    const detail = await call<{
      rows: { Kind: number; VPoint: number; Remaining: number; Payer: string; KindText: string }[];
      total: number;
      Totals: { In: number; Out: number };
    }>('Wallet/GetDetailList', { PageIndex: 1, PageSize: 2, Kind: 0 });
    expect(detail.data.rows[0]).toMatchObject({
      Kind: 2,
      VPoint: -160,
      Remaining: after.balance,
      KindText: 'VIP upgrade',
    });
    expect(detail.data.rows[0]!.Payer).toBe(a.admin.userName);
    expect(detail.data.total).toBe(after.entries.length);
    expect(detail.data.Totals.In - detail.data.Totals.Out).toBe(after.balance);
    const upgradesOnly = await call<{ total: number }>('Wallet/GetDetailList', { PageIndex: 1, PageSize: 10, Kind: 2 });
    expect(upgradesOnly.data.total).toBe(after.entries.filter((e) => e.kind === 2).length);
    const exported = await call<{ FileID: number }>('Wallet/ExportDetailList', { Kind: 0 });
    expect(exported.data.FileID).toBeGreaterThan(0);
  });

  it('refuses an upgrade costing more than the balance, and nothing moves', async () => {
    const devs = await insertDevices(t, a.hold.id, [
      [2, '2030-01-01'],
      [2, '2030-01-01'],
    ]);
    const before = await ledger(t, a.hold.id);
    const upgrades = (await t.database.db.select().from(vipUpgrades)).length;
    // 60 months of 50 a year = 250 each: 500 for two, more than what is left.
    expect(before.balance).toBeLessThan(500);
    const r = await call('Vip/Upgrade', { DeviceIDs: devs.map((d) => d.deviceId), Months: 60, Effective: 'now' });
    expect([r.code, r.msg]).toEqual([400, expect.stringContaining('Not enough VPoints')]);
    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(['2030-01-01', '2030-01-01']);
    expect((await ledger(t, a.hold.id)).entries).toHaveLength(before.entries.length);
    expect((await t.database.db.select().from(vipUpgrades)).length).toBe(upgrades);
  });

  it('never overdraws a wallet with concurrent upgrades', async () => {
    const w = await buildWalletHold(t, 'C');
    await topUp(t, w.admin.token, 100);
    // 12 months of a wired device is 30: only three of eight fit in 100.
    const devs = await insertDevices(
      t,
      w.hold.id,
      Array.from({ length: 8 }, (): [number, string] => [1, '2030-05-05']),
    );
    const results = await Promise.all(
      devs.map((d) =>
        t.call('POST', 'Vip/Upgrade', {
          token: w.admin.token,
          body: { DeviceIDs: [d.deviceId], Months: 12, Effective: 'now' },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code === 400)).toHaveLength(5);
    const l = await ledger(t, w.hold.id);
    expect([l.balance, l.sum]).toEqual([10, 10]);
    const moved = (
      await expiries(
        t,
        devs.map((d) => d.id),
      )
    ).filter((e) => e === '2031-05-05');
    expect(moved).toHaveLength(3);
  });

  it('gifts VPoints to a unit below only, both sides recorded at once', async () => {
    const before = await ledger(t, a.hold.id);
    const ok = await call<{ VPoint: number }>('Wallet/Gift', {
      HoldID: a.child.id,
      VPoint: 7,
      Remark: 'for the installers',
    });
    expect(ok.data.VPoint).toBe(before.balance - 7);
    const child = await ledger(t, a.child.id);
    expect(child.entries.at(-1)).toMatchObject({
      kind: WalletEntryKind.GiftIn,
      vpoint: 7,
      counterpartHoldId: a.hold.id,
    });
    expect(child.balance).toBe(child.sum);

    const outside = await call('Wallet/Gift', { HoldID: b.child.id, VPoint: 1 });
    expect([outside.code, outside.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const own = await call('Wallet/Gift', { HoldID: a.hold.id, VPoint: 1 });
    expect([own.code, own.msg]).toEqual([400, expect.stringContaining('HoldID')]);
    const tooMuch = await call('Wallet/Gift', { HoldID: a.child.id, VPoint: before.balance });
    expect(tooMuch.code).toBe(400);
    const bad = await call('Wallet/Gift', { HoldID: a.child.id, VPoint: 0 });
    expect([bad.code, bad.msg]).toEqual([400, expect.stringContaining('VPoint')]);
    expect((await ledger(t, a.hold.id)).balance).toBe(before.balance - 7);
  });

  it('refuses prices on the caller’s own unit, and bad top-up amounts naming the field', async () => {
    const own = await call('Vip/SetPrices', { HoldID: a.hold.id, Price1: 1, Price2: 1 });
    expect([own.code, own.msg]).toEqual([400, expect.stringContaining('HoldID')]);
    const small = await call('Wallet/TopUp', { AmountFen: 99, Method: 1 });
    expect([small.code, small.msg]).toEqual([400, expect.stringContaining('AmountFen')]);
    const method = await call('Wallet/TopUp', { AmountFen: 1000, Method: 3 });
    expect([method.code, method.msg]).toEqual([400, expect.stringContaining('Method')]);
  });

  it('refuses a caller without the function ids (403)', async () => {
    const reader = await t.buildUser(a.hold, [Fn.wallet]);
    const nobody = await t.buildUser(a.hold, [Fn.gpsMonitor]);
    const [d] = await insertDevices(t, a.hold.id, [[1, '2030-01-01']]);
    const checks: [string, object, string][] = [
      ['Wallet/GetWallet', {}, nobody.token],
      ['Wallet/GetDetailList', { PageIndex: 1, PageSize: 10 }, nobody.token],
      ['Wallet/TopUp', { AmountFen: 1000, Method: 1 }, reader.token],
      ['Wallet/Gift', { HoldID: a.child.id, VPoint: 1 }, reader.token],
      ['Wallet/ExportDetailList', {}, reader.token],
      ['Vip/Quote', { DeviceIDs: [d!.deviceId], Months: 1, Effective: 'now' }, reader.token],
      ['Vip/Upgrade', { DeviceIDs: [d!.deviceId], Months: 1, Effective: 'now' }, reader.token],
      ['Vip/GetUpgradeList', { PageIndex: 1, PageSize: 10 }, reader.token],
      ['Vip/GetPrices', {}, reader.token],
      ['Vip/SetPrices', { HoldID: a.child.id, Price1: 1, Price2: 1 }, reader.token],
    ];
    for (const [path, body, token] of checks) {
      const r = await call(path, body, token);
      expect({ path, code: r.code }).toEqual({ path, code: 403 });
    }
    const orders = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, reader.id));
    expect(orders).toHaveLength(0);
  });
});
