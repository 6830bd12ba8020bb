import { devices, userNotices, vipUpgradeItems, vipUpgrades } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { addMonths, CheckStatus, ErrCode, Fn, VipUpgradeStatus, WalletEntryKind, WorkType } from '@lodestar/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../../lib/time.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type NoticeParams, renderNotice } from '../notices/render.ts';
import { buildWalletHold, expiries, insertDevices, ledger, topUp } from './test-fixtures.ts';
import { approvedExpiry } from './vip-approval.ts';

afterAll(stopTestServers);

type Upgraded = { UpgradeID: number; Status: number; WorkIDs: number[]; VPoint: number };
type WorkRow = {
  WorkID: number;
  WorkType: number;
  WorkTypeText: string;
  TargetID: string;
  CheckStatus: number;
  Vip: { UpgradeID: number; DeviceIDs: string[]; Months: number | null; ToDate: string | null; TotalVPoint: number };
};
type HistoryRow = {
  UpgradeID: number;
  Status: number;
  StatusText: string;
  Effective: string;
  WorkID: number | null;
  AppliedTime: string | null;
  Devices: { DeviceID: string; ExpiresBefore: string | null; ExpiresAfter: string }[];
};

describe('approvedExpiry', () => {
  it('counts months from the expiry at approval, or from the approval day when that has passed', () => {
    expect(approvedExpiry('2030-01-31', '2026-11-27', { months: 12, toDate: null })).toBe('2031-01-31');
    expect(approvedExpiry('2020-05-05', '2026-11-27', { months: 1, toDate: null })).toBe('2026-12-27');
    expect(approvedExpiry(null, '2028-02-29', { months: 12, toDate: null })).toBe('2029-02-28');
  });
  it('moves to the bought date, never back from a later expiry', () => {
    expect(approvedExpiry('2027-01-01', '2026-11-27', { months: null, toDate: '2028-06-30' })).toBe('2028-06-30');
    expect(approvedExpiry('2029-01-01', '2026-11-27', { months: null, toDate: '2028-06-30' })).toBe('2029-01-01');
  });
});

