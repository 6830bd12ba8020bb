import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { WALLET_FILTER_PATHS, WALLET_TENANCY_PATHS } from './tenancy-covered.ts';
import { buildWalletHold, expiries, insertDevices, ledger, topUp } from './test-fixtures.ts';

afterAll(stopTestServers);

const MISSING = 999_999_999;
const MISSING_DEVICE = '869999999999999';

/** Administrator A holds every function: only sibling B's ids are refused, exactly like missing ones. */
describe.each(dbTargets())("wallet and VIP calls refuse a sibling hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildWalletHold>> & { token: string; device: string };
  let b: Awaited<ReturnType<typeof buildWalletHold>> & {
    device: { id: number; deviceId: string };
    orderNo: string;
    upgraded: string;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const holdA = await buildWalletHold(t, 'A');
    const holdB = await buildWalletHold(t, 'B');
    const token = (await t.buildUser(holdA.hold, ALL_FUNCTION_IDS)).token;
    await topUp(t, token, 1000);
    const [mine] = await insertDevices(t, holdA.hold.id, [[1, '2030-01-01']]);
    const [theirs] = await insertDevices(t, holdB.child.id, [[1, '2030-01-01']]);
    a = { ...holdA, token, device: mine!.deviceId };
    // B tops up and upgrades its own device, so A's filters have B's order number and device to look for.
    await topUp(t, holdB.admin.token, 100);
    const [other] = await insertDevices(t, holdB.hold.id, [[1, '2030-01-01']]);
    const up = await t.call('POST', 'Vip/Upgrade', {
      token: holdB.admin.token,
      body: { DeviceIDs: [other!.deviceId], Months: 1, Effective: 'now' },
    });
    expect(up.code).toBe(200);
    const bLedger = await ledger(t, holdB.hold.id);
    b = { ...holdB, device: theirs!, orderNo: bLedger.entries[0]!.orderNo, upgraded: other!.deviceId };
  });
  afterAll(() => t.close());

  const attempts = (): [string, Record<string, unknown>, Record<string, unknown>][] => {
    const period = { Months: 12, Effective: 'now' };
    return [
      ['Wallet/Gift', { HoldID: b.child.id, VPoint: 1 }, { HoldID: MISSING, VPoint: 1 }],
      ['Wallet/Gift', { HoldID: b.hold.id, VPoint: 1 }, { HoldID: MISSING, VPoint: 1 }],
      ['Vip/GetPrices', { HoldID: b.child.id }, { HoldID: MISSING }],
      [
        'Vip/GetDeviceList',
        { PageIndex: 1, PageSize: 10, HoldID: b.hold.id },
        { PageIndex: 1, PageSize: 10, HoldID: MISSING },
      ],
      ['Vip/SetPrices', { HoldID: b.child.id, Price1: 1, Price2: 1 }, { HoldID: MISSING, Price1: 1, Price2: 1 }],
      ['Vip/Quote', { ...period, DeviceIDs: [b.device.deviceId] }, { ...period, DeviceIDs: [MISSING_DEVICE] }],
      [
        'Vip/Upgrade',
        { ...period, DeviceIDs: [a.device, b.device.deviceId] },
        { ...period, DeviceIDs: [a.device, MISSING_DEVICE] },
      ],
    ];
  };

  it('refuses every id-taking call, exactly as it refuses a missing id', async () => {
    await expectRefusedLikeMissing((path, body) => t.call('POST', path, { token: a.token, body }), attempts());
    const covered = new Set(attempts().map(([p]) => p));
    expect(WALLET_TENANCY_PATHS.every((p) => covered.has(p))).toBe(true);
  });

  it("moved nothing: B's device and wallets as they were, A still holds every VPoint", async () => {
    expect(await expiries(t, [b.device.id])).toEqual(['2030-01-01']);
    expect((await ledger(t, b.child.id)).entries).toHaveLength(0);
    expect((await ledger(t, a.hold.id)).balance).toBe(1000);
  });

  it("never lists B's movements or upgrades to A, even filtered by B's order number or device", async () => {
    const list = <T>(path: string, body: object) =>
      t.call<T>('POST', path, { token: a.token, body: { PageIndex: 1, PageSize: 10, ...body } });
    expect((await list<{ total: number }>('Wallet/GetDetailList', {})).data.total).toBe(1);
    expect((await list<{ total: number }>('Wallet/GetDetailList', { OrderNo: b.orderNo })).data.total).toBe(0);
    expect((await list<{ total: number }>('Vip/GetUpgradeList', {})).data.total).toBe(0);
    expect((await list<{ total: number }>('Vip/GetUpgradeList', { DeviceID: b.upgraded })).data.total).toBe(0);
    const exported = await t.call('POST', 'Wallet/ExportDetailList', { token: a.token, body: { OrderNo: b.orderNo } });
    expect(exported.code).toBe(200);
    expect(WALLET_FILTER_PATHS).toHaveLength(3);
  });
});
