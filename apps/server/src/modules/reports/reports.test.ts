import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewStoppedMonth, RenewalFeeRow } from '@lodestar/contract/reports';
import { paymentOrders, renewals, simHistory } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import {
  ErrCode,
  Fn,
  formatFen,
  lastMonths,
  PayKind,
  PayMethod,
  PayStatus,
  RenewalSource,
  SimState,
} from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildCatalogue, type Catalogue, getFile, iccid, insertSims } from '../sims/test-fixtures.ts';

afterAll(stopTestServers);

const ZONE = 'Asia/Shanghai';
/** Wall-clock time in Shanghai (UTC+8, no daylight saving) → the instant. */
const shanghai = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
/** The instant's month in Shanghai, worked out independently of the server's code. */
const monthInZone = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
const todayInZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

type FeeList = { rows: RenewalFeeRow[]; total: number; Totals: { Count: number; Months: number; FeeFen: number } };
type NewStopped = { Months: NewStoppedMonth[]; Totals: { New: number; Stopped: number } };
type Download = { FileID: number; FileName: string; Status: number };

interface Fixture {
  id: number;
  holdId: number;
  operatorId: number;
  packageId: number;
  iccid: string;
  months: number;
  feeFen: number;
  source: number;
  at: Date;
}

describe.each(dbTargets())('the report centre on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let cat: Catalogue;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let user: { token: string };
  const fixtures: Fixture[] = [];
  const months = lastMonths(todayInZone(), 6);
  /** New and stopped SIM instants in A's subtree: [carrier, instant]. */
  const created: { operatorId: number; holdId: number; at: Date }[] = [];
  const stopped: { operatorId: number; holdId: number; at: Date }[] = [];

  const listAll = async (filter: object, pageSize = 7) => {
    const rows: RenewalFeeRow[] = [];
    let last: FeeList | undefined;
    for (let page = 1; ; page++) {
      const r = await t.call<FeeList>('POST', 'Report/GetRenewalFeeList', {
        token: user.token,
        body: { ...filter, PageIndex: page, PageSize: pageSize },
      });
      expect(r.code).toBe(200);
      last = r.data;
      rows.push(...r.data.rows);
      if (r.data.rows.length < pageSize) break;
    }
    return { rows, total: last!.total, Totals: last!.Totals };
  };
  const waitForDownload = async (fileId: number): Promise<Download> => {
    for (let i = 0; i < 300; i++) {
      const r = await t.call<{ rows: Download[] }>('GET', 'Download/GetDownloadList', {
        token: user.token,
        query: { PageIndex: '1', PageSize: '50' },
      });
      const row = r.data.rows.find((d) => d.FileID === fileId);
      if (row && row.Status !== 0) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('export did not finish');
  };
  const readSheet = async (fileId: number) => {
    const file = await getFile(t, user.token, 'Download/GetFile', { FileID: String(fileId) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-reports-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    hold = await t.buildHold('Provider A');
    child = await t.buildHold('客户 A-1', hold);
    const sibling = await t.buildHold('Provider B');
    user = await t.buildUser(hold, [Fn.simRenewalFees, Fn.simNewStopped, Fn.export]);
    cat = await buildCatalogue(t, hold);
    const catB = await buildCatalogue(t, sibling, ' B');
    const db = t.database.db;

    // Renewals: 40 in A's subtree over three months, both carriers, packages and sources, and
    // some of B's that must never show.
    const simsA = await insertSims(
      t,
      cat,
      hold.id,
      Array.from({ length: 8 }, (_, i) => ({
        iccid: iccid(100 + i),
        holdId: i % 2 ? child.id : hold.id,
        operatorId: i % 3 === 0 ? cat.unicom.id : cat.mobile.id,
        packageId: i % 3 === 0 ? cat.unicomPkg.id : cat.mobilePkg.id,
        state: SimState.Active,
      })),
    );
    // These cards are new this month too.
    for (const s of simsA) created.push({ operatorId: s.operatorId, holdId: s.holdId, at: s.createdAt });
    const [simB] = await insertSims(t, catB, sibling.id, [{ iccid: iccid(900), packageId: catB.mobilePkg.id }]);
    const [order] = await db
      .insert(paymentOrders)
      .values({
        orderNo: 'R20261101000000TEST',
        kind: PayKind.Renewal,
        method: PayMethod.Alipay,
        provider: 'sandbox',
        holdId: hold.id,
        amountFen: 0,
        status: PayStatus.Paid,
        expiresAt: new Date(),
      })
      .returning();
    const values: (typeof renewals.$inferInsert)[] = [];
    for (let i = 0; i < 40; i++) {
      const sim = simsA[i % simsA.length]!;
      const day = 1 + ((i * 7) % 27);
      values.push({
        simId: sim.id,
        holdId: sim.holdId,
        packageId: sim.packageId,
        months: 1 + (i % 12),
        feeFen: 1000 + ((i * 377) % 5000),
        source: i % 4 === 0 ? RenewalSource.WorkOrder : RenewalSource.Online,
        orderId: i % 4 === 0 || i >= 8 ? null : order!.id,
        expiresBefore: '2026-01-01',
        expiresAfter: '2027-01-01',
        createdAt: shanghai(
          `2026-0${7 + (i % 3)}-${String(day).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:30:00`,
        ),
      });
    }
    // Month edges in Shanghai: the last second of July and the first of August (both UTC July 31st).
    values.push({ ...values[9]!, createdAt: shanghai('2026-07-31 23:59:59') });
    values.push({ ...values[10]!, createdAt: shanghai('2026-08-01 00:00:00') });
    const inserted = await db.insert(renewals).values(values).returning();
    for (const r of inserted) {
      const sim = simsA.find((s) => s.id === r.simId)!;
      fixtures.push({
        id: r.id,
        holdId: r.holdId,
        operatorId: sim.operatorId,
        packageId: r.packageId!,
        iccid: sim.iccid,
        months: r.months,
        feeFen: r.feeFen,
        source: r.source,
        at: r.createdAt,
      });
    }
    await db.insert(renewals).values(
      [1, 2, 3].map((i) => ({
        simId: simB!.id,
        holdId: sibling.id,
        packageId: catB.mobilePkg.id,
        months: 12,
        feeFen: 99_900 + i,
        source: RenewalSource.Online,
        expiresAfter: '2027-01-01',
        createdAt: shanghai('2026-08-10 10:00:00'),
      })),
    );

    // New and stopped cards: a few per month in A's subtree, the month edges of Shanghai, one
    // before the half year, and B's cards (never counted).
    const first = (m: string) => shanghai(`${m}-01 00:00:00`);
    const instants: Date[] = [];
    months.forEach((m, i) => {
      for (let k = 0; k <= i; k++) instants.push(new Date(first(m).getTime() + (k + 1) * 3 * 3_600_000));
    });
    instants.push(first(months[1]!)); // exactly midnight: months[1]
    instants.push(new Date(first(months[1]!).getTime() - 1000)); // a second before: months[0]
    instants.push(new Date(first(months[0]!).getTime() - 1000)); // before the half year: not counted
    const now = Date.now();
    const past = instants.filter((d) => d.getTime() < now);
    const newSims = await insertSims(
      t,
      cat,
      child.id,
      past.map((at, i) => ({
        createdAt: at,
        operatorId: i % 2 ? cat.unicom.id : cat.mobile.id,
        state: SimState.Active,
      })),
    );
    for (const s of newSims) created.push({ operatorId: s.operatorId, holdId: s.holdId, at: s.createdAt });
    await insertSims(
      t,
      catB,
      sibling.id,
      past.map((at) => ({ createdAt: at })),
    );
    const history: (typeof simHistory.$inferInsert)[] = [];
    newSims.forEach((s, i) => {
      const at = past[(i * 5) % past.length]!;
      history.push({ simId: s.id, action: i % 4 === 3 ? 'resume' : 'stop', createdAt: at });
      if (i % 4 !== 3) stopped.push({ operatorId: s.operatorId, holdId: s.holdId, at });
    });
    history.push({ simId: simB!.id, action: 'stop', createdAt: past[2]! });
    await db.insert(simHistory).values(history);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const expectTotals = (list: { rows: RenewalFeeRow[]; total: number; Totals: FeeList['Totals'] }) => {
    expect(list.rows).toHaveLength(list.total);
    expect(list.Totals).toEqual({
      Count: list.rows.length,
      Months: list.rows.reduce((s, r) => s + r.Months, 0),
      FeeFen: list.rows.reduce((s, r) => s + r.FeeFen, 0),
    });
  };
  const ids = (rows: { RenewalID: number }[] | { id: number }[]) =>
    rows.map((r) => ('RenewalID' in r ? r.RenewalID : r.id)).sort((a, b) => a - b);

  it('lists the subtree’s renewals, newest first, with Totals equal to the sum of every page', async () => {
    const list = await listAll({});
    expectTotals(list);
    expect(ids(list.rows)).toEqual(ids(fixtures));
    const times = list.rows.map((r) => r.CreateTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.rows.some((r) => r.FeeFen > 99_000)).toBe(false);
    const online = list.rows.find((r) => r.OrderNo === 'R20261101000000TEST')!;
    expect(online).toMatchObject({ Source: RenewalSource.Online, OperatorName: expect.any(String) });
    expect(online.PackageName).not.toBe('');
  });

  it.each([
    ['HoldID', () => ({ HoldID: child.id }), (f: Fixture) => f.holdId === child.id],
    ['OperatorID', () => ({ OperatorID: cat.unicom.id }), (f: Fixture) => f.operatorId === cat.unicom.id],
    ['PackageID', () => ({ PackageID: cat.mobilePkg.id }), (f: Fixture) => f.packageId === cat.mobilePkg.id],
    ['Source', () => ({ Source: RenewalSource.WorkOrder }), (f: Fixture) => f.source === RenewalSource.WorkOrder],
    ['ICCID', () => ({ ICCID: iccid(103).slice(-6) }), (f: Fixture) => f.iccid === iccid(103)],
    [
      'StartTime/EndTime (Shanghai, the end second included)',
      () => ({ StartTime: '2026-08-01 00:00:00', EndTime: '2026-08-31 23:59:59' }),
      (f: Fixture) => monthInZone(f.at) === '2026-08',
    ],
    [
      'combined',
      () => ({ HoldID: child.id, Source: RenewalSource.Online, StartTime: '2026-07-15 00:00:00' }),
      (f: Fixture) =>
        f.holdId === child.id && f.source === RenewalSource.Online && f.at >= shanghai('2026-07-15 00:00:00'),
    ],
  ])('filters by %s, and its Totals are its rows’', async (_name, body, keep) => {
    const list = await listAll(body());
    const expected = fixtures.filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(fixtures.length);
    expect(ids(list.rows)).toEqual(ids(expected));
    expectTotals(list);
  });

  it('puts the month edges where Shanghai does', async () => {
    const july = await listAll({ StartTime: '2026-07-01 00:00:00', EndTime: '2026-07-31 23:59:59' });
    expect(july.rows.map((r) => r.CreateTime)).toContain('2026-07-31 23:59:59');
    expect(july.rows.map((r) => r.CreateTime)).not.toContain('2026-08-01 00:00:00');
    const edge = await listAll({ StartTime: '2026-08-01 00:00:00', EndTime: '2026-08-01 00:00:00' });
    expect(edge.rows.map((r) => r.CreateTime)).toEqual(['2026-08-01 00:00:00']);
  });

  it('sorts by fee and by holder on the server across pages', async () => {
    const byFee = await listAll({ SortColumn: 'FeeFen', SortType: 'asc' }, 5);
    const fees = byFee.rows.map((r) => r.FeeFen);
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
    expect(ids(byFee.rows)).toEqual(ids(fixtures));
    const byHold = await listAll({ SortColumn: 'HoldName', SortType: 'desc' }, 5);
    expect(byHold.rows[0]!.HoldName).toBe('客户 A-1');
    expect(byHold.rows.at(-1)!.HoldName).toBe('Provider A');
  });

  it('names the source in the caller’s language', async () => {
    const texts = async (lang: string) => {
      const r = await t.call<FeeList>('POST', 'Report/GetRenewalFeeList', {
        token: user.token,
        lang,
        body: { PageIndex: 1, PageSize: 100, Source: RenewalSource.WorkOrder },
      });
      return new Set(r.data.rows.map((row) => row.SourceText));
    };
    expect(await texts('zh')).toEqual(new Set(['工单续费']));
    expect(await texts('en')).toEqual(new Set(['Work order']));
    expect(await texts('fr')).toEqual(new Set(['Ordre de travail']));
  });

  it('refuses a time range that ends before it starts', async () => {
    const r = await t.call('POST', 'Report/GetRenewalFeeList', {
      token: user.token,
      body: { PageIndex: 1, PageSize: 10, StartTime: '2026-08-02 00:00:00', EndTime: '2026-08-01 00:00:00' },
    });
    expect(r.code).toBe(400);
  });

  const expectedCounts = (keep: (r: { operatorId: number; holdId: number }) => boolean) =>
    months.map((Month) => ({
      Month,
      New: created.filter((c) => keep(c) && monthInZone(c.at) === Month).length,
      Stopped: stopped.filter((s) => keep(s) && monthInZone(s.at) === Month).length,
    }));

  it('counts new and stopped cards per Shanghai month over the last six months', async () => {
    const r = await t.call<NewStopped>('POST', 'Report/GetNewStoppedCards', { token: user.token, body: {} });
    expect(r.code).toBe(200);
    const expected = expectedCounts(() => true);
    expect(r.data.Months).toEqual(expected);
    expect(expected.reduce((s, m) => s + m.New, 0)).toBeGreaterThan(6);
    expect(expected.reduce((s, m) => s + m.Stopped, 0)).toBeGreaterThan(0);
    expect(r.data.Totals).toEqual({
      New: r.data.Months.reduce((s, m) => s + m.New, 0),
      Stopped: r.data.Months.reduce((s, m) => s + m.Stopped, 0),
    });
    // The instant a second before the window and the midnight edges land where Shanghai puts them.
    expect(r.data.Totals.New).toBe(created.filter((c) => months.includes(monthInZone(c.at))).length);
    expect(r.data.Totals.New).toBeLessThan(created.length);
  });

  it('narrows new and stopped cards to a carrier and to a hold', async () => {
    const unicom = await t.call<NewStopped>('POST', 'Report/GetNewStoppedCards', {
      token: user.token,
      body: { OperatorID: cat.unicom.id },
    });
    expect(unicom.data.Months).toEqual(expectedCounts((c) => c.operatorId === cat.unicom.id));
    const own = await t.call<NewStopped>('POST', 'Report/GetNewStoppedCards', {
      token: user.token,
      body: { HoldID: hold.id },
    });
    // The provider's subtree includes its customer's cards.
    expect(own.data.Months).toEqual(expectedCounts(() => true));
  });

  it('exports the renewal fees with the list’s rows, and the half year with its totals line', async () => {
    const filter = { Source: RenewalSource.Online, SortColumn: 'FeeFen', SortType: 'desc' };
    const r = await t.call<{ FileID: number }>('POST', 'Report/ExportRenewalFeeList', {
      token: user.token,
      lang: 'en',
      body: filter,
    });
    expect(r.code).toBe(200);
    const done = await waitForDownload(r.data.FileID);
    expect(done.Status).toBe(1);
    expect(done.FileName).toMatch(/^Renewal fees-\d{8}-\d{6}\.xlsx$/);
    const [header, ...rows] = await readSheet(r.data.FileID);
    expect(header).toContain('Fee (CNY)');
    const list = await listAll(filter);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[col('ICCID')], row[col('Fee (CNY)')], row[col('Source')]])).toEqual(
      list.rows.map((x) => [x.ICCID, formatFen(x.FeeFen), 'Online']),
    );

    const n = await t.call<{ FileID: number }>('POST', 'Report/ExportNewStoppedCards', {
      token: user.token,
      lang: 'zh',
      body: {},
    });
    expect(n.code).toBe(200);
    await waitForDownload(n.data.FileID);
    const [head, ...lines] = await readSheet(n.data.FileID);
    expect(head).toEqual(['月份', '新增卡', '停用卡']);
    const report = await t.call<NewStopped>('POST', 'Report/GetNewStoppedCards', { token: user.token, body: {} });
    expect(lines).toEqual([
      ...report.data.Months.map((m) => [m.Month, m.New, m.Stopped]),
      ['合计', report.data.Totals.New, report.data.Totals.Stopped],
    ]);
  });

  it('needs the report’s function, and the export function to export', async () => {
    const feesOnly = await t.buildUser(hold, [Fn.simRenewalFees]);
    const a = await t.call('POST', 'Report/GetNewStoppedCards', { token: feesOnly.token, body: {} });
    expect([a.code, a.errCode]).toEqual([403, ErrCode.NoFunction]);
    const b = await t.call('POST', 'Report/ExportRenewalFeeList', { token: feesOnly.token, body: {} });
    expect([b.code, b.errCode]).toEqual([403, ErrCode.NoFunction]);
    const c = await t.call('POST', 'Report/GetRenewalFeeList', {
      token: feesOnly.token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    expect(c.code).toBe(200);
  });
});
