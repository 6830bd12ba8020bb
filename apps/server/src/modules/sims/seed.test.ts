import { DEMO_PASSWORD, registerDemoFleet, seedDemo, seedSimDemo, sims, workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, iccidProblem, SimState } from '@lodestar/domain';
import { deviceIds } from '@lodestar/simulator';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { SimRowOut } from './service.ts';

afterAll(stopTestServers);

const PROVIDER_SUPPLIER = '华东物联卡代理 East China IoT';

describe.each(dbTargets())('SIM demo data on $name PostgreSQL', (target) => {
  let t: TestApp;
  let rootToken: string;
  let rows: SimRowOut[];

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemo(t.database.db);
    expect(await seedSimDemo(t.database.db)).toBe(true);
    await registerDemoFleet(t.database, deviceIds(20));
    rootToken = await t.login('13800000000', 'admin123');
    const r = await t.call<{ rows: SimRowOut[]; total: number }>('POST', 'Sim/GetSimList', {
      token: rootToken,
      body: { PageIndex: 1, PageSize: 1000, SortColumn: 'ICCID', SortType: 'asc' },
    });
    rows = r.data.rows;
  });
  afterAll(() => t.close());

  it('stocks 300 valid cards of three carriers, about half shipped to the demo customers', () => {
    expect(rows).toHaveLength(300 + 40);
    expect(rows.filter((s) => iccidProblem(s.ICCID))).toEqual([]);
    expect(new Set(rows.map((s) => s.ICCID)).size).toBe(rows.length);
    expect(new Set(rows.map((s) => s.OperatorName)).size).toBe(3);
    const rootStock = rows.filter((s) => s.SupplierName !== PROVIDER_SUPPLIER);
    expect(rootStock).toHaveLength(300);
    const shipped = rootStock.filter((s) => s.ShippedAt !== null);
    expect(shipped.length).toBeGreaterThan(120);
    expect(shipped.length).toBeLessThan(200);
    expect(new Set(rows.map((s) => s.State)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((s) => s.DisplayState))).toEqual(new Set(['normal', 'expiring', 'expired', 'lowBalance']));
    expect(rootStock.filter((s) => s.State === SimState.InStock).every((s) => s.HoldName === 'Lodestar')).toBe(true);
  });

  it('gives the demo provider cards from a supplier of its own, to reconcile', async () => {
    const provider = await t.login('13900000001', DEMO_PASSWORD);
    const select = await t.call<{ SupplierID: number; SupplierName: string }[]>('GET', 'supplier/getsupplierselect', {
      token: provider,
      query: { SupplierName: '' },
    });
    const own = select.data.find((s) => s.SupplierName === PROVIDER_SUPPLIER);
    expect(own).toBeDefined();
    const month = new Date().toISOString().slice(0, 7);
    const summary = await t.call<{ SimCount: number; ExpectedFen: number }>(
      'POST',
      'Reconciliation/GetSupplierSummary',
      { token: provider, body: { SupplierID: own!.SupplierID, Month: month } },
    );
    expect(summary.data.SimCount).toBe(30);
    expect(summary.data.ExpectedFen).toBeGreaterThan(0);
    const theirs = rows.filter((s) => s.SupplierName === PROVIDER_SUPPLIER);
    expect(theirs.filter((s) => s.State === SimState.Active)).toHaveLength(30);
    expect(theirs.filter((s) => s.State === SimState.InStock).every((s) => s.HoldName === '华东服务商')).toBe(true);
  });

  it('binds the demo fleet’s SIM numbers to its devices, also for a provider below the root', async () => {
    const bound = rows.filter((s) => s.DeviceID !== '');
    expect(bound).toHaveLength(20);
    expect(bound.every((s) => /^14401000\d{3}$/.test(s.MSISDN))).toBe(true);
    const provider = await t.login('13900000001', DEMO_PASSWORD);
    const r = await t.call<{ rows: SimRowOut[] }>('POST', 'Sim/GetSimList', {
      token: provider,
      body: { PageIndex: 1, PageSize: 1000 },
    });
    expect(r.data.rows.some((s) => s.DeviceID !== '')).toBe(true);
  });

  it('leaves work orders under review with their SIMs shown as pending', async () => {
    const [open] = await t.database.db
      .select({ n: count() })
      .from(workOrders)
      .where(eq(workOrders.checkStatus, CheckStatus.UnderReview));
    expect(open!.n).toBeGreaterThanOrEqual(4);
    expect(rows.filter((s) => s.PendingWorkID !== null)).toHaveLength(open!.n);
  });

  it('runs once', async () => {
    expect(await seedSimDemo(t.database.db)).toBe(false);
    const [n] = await t.database.db.select({ n: count() }).from(sims);
    expect(n!.n).toBe(340);
  });
});
