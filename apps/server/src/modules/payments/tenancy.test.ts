import { paymentOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, PayMethod, PayStatus } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { RENEWAL_TENANCY_PATHS } from '../renewal/tenancy-covered.ts';
import { buildRenewalHold, effects, type OrderView } from '../renewal/test-fixtures.ts';
import { PAYMENTS_TENANCY_PATHS } from './tenancy-covered.ts';

afterAll(stopTestServers);

const MISSING = 999_999_999;

/**
 * Administrator A holds every function, so nothing is refused for a missing function: only for
 * sibling B's ids, answered exactly like an id that does not exist.
 */
describe.each(dbTargets())("payments and renewal refuse a sibling hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildRenewalHold>> & { admin: string };
  let b: Awaited<ReturnType<typeof buildRenewalHold>> & { order: OrderView };

  beforeAll(async () => {
    t = await startTestApp(target);
    const holdA = await buildRenewalHold(t, 'A');
    const holdB = await buildRenewalHold(t, 'B');
    a = { ...holdA, admin: (await t.buildUser(holdA.hold, ALL_FUNCTION_IDS)).token };
    const order = await t.call<OrderView>('POST', 'Renewal/CreateOrder', {
      token: holdB.user.token,
      body: { SimIDs: [holdB.sims.expiring.id], Periods: 1, Method: PayMethod.Alipay },
    });
    expect(order.code).toBe(200);
    b = { ...holdB, order: order.data };
  });
  afterAll(async () => {
    await t.close();
  });

  const attempts = (): [string, Record<string, unknown>, Record<string, unknown>][] => {
    const list = (k: string, v: number) => ({ PageIndex: 1, PageSize: 10, [k]: v });
    const own = { Periods: 1 };
    return [
      ['Payment/GetOrder', { OrderID: b.order.OrderID }, { OrderID: MISSING }],
      ['Payment/CloseOrder', { OrderID: b.order.OrderID }, { OrderID: MISSING }],
      ['Payment/SandboxPay', { OrderID: b.order.OrderID, Outcome: 'paid' }, { OrderID: MISSING, Outcome: 'paid' }],
      ['Payment/GetPayOrderList', list('HoldID', b.hold.id), list('HoldID', MISSING)],
      ['Payment/ExportPayOrderList', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Renewal/GetRenewalSimList', list('HoldID', b.hold.id), list('HoldID', MISSING)],
      ['Renewal/ExportRenewalSimList', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Renewal/Quote', { ...own, SimIDs: [b.sims.expiring.id] }, { ...own, SimIDs: [MISSING] }],
      [
        'Renewal/Quote',
        { ...own, SimIDs: [a.sims.expiring.id], PackageID: b.cat.mobilePkg.id },
        { ...own, SimIDs: [a.sims.expiring.id], PackageID: MISSING },
      ],
      [
        'Renewal/CreateOrder',
        { ...own, Method: 1, SimIDs: [a.sims.expiring.id, b.sims.expired.id] },
        { ...own, Method: 1, SimIDs: [a.sims.expiring.id, MISSING] },
      ],
      [
        'Renewal/CreateOrder',
        { ...own, Method: 2, SimIDs: [a.sims.expiring.id], PackageID: b.cat.mobilePkg.id },
        { ...own, Method: 2, SimIDs: [a.sims.expiring.id], PackageID: MISSING },
      ],
    ];
  };

  it('refuses every id-taking call, exactly as it refuses a missing id', async () => {
    await expectRefusedLikeMissing((path, body) => t.call('POST', path, { token: a.admin, body }), attempts());
    const covered = new Set(attempts().map(([p]) => p));
    expect([...PAYMENTS_TENANCY_PATHS, ...RENEWAL_TENANCY_PATHS].every((p) => covered.has(p))).toBe(true);
  });

  it("left B's order pending and B's SIMs as they were, and wrote no order for A", async () => {
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, b.order.OrderID));
    expect(row!.status).toBe(PayStatus.Pending);
    const e = await effects(t, [b.sims.expiring.id, b.sims.expired.id]);
    expect(e.renewals).toHaveLength(0);
    expect(e.sims.map((s) => s.expiresOn)).toEqual([b.sims.expiring.expiresOn, b.sims.expired.expiresOn]);
    const mine = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.holdId, a.hold.id));
    expect(mine).toHaveLength(0);
  });

  it("never lists B's SIMs or orders to A", async () => {
    const sims = await t.call<{ rows: { HoldID: number }[] }>('POST', 'Renewal/GetRenewalSimList', {
      token: a.admin,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(sims.data.rows.length).toBeGreaterThan(0);
    expect(sims.data.rows.every((r) => r.HoldID === a.hold.id)).toBe(true);
    const orders = await t.call<{ rows: unknown[]; total: number }>('POST', 'Payment/GetPayOrderList', {
      token: a.admin,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(orders.data.total).toBe(0);
  });
});
