import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, DEFAULT_APP_ID, ErrCode, monthlyFeeFen, ReconMatch, SimState } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims, upload } from '../sims/test-fixtures.ts';
import { billXlsx } from './test-fixtures.ts';

afterAll(stopTestServers);

type Summary = {
  ReconciliationID: number | null;
  SimCount: number;
  ExpectedFen: number;
  BilledFen: number | null;
  DifferenceFen: number | null;
  BillRows: number;
  Matched: number;
  MissingInBill: number;
  MissingInOurs: number;
  PriceMismatch: number;
  State: number;
  BillFileName: string;
};
type Detail = {
  ICCID: string;
  ExpectedFen: number | null;
  BilledFen: number | null;
  DifferenceFen: number;
  Match: number;
};
type Errors = { Errors: { Row: number; ICCID: string; Field: string; Reason: string }[] };

describe.each(dbTargets())('supplier reconciliation on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let cat: Catalogue;
  const month = '2026-10';
  // Fees per month: the 12-month package at 24.00 → 2.00; a 3-month one at 10.00 → 3.33.
  let odd: { id: number; priceFen: number; periodMonths: number };
  const cards = { a: iccid(11), b: iccid(12), c: iccid(13), d: iccid(14), stock: iccid(15), noPkg: iccid(16) };
  const unknown = iccid(99);

  const call = <T>(p: string, body: object) => t.call<T>('POST', `Reconciliation/${p}`, { token, body, lang: 'en' });
  const send = async (rows: (string | number)[][], m = month, name = 'bill.xlsx') => {
    const file = await upload(t, token, name, await billXlsx(rows));
    expect(file.code).toBe(200);
    return call<Summary | Errors>('UploadSupplierBill', {
      SupplierID: cat.supplier.id,
      Month: m,
      FileID: file.data.FileID,
    });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-recon-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const hold = await t.buildHold('Provider');
    const child = await t.buildHold('Customer', hold);
    token = (await t.buildUser(hold, ALL_FUNCTION_IDS)).token;
    cat = await buildCatalogue(t, hold);
    const [pkg] = await t.database.pool
      .query(
        `INSERT INTO sim_packages (hold_id, name, operator_id, period_months, price_fen) VALUES ($1, 'Q3', $2, 3, 1000)
       RETURNING id, price_fen, period_months`,
        [hold.id, cat.mobile.id],
      )
      .then((r) => r.rows);
    odd = { id: pkg.id, priceFen: pkg.price_fen, periodMonths: pkg.period_months };
    const active = { state: SimState.Active, packageId: cat.mobilePkg.id };
    await insertSims(t, cat, hold.id, [
      { ...active, iccid: cards.a, msisdn: '13900000001' },
      { ...active, iccid: cards.b, state: SimState.Silent },
      { iccid: cards.stock, packageId: cat.mobilePkg.id },
      { iccid: cards.noPkg, state: SimState.Active },
    ]);
    await insertSims(t, cat, child.id, [
      { iccid: cards.c, state: SimState.Suspended, packageId: odd.id },
      { ...active, iccid: cards.d },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const mobileFee = () => monthlyFeeFen(cat.mobilePkg.priceFen, cat.mobilePkg.periodMonths);
  const oddFee = () => monthlyFeeFen(odd.priceFen, odd.periodMonths);

  it('answers the live expected fees of billed cards with a package while nothing is saved', async () => {
    const r = await call<Summary>('GetSupplierSummary', { SupplierID: cat.supplier.id, Month: month });
    expect(r.code).toBe(200);
    expect(oddFee()).toBe(333);
    expect(r.data).toMatchObject({
      ReconciliationID: null,
      SimCount: 4,
      ExpectedFen: 3 * mobileFee() + oddFee(),
      BilledFen: null,
      DifferenceFen: null,
      State: 0,
    });
  });

  it('matches a bill by ICCID: matched, a price mismatch, one missing in the bill, one unknown card', async () => {
    const r = await send([
      [cards.a, '13900000001', '移动30M', 2],
      [cards.b.toLowerCase(), '', '', '2.00'],
      [cards.c, '', 'Q3', '3.50'],
      [unknown, '13900000099', 'X', 1.2],
    ]);
    expect(r.code).toBe(200);
    const s = r.data as Summary;
    const expected = 3 * mobileFee() + oddFee();
    const billedFen = 200 + 200 + 350 + 120;
    expect(s).toMatchObject({
      SimCount: 4,
      ExpectedFen: expected,
      BilledFen: billedFen,
      DifferenceFen: billedFen - expected,
      BillRows: 4,
      Matched: 2,
      PriceMismatch: 1,
      MissingInBill: 1,
      MissingInOurs: 1,
      State: 0,
      BillFileName: 'bill.xlsx',
    });
    expect(s.ReconciliationID).toBeGreaterThan(0);

    const d = await call<{ rows: Detail[]; total: number; Totals: Record<string, number> }>('GetSupplierDetails', {
      ReconciliationID: s.ReconciliationID,
      Match: 0,
      PageIndex: 1,
      PageSize: 50,
    });
    const byIccid = Object.fromEntries(d.data.rows.map((l) => [l.ICCID, [l.Match, l.ExpectedFen, l.BilledFen]]));
    expect(byIccid).toEqual({
      [cards.a]: [ReconMatch.Matched, mobileFee(), 200],
      [cards.b]: [ReconMatch.Matched, mobileFee(), 200],
      [cards.c]: [ReconMatch.PriceMismatch, oddFee(), 350],
      [cards.d]: [ReconMatch.MissingInBill, mobileFee(), null],
      [unknown]: [ReconMatch.MissingInOurs, null, 120],
    });
    const sum = (f: (l: Detail) => number | null) => d.data.rows.reduce((a, l) => a + (f(l) ?? 0), 0);
    expect(d.data.Totals).toEqual({
      ExpectedFen: sum((l) => l.ExpectedFen),
      BilledFen: sum((l) => l.BilledFen),
      DifferenceFen: sum((l) => l.DifferenceFen),
    });
    expect(d.data.Totals.DifferenceFen).toBe(s.DifferenceFen);
    for (const l of d.data.rows) expect(l.DifferenceFen).toBe((l.BilledFen ?? 0) - (l.ExpectedFen ?? 0));

    const only = await call<{ rows: Detail[]; total: number; Totals: Record<string, number> }>('GetSupplierDetails', {
      ReconciliationID: s.ReconciliationID,
      Match: ReconMatch.PriceMismatch,
      PageIndex: 1,
      PageSize: 50,
    });
    expect(only.data.rows.map((l) => l.ICCID)).toEqual([cards.c]);
    expect(only.data.Totals).toEqual({ ExpectedFen: oddFee(), BilledFen: 350, DifferenceFen: 350 - oddFee() });
    const search = await call<{ rows: Detail[] }>('GetSupplierDetails', {
      ReconciliationID: s.ReconciliationID,
      ICCID: unknown.slice(-6),
      PageIndex: 1,
      PageSize: 50,
    });
    expect(search.data.rows.map((l) => l.ICCID)).toEqual([unknown]);
  });

  it('refuses a bill with bad rows, lists every error and saves nothing', async () => {
    const before = await call<Summary>('GetSupplierSummary', { SupplierID: cat.supplier.id, Month: month });
    const r = await send([
      [cards.a, '', '', '2'],
      ['8986001', '', '', '1'],
      [cards.b, '', '', '-1'],
      [cards.c, '', '', '1.234'],
      [cards.a, '', '', '2'],
      [cards.d, '', '', ''],
    ]);
    expect(r.code).toBe(200);
    const errors = (r.data as Errors).Errors.map((e) => [e.Row, e.Field]);
    expect(errors).toEqual([
      [3, 'ICCID'],
      [4, 'Amount'],
      [5, 'Amount'],
      [6, 'ICCID'],
      [7, 'Amount'],
    ]);
    expect((r.data as Errors).Errors[3]!.Reason).toContain('2');
    const after = await call<Summary>('GetSupplierSummary', { SupplierID: cat.supplier.id, Month: month });
    expect(after.data).toEqual(before.data);
    const other = await send([['bad', '', '', '1']], '2026-09');
    expect((other.data as Errors).Errors).toHaveLength(1);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM supplier_reconciliations WHERE month = '2026-09'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('replaces an open month on a new upload, freezes it once confirmed', async () => {
    const again = (
      await send([
        [cards.a, '', '', '2'],
        [cards.b, '', '', '2'],
        [cards.c, '', '', '3.33'],
        [cards.d, '', '', '2'],
      ])
    ).data as Summary;
    expect(again).toMatchObject({ Matched: 4, PriceMismatch: 0, MissingInBill: 0, MissingInOurs: 0, DifferenceFen: 0 });
    const confirmed = await call<Summary>('ConfirmSupplier', { ReconciliationID: again.ReconciliationID });
    expect(confirmed.data).toMatchObject({ State: 1, ReconciliationID: again.ReconciliationID });
    const refused = await send([[cards.a, '', '', '9']]);
    expect({ code: refused.code, errCode: refused.errCode }).toEqual({ code: 400, errCode: ErrCode.Conflict });
    const now = await call<Summary>('GetSupplierSummary', { SupplierID: cat.supplier.id, Month: month });
    expect(now.data).toMatchObject({ Matched: 4, State: 1, DifferenceFen: 0 });
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM supplier_reconciliation_lines WHERE reconciliation_id = $1',
      [again.ReconciliationID],
    );
    expect(rows[0].n).toBe(4);
  });

  it('refuses to confirm a reconciliation that does not exist, as another hold’s', async () => {
    const r = await call<Summary>('ConfirmSupplier', { ReconciliationID: 999_999 });
    expect(r.errCode).toBe(ErrCode.OutsideHold);
  });

  it('lists the records with totals equal to the sum of the rows, and exports them', async () => {
    await send([[cards.a, '', '', '5']], '2026-08');
    const r = await call<{ rows: (Summary & { UserName: string })[]; total: number; Totals: Record<string, number> }>(
      'GetSupplierRecordList',
      { PageIndex: 1, PageSize: 20, State: -1 },
    );
    expect(r.data.rows.map((x) => [x.State, x.BilledFen])).toHaveLength(2);
    const sum = (f: (x: Summary) => number | null) => r.data.rows.reduce((a, x) => a + (f(x) ?? 0), 0);
    expect(r.data.Totals).toEqual({
      SimCount: sum((x) => x.SimCount),
      ExpectedFen: sum((x) => x.ExpectedFen),
      BilledFen: sum((x) => x.BilledFen),
      DifferenceFen: sum((x) => x.DifferenceFen),
    });
    const open = await call<{ rows: Summary[] }>('GetSupplierRecordList', {
      PageIndex: 1,
      PageSize: 20,
      State: 0,
      MonthFrom: '2026-08',
      MonthTo: '2026-08',
    });
    expect(open.data.rows.map((x) => x.BilledFen)).toEqual([500]);
    const range = await call('GetSupplierRecordList', {
      PageIndex: 1,
      PageSize: 20,
      MonthFrom: '2026-09',
      MonthTo: '2026-08',
    });
    expect(range.code).toBe(400);
    const sheet = await exportAndRead(t, token, 'Reconciliation/ExportSupplierRecordList', { State: -1 });
    expect(columns(sheet, ['Month', 'Billed (yuan)'])).toEqual([
      [month, '9.33'],
      ['2026-08', '5.00'],
    ]);
  });

  it('exports the details of one match kind', async () => {
    const s = await call<Summary>('GetSupplierSummary', { SupplierID: cat.supplier.id, Month: '2026-08' });
    const sheet = await exportAndRead(t, token, 'Reconciliation/ExportSupplierDetails', {
      ReconciliationID: s.data.ReconciliationID,
      Match: ReconMatch.MissingInBill,
    });
    expect(columns(sheet, ['ICCID', 'Expected (yuan)', 'Match']).sort()).toEqual(
      [
        [cards.b, '2.00', 'Missing in bill'],
        [cards.c, '3.33', 'Missing in bill'],
        [cards.d, '2.00', 'Missing in bill'],
      ].sort(),
    );
  });

  it('gives a bill template whose headers the upload reads, in Chinese or English', async () => {
    for (const [lang, header] of [
      ['zh', ['ICCID', '卡号', '套餐', '金额']],
      ['en', ['ICCID', 'MSISDN', 'Package', 'Amount']],
    ] as const) {
      const raw = await t.app.inject({
        method: 'GET',
        url: '/API/api/Reconciliation/BillTemplate',
        query: { format: 'json', appid: DEFAULT_APP_ID },
        headers: { authorization: token, 'accept-language': lang },
      });
      expect(raw.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
      expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header);
      const file = await upload(t, token, 'b.xlsx', await billXlsx([[cards.a, '', '', '2']], [...header]));
      const r = await call<Summary>('UploadSupplierBill', {
        SupplierID: cat.supplier.id,
        Month: `2026-0${lang === 'zh' ? 5 : 6}`,
        FileID: file.data.FileID,
      });
      expect(r.data).toMatchObject({ BillRows: 1, Matched: 1 });
    }
  });
});
