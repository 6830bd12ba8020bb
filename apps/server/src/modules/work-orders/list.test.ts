import type { WorkRow } from '@lodestar/contract/work-orders';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, HoldType, WorkType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from './test-fixtures.ts';

afterAll(stopTestServers);

type Page = { rows: WorkRow[]; total: number };

describe.each(dbTargets())('listing work orders on $name PostgreSQL', (target) => {
  let t: TestApp;
  let auditor: Awaited<ReturnType<TestApp['buildUser']>>;
  let clerk: Awaited<ReturnType<TestApp['buildUser']>>;
  let provider: { id: number; path: string };
  /** Six orders, one per UTC hour from 2026-03-01 00:00, the last one newest. */
  const orders: { id: number; iccid: string; msisdn: string; status: number }[] = [];

  beforeAll(async () => {
    t = await startTestApp(target);
    const f = simFactories(t.database.db);
    provider = await t.buildHold('Provider', t.rootHold, HoldType.ServiceProvider);
    const customer = await t.buildHold('Customer', provider);
    auditor = await t.buildUser(provider, [Fn.audit]);
    clerk = await t.buildUser(customer, [Fn.simBusiness]);
    const cat = await f.catalogue(provider);
    const statuses = [1, 2, 3, 1, 2, 1];
    for (const [n, status] of statuses.entries()) {
      const sim = await f.sim(customer, cat);
      const r = await t.call<{ WorkIDs: number[] }>('POST', 'WorkFlow/AddWorkFlow', {
        token: clerk.token,
        body: { WorkType: WorkType.Renewal, TargetID: sim.iccid, Months: 12, WorkCont: `order ${n}` },
      });
      const id = r.data.WorkIDs[0]!;
      await t.database.pool.query('UPDATE work_orders SET apply_time = $1 WHERE id = $2', [
        new Date(Date.UTC(2026, 2, 1, n)),
        id,
      ]);
      if (status !== CheckStatus.UnderReview) {
        const c = await t.call('POST', 'WorkFlow/CheckWorkFlow', {
          token: auditor.token,
          body: [{ WorkID: id, WorkType: 5, TargetID: sim.iccid, CheckStatus: status, CheckText: `reviewed ${n}` }],
        });
        expect(c.code, c.msg).toBe(200);
      }
      orders.push({ id, iccid: sim.iccid, msisdn: sim.msisdn, status });
    }
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>, token = auditor.token, lang = 'en') =>
    t.call<Page>('POST', 'WorkFlow/GetWorkFlowList', {
      token,
      lang,
      body: { pageIndex: 1, pageCount: 100, CheckStatic: 0, IDNO: '', StartTime: '', EndTime: '', ...body },
    });
  const ids = (p: Page) => p.rows.map((r) => r.WorkID);
  const newestFirst = () => orders.map((o) => o.id).reverse();

  it('lists every order newest first with CheckStatic 0, and each review state with 1, 2 and 3', async () => {
    const all = await list({});
    expect(all.code).toBe(200);
    expect([ids(all.data), all.data.total]).toEqual([newestFirst(), 6]);
    for (const status of [1, 2, 3]) {
      const r = await list({ CheckStatic: status });
      const expected = orders
        .filter((o) => o.status === status)
        .map((o) => o.id)
        .reverse();
      expect([ids(r.data), r.data.total]).toEqual([expected, expected.length]);
    }
    expect((await list({ CheckStatic: 4 })).msg).toMatch(/^Invalid field: CheckStatic/);
  });

  it('matches IDNO against part of the ICCID or the MSISDN', async () => {
    const o = orders[2]!;
    expect(ids((await list({ IDNO: o.iccid.slice(-7) })).data)).toEqual([o.id]);
    expect(ids((await list({ IDNO: o.msisdn.slice(-5) })).data)).toEqual([o.id]);
    expect(ids((await list({ IDNO: ` ${o.msisdn} ` })).data)).toEqual([o.id]);
    expect((await list({ IDNO: '%' })).data.total).toBe(0);
  });

  it('filters by apply time, read in the caller’s time zone', async () => {
    // The auditor's zone is Asia/Shanghai: 2026-03-01 01:00 UTC is 09:00 there.
    const r = await list({ StartTime: '2026-03-01 09:00:00', EndTime: '2026-03-01 11:00:00' });
    expect(ids(r.data)).toEqual([orders[3]!.id, orders[2]!.id, orders[1]!.id]);
    expect(ids((await list({ StartTime: '2026-03-01 09:00:01' })).data)).toEqual(
      orders
        .slice(2)
        .map((o) => o.id)
        .reverse(),
    );
    expect(ids((await list({ EndTime: '2026-03-01 08:59:59' })).data)).toEqual([orders[0]!.id]);
    const bad = await list({ StartTime: '2026-03-01' });
    expect([bad.code, bad.errCode]).toEqual([400, ErrCode.Validation]);
    expect(bad.msg).toMatch(/^Invalid field: StartTime/);
    const reversed = await list({ StartTime: '2026-03-02 00:00:00', EndTime: '2026-03-01 00:00:00' });
    expect(reversed.msg).toBe('Invalid field: StartTime > EndTime');
  });

  it('pages with pageIndex and pageCount, the total counting every match', async () => {
    const pages = [];
    for (const pageIndex of [1, 2, 3, 4]) pages.push((await list({ pageIndex, pageCount: 2 })).data);
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    expect(pages.flatMap(ids)).toEqual(newestFirst());
    expect(pages[3]!.rows).toEqual([]);
    expect((await list({ pageCount: 1001 })).msg).toMatch(/^Invalid field: pageCount/);
  });

  it('describes each order in the caller’s language and time zone', async () => {
    const approved = orders[1]!;
    const en = (await list({ CheckStatic: 2 })).data.rows.find((r) => r.WorkID === approved.id)!;
    expect(en).toEqual({
      WorkID: approved.id,
      WorkType: 5,
      WorkTypeText: 'Renewal',
      TargetID: approved.iccid,
      MSISDN: approved.msisdn,
      LockType: null,
      IMEI: '',
      PackageID: expect.any(Number),
      PackageName: expect.stringMatching(/^package /),
      Months: 12,
      CheckStatus: 2,
      CheckStatusText: 'Agreed',
      WorkCont: 'order 1',
      UserName: clerk.userName,
      ApplyTime: '2026-03-01 09:00:00',
      HoldID: expect.any(Number),
      HoldName: 'Customer',
      ReHoldID: null,
      ReHoldName: '',
      ReviewerName: auditor.userName,
      CheckText: 'reviewed 1',
      CheckTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      Vip: null,
    });
    const zh = (await list({}, auditor.token, 'zh')).data.rows;
    expect(zh.map((r) => r.CheckStatusText)).toEqual(['审核中', '已同意', '审核中', '已驳回', '已同意', '审核中']);
    expect(zh[0]).toMatchObject({ WorkTypeText: '续费', CheckTime: '', ReviewerName: '' });
    const fr = (await list({ CheckStatic: 3 }, auditor.token, 'fr')).data.rows[0]!;
    expect([fr.WorkTypeText, fr.CheckStatusText]).toEqual(['Renouvellement', 'Rejeté']);
  });

  it('is open to SIM business (11) or audit (45) only', async () => {
    expect((await list({}, clerk.token)).data.total).toBe(6);
    const neither = await t.buildUser(provider, [Fn.simCarriers]);
    const r = await list({}, neither.token);
    expect([r.code, r.errCode]).toEqual([403, ErrCode.NoFunction]);
  });
});
