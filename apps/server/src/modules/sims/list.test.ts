import { devices, simHistory, simImportBatches, type sims, users, workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, SimState, simDisplayState, WorkType } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInZone } from '../../lib/time.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { SimRowOut } from './service.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims } from './test-fixtures.ts';

afterAll(stopTestServers);

// Far from UTC, so a date taken in the wrong zone shows.
const ZONE = 'Pacific/Kiritimati';
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(dbTargets())('SIM list and detail on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let cat: Catalogue;
  let hold: { id: number; path: string };
  let customer: { id: number; path: string };
  let sub: { id: number; path: string };
  let sibling: { id: number; path: string };
  let s: Record<string, typeof sims.$inferSelect>;
  let batchId: number;
  let pendingId: number;
  const today = () => formatInZone(new Date(), ZONE).slice(0, 10);
  type Page = { rows: SimRowOut[]; total: number };
  const list = (body: object = {}) =>
    t.call<Page>('POST', 'Sim/GetSimList', { token, body: { PageIndex: 1, PageSize: 100, ...body } });
  const ids = (p: { data: Page }) => p.data.rows.map((r) => r.SimID);
  const idsOf = (...names: string[]) => names.map((n) => s[n]!.id);

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Provider');
    customer = await t.buildHold('Customer', hold);
    sub = await t.buildHold('Customer fleet', customer);
    sibling = await t.buildHold('Sibling');
    const user = await t.buildUser(hold, [Fn.simBusiness]);
    await t.database.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, user.id));
    token = user.token;
    cat = await buildCatalogue(t, hold);
    const [batch] = await t.database.db
      .insert(simImportBatches)
      .values({ holdId: hold.id, supplierId: cat.supplier.id, total: 1, imported: 1, failed: 0 })
      .returning();
    batchId = batch!.id;
    const d = today();
    let serial = 0;
    // One at a time, so creation times follow ids (the default sort is newest first).
    const specs: [string, number, Partial<typeof sims.$inferInsert>][] = [
      ['normal', hold.id, { msisdn: '14400000001', expiresOn: addDays(d, 100) }],
      ['expired', hold.id, { state: SimState.Active, expiresOn: addDays(d, -1), msisdn: '14400000002' }],
      ['expiresToday', customer.id, { state: SimState.Silent, expiresOn: d, msisdn: '14400000003' }],
      ['expiresIn30', customer.id, { state: SimState.Suspended, expiresOn: addDays(d, 30) }],
      ['lowIn31', sub.id, { state: SimState.Active, expiresOn: addDays(d, 31), balanceFen: 100 }],
      ['lowNoExpiry', sub.id, { state: SimState.Active, balanceFen: 499 }],
      ['justEnough', sub.id, { state: SimState.Active, balanceFen: 500 }],
      [
        'unicom',
        hold.id,
        {
          state: SimState.Cancelled,
          operatorId: cat.unicom.id,
          expiresOn: addDays(d, 31),
          batchId,
          iccid: '8986011234567890123',
        },
      ],
    ];
    s = {};
    for (const [name, holdId, row] of specs) {
      const [sim] = await insertSims(t, cat, holdId, [{ iccid: iccid(++serial), remark: name, ...row }]);
      s[name] = sim!;
    }
    const siblingCat = await buildCatalogue(t, sibling, ' S');
    // A live number belongs to one card (sims_msisdn_live_idx): the sibling's card with "normal"'s number was cancelled.
    await insertSims(t, siblingCat, sibling.id, [
      { msisdn: '14400000001', iccid: iccid(900), state: SimState.Cancelled },
    ]);
    await t.database.db.insert(devices).values([
      { deviceId: '869000000000003', protocol: 'gt06', holdId: customer.id, sim: '14400000003' },
      // Same number as "normal", but in another hold: not the caller's device.
      { deviceId: '869000000000099', protocol: 'gt06', holdId: sibling.id, sim: '14400000001' },
    ]);
    const [pending] = await t.database.db
      .insert(workOrders)
      .values([
        { workType: WorkType.Stop, simId: s.expiresIn30!.id, holdId: customer.id },
        { workType: WorkType.Stop, simId: s.lowIn31!.id, holdId: sub.id, checkStatus: CheckStatus.Agreed },
      ])
      .returning();
    pendingId = pending!.id;
  });
  afterAll(() => t.close());

  it("computes DisplayState like the domain rule, on the caller's calendar day", async () => {
    const r = await list();
    expect(r.data.total).toBe(8);
    const day = today();
    for (const row of r.data.rows)
      expect([row.Remark, row.DisplayState]).toEqual([
        row.Remark,
        simDisplayState(row.ExpiresOn, row.BalanceFen, day, row.State),
      ]);
    const state = Object.fromEntries(r.data.rows.map((row) => [row.Remark, row.DisplayState]));
    expect(state).toEqual({
      normal: 'normal',
      expired: 'expired',
      expiresToday: 'expiring',
      expiresIn30: 'expiring',
      lowIn31: 'lowBalance',
      lowNoExpiry: 'lowBalance',
      justEnough: 'normal',
      unicom: 'normal',
    });
  });

  it('filters by each display state to exactly the rows showing it', async () => {
    const all = (await list()).data.rows;
    for (const ds of ['normal', 'expiring', 'expired', 'lowBalance'] as const) {
      const r = await list({ DisplayState: ds });
      expect(new Set(ids(r))).toEqual(new Set(all.filter((x) => x.DisplayState === ds).map((x) => x.SimID)));
      expect(r.data.total).toBe(r.data.rows.length);
    }
  });

  it('filters by hold (with or without its subtree), text, state, carrier, supplier, expiry and batch', async () => {
    const set = async (body: object) => new Set(ids(await list(body)));
    expect(await set({ HoldID: customer.id })).toEqual(
      new Set(idsOf('expiresToday', 'expiresIn30', 'lowIn31', 'lowNoExpiry', 'justEnough')),
    );
    expect(await set({ HoldID: customer.id, OnlyHold: true })).toEqual(new Set(idsOf('expiresToday', 'expiresIn30')));
    expect(await set({ ICCID: '0000000000001' })).toEqual(new Set(idsOf('normal')));
    expect(await set({ ICCID: '898601' })).toEqual(new Set(idsOf('unicom')));
    expect(await set({ MSISDN: '0000003' })).toEqual(new Set(idsOf('expiresToday')));
    expect(await set({ State: SimState.Active })).toEqual(
      new Set(idsOf('expired', 'lowIn31', 'lowNoExpiry', 'justEnough')),
    );
    expect(await set({ State: 0 })).toEqual(new Set(Object.values(s).map((x) => x.id)));
    expect(await set({ OperatorID: cat.unicom.id })).toEqual(new Set(idsOf('unicom')));
    expect((await set({ SupplierID: cat.supplier.id })).size).toBe(8);
    expect(await set({ BatchID: batchId })).toEqual(new Set(idsOf('unicom')));
    const d = today();
    expect(await set({ ExpiresFrom: d, ExpiresTo: addDays(d, 30) })).toEqual(
      new Set(idsOf('expiresToday', 'expiresIn30')),
    );
    expect(await set({ ExpiresFrom: '', ExpiresTo: '', DisplayState: '', ICCID: '' })).toEqual(
      new Set(Object.values(s).map((x) => x.id)),
    );
  });

  it('sorts by every column both ways, empty expiry dates last', async () => {
    const all = (await list()).data.rows;
    const key: Record<string, (r: SimRowOut) => string | number> = {
      ICCID: (r) => r.ICCID,
      MSISDN: (r) => r.MSISDN,
      State: (r) => r.State,
      HoldName: (r) => r.HoldName,
    };
    for (const [column, get] of Object.entries(key)) {
      for (const dir of ['asc', 'desc'] as const) {
        const r = await list({ SortColumn: column, SortType: dir });
        const got = r.data.rows.map(get);
        const want = all.map(get).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect({ column, dir, got }).toEqual({ column, dir, got: dir === 'asc' ? want : want.reverse() });
      }
    }
    for (const dir of ['asc', 'desc'] as const) {
      const got = (await list({ SortColumn: 'ExpiresOn', SortType: dir })).data.rows.map((r) => r.ExpiresOn);
      const dated = got.filter((x): x is string => x !== null);
      expect(dated).toEqual([...dated].sort((a, b) => (dir === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
      expect(got.slice(dated.length)).toEqual([null, null]);
    }
    const newest = await list();
    expect(newest.data.rows.map((r) => r.SimID)).toEqual(
      [...all].sort((a, b) => b.CreateTime.localeCompare(a.CreateTime) || b.SimID - a.SimID).map((r) => r.SimID),
    );
  });

  it('pages without losing or repeating a row', async () => {
    const all = ids(await list({ SortColumn: 'ICCID', SortType: 'asc' }));
    const pages: number[] = [];
    for (let p = 1; p <= 3; p++) {
      const r = await list({ SortColumn: 'ICCID', SortType: 'asc', PageIndex: p, PageSize: 3 });
      expect(r.data.total).toBe(8);
      pages.push(...ids(r));
    }
    expect(pages).toEqual(all);
  });

  it("binds DeviceID from the caller's devices only and shows the open work order", async () => {
    const rows = new Map((await list()).data.rows.map((r) => [r.Remark, r]));
    expect(rows.get('expiresToday')!.DeviceID).toBe('869000000000003');
    expect(rows.get('normal')!.DeviceID).toBe('');
    expect(rows.get('expiresIn30')!.PendingWorkID).toBe(pendingId);
    expect(rows.get('lowIn31')!.PendingWorkID).toBeNull();
    expect(rows.get('unicom')).toMatchObject({
      OperatorName: cat.unicom.name,
      SupplierName: cat.supplier.name,
      HoldName: 'Provider',
      State: SimState.Cancelled,
    });
  });

  it('refuses a HoldID outside the subtree', async () => {
    const r = await list({ HoldID: sibling.id });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
  });

  it('opens a SIM with its history, newest first, in the caller’s language', async () => {
    const sim = s.expiresToday!;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    await t.database.db.insert(simHistory).values([
      {
        simId: sim.id,
        action: 'import',
        detail: { batchId, supplier: cat.supplier.name, fileName: 'a.xlsx' },
        createdAt: at(0),
      },
      {
        simId: sim.id,
        action: 'outbound',
        detail: { holdId: [hold.id, customer.id], holdName: ['Provider', 'Customer'], state: [1, 3] },
        createdAt: at(1),
      },
      {
        simId: sim.id,
        action: 'packageChange',
        detail: { packageId: [cat.mobilePkg.id, cat.unicomPkg.id] },
        workId: 77,
        createdAt: at(2),
      },
      { simId: sim.id, action: 'return', detail: { holdId: [customer.id, hold.id] }, createdAt: at(3) },
    ]);
    const en = await t.call<
      SimRowOut & { History: { Action: string; ActionText: string; Detail: string; WorkID: number | null }[] }
    >('POST', 'Sim/GetSimDetail', { token, body: { SimID: sim.id }, lang: 'en' });
    expect(en.data).toMatchObject({
      SimID: sim.id,
      ICCID: sim.iccid,
      DeviceID: '869000000000003',
      DisplayState: 'expiring',
    });
    expect(en.data.History.map((h) => [h.Action, h.ActionText, h.Detail, h.WorkID])).toEqual([
      ['return', 'Returned', 'Organisation: Customer → Provider', null],
      ['packageChange', 'Package changed', `Package: ${cat.mobilePkg.name} → ${cat.unicomPkg.name}`, 77],
      ['outbound', 'Shipped', 'Organisation: Provider → Customer; State: In stock → Silent', null],
      ['import', 'Imported', `Batch: ${batchId}; Supplier: ${cat.supplier.name}; File: a.xlsx`, null],
    ]);
    const zh = await t.call<{ History: { Detail: string; ActionText: string }[] }>('POST', 'Sim/GetSimDetail', {
      token,
      body: { SimID: sim.id },
      lang: 'zh',
    });
    expect(zh.data.History[2]).toEqual(
      expect.objectContaining({ ActionText: '出库', Detail: '单位: Provider → Customer；状态: 库存 → 沉默期' }),
    );
  });
});