describe.each(dbTargets())('VIP upgrade effective on work-order approval on $name PostgreSQL', (target) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof buildWalletHold>>;
  let b: Awaited<ReturnType<typeof buildWalletHold>>;
  /** A's reviewer: the approval dialog's functions. */
  let reviewer: { token: string };
  /** In A with the SIM business function but not audit. */
  let clerk: { token: string };
  let bReviewer: { token: string };

  beforeAll(async () => {
    t = await startTestApp(target);
    a = await buildWalletHold(t, 'VA');
    b = await buildWalletHold(t, 'VB');
    reviewer = await t.buildUser(a.hold, [Fn.audit, Fn.simBusiness, Fn.simMessage]);
    clerk = await t.buildUser(a.hold, [Fn.simBusiness]);
    bReviewer = await t.buildUser(b.hold, [Fn.audit, Fn.simBusiness]);
    await topUp(t, a.admin.token, 1000);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T>(path: string, body: unknown, token = a.admin.token) =>
    t.call<T>('POST', path, { token, body, lang: 'en' });

  const vipOrders = async (token = reviewer.token, idno = '') =>
    (
      await call<{ rows: WorkRow[] }>(
        'WorkFlow/GetWorkFlowList',
        { pageIndex: 1, pageCount: 100, CheckStatic: 0, IDNO: idno },
        token,
      )
    ).data.rows.filter((r) => r.WorkType === WorkType.VipUpgrade);

  const decide = (row: WorkRow, status: CheckStatus, token = reviewer.token) =>
    call(
      'WorkFlow/CheckWorkFlow',
      [{ WorkID: row.WorkID, WorkType: row.WorkType, TargetID: row.TargetID, CheckStatus: status, CheckText: 'ok' }],
      token,
    );

  const historyOf = async (id: number) =>
    (await call<{ rows: HistoryRow[] }>('Vip/GetUpgradeList', { PageIndex: 1, PageSize: 50 })).data.rows.find(
      (r) => r.UpgradeID === id,
    )!;

  /** An upgrade effective on approval of two devices (a wired one expiring 2030-01-31, a wireless one without VIP). */
  async function applyForTwo(months = 12) {
    const devs = await insertDevices(t, a.child.id, [
      [1, '2030-01-31'],
      [2, null],
    ]);
    const ids = devs.map((d) => d.deviceId);
    const up = await call<Upgraded>('Vip/Upgrade', {
      DeviceIDs: ids,
      Months: months,
      Effective: 'approval',
      Remark: 'by order',
    });
    expect(up.code).toBe(200);
    const [row] = (await vipOrders()).filter((r) => r.Vip.UpgradeID === up.data.UpgradeID);
    return { devs, ids, up: up.data, row: row! };
  }

  it('quotes "on approval" from today and the current expiry, as "now" does', async () => {
    const [dev] = await insertDevices(t, a.child.id, [[1, '2030-01-31']]);
    const body = { DeviceIDs: [dev!.deviceId], Months: 12 };
    const approval = await call<{ Items: { NewExpiresOn: string; VPoint: number }[] }>('Vip/Quote', {
      ...body,
      Effective: 'approval',
    });
    const now = await call<{ Items: { NewExpiresOn: string; VPoint: number }[] }>('Vip/Quote', {
      ...body,
      Effective: 'now',
    });
    expect(approval.code).toBe(200);
    expect(approval.data.Items).toEqual(now.data.Items);
    expect(approval.data.Items[0]).toMatchObject({ NewExpiresOn: '2031-01-31', VPoint: 30 });
  });

  it('charges at once and opens a VIP work order, but leaves the expiry until approval', async () => {
    const before = await ledger(t, a.hold.id);
    const { devs, ids, up, row } = await applyForTwo();
    // 12 months: 30 wired + 50 wireless
    expect(up).toMatchObject({ Status: VipUpgradeStatus.Pending, VPoint: before.balance - 80 });
    expect(up.WorkIDs).toEqual([row.WorkID]);
    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(['2030-01-31', null]);
    const after = await ledger(t, a.hold.id);
    expect([after.balance, after.sum]).toEqual([before.balance - 80, before.sum - 80]);
    expect(after.entries.at(-1)).toMatchObject({ kind: WalletEntryKind.Upgrade, vpoint: -80, upgradeId: up.UpgradeID });

    expect(row).toMatchObject({
      WorkTypeText: 'VIP upgrade',
      TargetID: `U${up.UpgradeID}`,
      CheckStatus: CheckStatus.UnderReview,
      Vip: { UpgradeID: up.UpgradeID, DeviceIDs: ids, Months: 12, ToDate: null, TotalVPoint: 80 },
    });
    // The approval dialog's ID filter finds it by a part of a device ID.
    expect((await vipOrders(reviewer.token, ids[1]!.slice(-7))).map((r) => r.WorkID)).toEqual([row.WorkID]);
    const history = await historyOf(up.UpgradeID);
    expect(history).toMatchObject({
      Status: 0,
      StatusText: 'Awaiting approval',
      Effective: 'approval',
      WorkID: row.WorkID,
      AppliedTime: null,
    });
  });

  it('moves each expiry once on approval, from the expiry at approval time', async () => {
    const { devs, up, row } = await applyForTwo();
    // The device's expiry changed while the order waited: approval counts from the new one.
    await t.database.db.update(devices).set({ vipExpiresAt: '2030-06-30' }).where(eq(devices.id, devs[0]!.id));
    const balance = (await ledger(t, a.hold.id)).balance;

    const approved = await decide(row, CheckStatus.Agreed);
    expect(approved.code).toBe(200);
    const today = formatInZone(new Date(), 'Asia/Shanghai').slice(0, 10);
    const expected = ['2031-06-30', addMonths(today, 12)];
    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(expected);
    expect((await ledger(t, a.hold.id)).balance).toBe(balance);
    const history = await historyOf(up.UpgradeID);
    expect(history).toMatchObject({ Status: VipUpgradeStatus.Applied, StatusText: 'In effect' });
    expect(history.AppliedTime).not.toBeNull();
    expect(history.Devices.map((d) => [d.ExpiresBefore, d.ExpiresAfter])).toEqual([
      ['2030-06-30', expected[0]],
      [null, expected[1]],
    ]);

    // A repeated approval is refused and moves nothing.
    const again = await decide(row, CheckStatus.Agreed);
    expect([again.code, again.errCode]).toEqual([400, ErrCode.Validation]);
    const rejectAfter = await decide(row, CheckStatus.Rejected);
    expect(rejectAfter.code).toBe(400);
    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(expected);
    expect((await ledger(t, a.hold.id)).balance).toBe(balance);
    const listed = (await vipOrders()).find((r) => r.WorkID === row.WorkID)!;
    expect(listed.CheckStatus).toBe(CheckStatus.Agreed);
  });

  it('gives back the VPoints of a device that gains nothing on approval (its expiry reached the bought date)', async () => {
    const devs = await insertDevices(t, a.child.id, [
      [1, '2027-06-30'],
      [2, '2027-06-30'],
    ]);
    const up = await call<Upgraded>('Vip/Upgrade', {
      DeviceIDs: devs.map((d) => d.deviceId),
      ToDate: '2029-06-30',
      Effective: 'approval',
    });
    expect(up.code).toBe(200);
    const items = await t.database.db
      .select({ vpoint: vipUpgradeItems.vpoint })
      .from(vipUpgradeItems)
      .where(eq(vipUpgradeItems.upgradeId, up.data.UpgradeID))
      .orderBy(asc(vipUpgradeItems.id));
    expect(items[0]!.vpoint).toBeGreaterThan(0);
    // While the order waited, the first device was upgraded past the bought date by other means.
    await t.database.db.update(devices).set({ vipExpiresAt: '2029-12-31' }).where(eq(devices.id, devs[0]!.id));
    const before = await ledger(t, a.hold.id);
    const [row] = (await vipOrders()).filter((r) => r.Vip.UpgradeID === up.data.UpgradeID);
    expect((await decide(row!, CheckStatus.Agreed)).code).toBe(200);

    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(['2029-12-31', '2029-06-30']);
    const after = await ledger(t, a.hold.id);
    const refunds = after.entries.filter((e) => e.kind === WalletEntryKind.Refund && e.upgradeId === up.data.UpgradeID);
    expect(refunds.map((e) => e.vpoint)).toEqual([items[0]!.vpoint]);
    expect([after.balance, after.sum]).toEqual([before.balance + items[0]!.vpoint, before.sum + items[0]!.vpoint]);
    expect((await historyOf(up.data.UpgradeID)).Status).toBe(VipUpgradeStatus.Applied);
  });

  it('refunds the VPoints exactly once on rejection and leaves the expiry', async () => {
    const { devs, up, row } = await applyForTwo(24);
    const before = await ledger(t, a.hold.id);
    const rejected = await decide(row, CheckStatus.Rejected);
    expect(rejected.code).toBe(200);
    const again = await decide(row, CheckStatus.Rejected);
    expect(again.code).toBe(400);

    const after = await ledger(t, a.hold.id);
    const refunds = after.entries.filter((e) => e.kind === WalletEntryKind.Refund && e.upgradeId === up.UpgradeID);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ vpoint: 160, orderNo: `U${up.UpgradeID}`, balanceAfter: before.balance + 160 });
    expect([after.balance, after.sum]).toEqual([before.balance + 160, before.sum + 160]);
    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(['2030-01-31', null]);
    expect(await historyOf(up.UpgradeID)).toMatchObject({
      Status: VipUpgradeStatus.Rejected,
      StatusText: 'Rejected',
      AppliedTime: null,
    });

    const detail = await call<{ rows: { Kind: number; VPoint: number; KindText: string; OrderNo: string }[] }>(
      'Wallet/GetDetailList',
      { PageIndex: 1, PageSize: 5, Kind: WalletEntryKind.Refund },
    );
    expect(detail.data.rows[0]).toMatchObject({
      Kind: 5,
      VPoint: 160,
      KindText: 'Refund',
      OrderNo: `U${up.UpgradeID}`,
    });

    // The applicant is told, with a link to the upgrade history.
    const [notice] = await t.database.db
      .select()
      .from(userNotices)
      .where(and(eq(userNotices.userId, a.admin.id), eq(userNotices.dedupeKey, `workOrder:${row.WorkID}`)));
    const shown = renderNotice(notice!.kind, notice!.params as NoticeParams, 'en');
    expect(shown.Link).toBe('/vip/upgrade-history');
    expect(shown.Content).toContain(`VIP upgrade U${up.UpgradeID} was rejected`);
  });

  it("refuses another hold's reviewer, a lesser role and a wrong target, and nothing moves", async () => {
    const { devs, up, row } = await applyForTwo();
    const balance = (await ledger(t, a.hold.id)).balance;

    const other = await decide(row, CheckStatus.Agreed, bReviewer.token);
    expect([other.code, other.errCode]).toEqual([403, ErrCode.OutsideHold]);
    expect(await vipOrders(bReviewer.token)).toEqual([]);
    const lesser = await decide(row, CheckStatus.Agreed, clerk.token);
    expect(lesser.code).toBe(403);
    const wrong = await call(
      'WorkFlow/CheckWorkFlow',
      [
        {
          WorkID: row.WorkID,
          WorkType: WorkType.VipUpgrade,
          TargetID: `U${up.UpgradeID + 1}`,
          CheckStatus: CheckStatus.Rejected,
        },
      ],
      reviewer.token,
    );
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toContain('TargetID');

    expect(
      await expiries(
        t,
        devs.map((d) => d.id),
      ),
    ).toEqual(['2030-01-31', null]);
    expect((await ledger(t, a.hold.id)).balance).toBe(balance);
    const [stored] = await t.database.db.select().from(vipUpgrades).where(eq(vipUpgrades.id, up.UpgradeID));
    expect(stored!.status).toBe(VipUpgradeStatus.Pending);
    const items = await t.database.db
      .select()
      .from(vipUpgradeItems)
      .where(inArray(vipUpgradeItems.upgradeId, [up.UpgradeID]))
      .orderBy(asc(vipUpgradeItems.id));
    expect(items.map((i) => i.expiresBefore)).toEqual(['2030-01-31', null]);
  });

  it('opens no VIP order through WorkFlow/AddWorkFlow', async () => {
    const r = await call(
      'WorkFlow/AddWorkFlow',
      { WorkType: WorkType.VipUpgrade, TargetID: 'U1', WorkCont: '' },
      reviewer.token,
    );
    expect(r.code).toBe(400);
    expect(r.msg).toContain('WorkType');
  });

  it('refuses an upgrade on approval costing more than the balance, and opens no order', async () => {
    const count = (await vipOrders()).length;
    const [dev] = await insertDevices(t, b.child.id, [[1, null]]);
    const r = await call(
      'Vip/Upgrade',
      { DeviceIDs: [dev!.deviceId], Months: 60, Effective: 'approval' },
      b.admin.token,
    );
    expect(r.code).toBe(400);
    expect((await vipOrders(bReviewer.token)).length).toBe(0);
    expect((await vipOrders()).length).toBe(count);
  });
});
