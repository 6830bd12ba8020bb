import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, simImportBatches, sims, workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, formatFen, SIM_STATES, SimState, WorkType } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { SimRowOut } from './service.ts';
import { buildCatalogue, type Catalogue, getFile, iccid, insertSims } from './test-fixtures.ts';

afterAll(stopTestServers);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const FUNS = [Fn.simBusiness, Fn.export, Fn.simHome];

describe.each(dbTargets())('SIM export and home counts on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let cat: Catalogue;
  let hold: { id: number; path: string };
  let customer: { id: number; path: string };
  let user: { id: number; token: string };
  let other: { id: number; token: string };
  type Download = { FileID: number; FileName: string; Status: number; Progress: number; Size: number };

  const listAll = async (filter: object) => {
    const rows: SimRowOut[] = [];
    for (let page = 1; ; page++) {
      const r = await t.call<{ rows: SimRowOut[]; total: number }>('POST', 'Sim/GetSimList', {
        token: user.token,
        body: { ...filter, PageIndex: page, PageSize: 1000 },
      });
      rows.push(...r.data.rows);
      if (rows.length >= r.data.total) return rows;
    }
  };
  const waitForDownload = async (token: string, fileId: number): Promise<Download> => {
    for (let i = 0; i < 300; i++) {
      const r = await t.call<{ rows: Download[] }>('GET', 'Download/GetDownloadList', {
        token,
        query: { PageIndex: '1', PageSize: '50' },
      });
      const row = r.data.rows.find((d) => d.FileID === fileId);
      if (row && row.Status !== 0) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('export did not finish');
  };
  const readSheet = async (body: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    hold = await t.buildHold('Provider');
    customer = await t.buildHold('客户 Customer', hold);
    user = await t.buildUser(hold, FUNS);
    other = await t.buildUser(hold, FUNS);
    cat = await buildCatalogue(t, hold);
    // Past one export page (2,000 rows), with every display state and both carriers.
    const rows = Array.from({ length: 2300 }, (_, i) => ({
      iccid: iccid(i + 1),
      msisdn: i % 7 === 0 ? `1440${1_000_000 + i}` : '',
      state: SIM_STATES[i % SIM_STATES.length],
      operatorId: i % 5 === 0 ? cat.unicom.id : cat.mobile.id,
      expiresOn: i % 4 === 0 ? null : day((i % 90) - 30),
      balanceFen: (i * 37) % 2000,
      remark: i % 11 === 0 ? `备注 ${i}` : '',
    }));
    await insertSims(t, cat, hold.id, rows.slice(0, 1500));
    await insertSims(t, cat, customer.id, rows.slice(1500));
    await t.database.db
      .insert(devices)
      .values({ deviceId: '869000000000777', protocol: 'gt06', holdId: customer.id, sim: `1440${1_000_000 + 1505}` });
    const some = await t.database.db.select({ id: sims.id, holdId: sims.holdId }).from(sims).limit(3);
    await t.database.db.insert(workOrders).values([
      { workType: WorkType.Stop, simId: some[0]!.id, holdId: some[0]!.holdId },
      { workType: WorkType.Resume, simId: some[1]!.id, holdId: some[1]!.holdId },
      { workType: WorkType.Stop, simId: some[2]!.id, holdId: some[2]!.holdId, checkStatus: CheckStatus.Rejected },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes an .xlsx into the download centre whose rows are the list’s rows', async () => {
    const filter = { SortColumn: 'ICCID', SortType: 'desc' };
    const r = await t.call<{ FileID: number }>('POST', 'Sim/ExportSimList', {
      token: user.token,
      body: filter,
      lang: 'en',
    });
    expect(r.code).toBe(200);
    const done = await waitForDownload(user.token, r.data.FileID);
    expect(done).toMatchObject({ Status: 1, Progress: 100 });
    expect(done.FileName).toMatch(/^SIM cards-\d{8}-\d{6}\.xlsx$/);

    const file = await getFile(t, user.token, 'Download/GetFile', { FileID: String(r.data.FileID) });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(done.FileName)}`);
    expect(file.body.length).toBe(done.Size);

    const [header, ...sheetRows] = await readSheet(file.body);
    expect(header!.slice(0, 3)).toEqual(['ICCID', 'MSISDN', 'IMSI']);
    const list = await listAll(filter);
    expect(list).toHaveLength(2300);
    const col = (name: string) => header!.indexOf(name);
    const cell = (row: unknown[], name: string) => row[col(name)] ?? '';
    expect(sheetRows.map((row) => [cell(row, 'ICCID'), cell(row, 'Organisation'), cell(row, 'Device ID')])).toEqual(
      list.map((s) => [s.ICCID, s.HoldName, s.DeviceID]),
    );
    expect(sheetRows.map((row) => [cell(row, 'Expires on'), cell(row, 'Balance (CNY)'), cell(row, 'Remark')])).toEqual(
      list.map((s) => [s.ExpiresOn ?? '', formatFen(s.BalanceFen), s.Remark]),
    );
    const stateText = { normal: 'Normal', expiring: 'Expiring', expired: 'Expired', lowBalance: 'Low balance' };
    expect(sheetRows.map((row) => cell(row, 'Status'))).toEqual(list.map((s) => stateText[s.DisplayState as 'normal']));
    expect(list.some((s) => s.DeviceID === '869000000000777')).toBe(true);
  });

  it('exports only the filtered rows', async () => {
    const filter = { DisplayState: 'expired', HoldID: customer.id };
    const r = await t.call<{ FileID: number }>('POST', 'Sim/ExportSimList', { token: user.token, body: filter });
    await waitForDownload(user.token, r.data.FileID);
    const file = await getFile(t, user.token, 'Download/GetFile', { FileID: String(r.data.FileID) });
    const [, ...rows] = await readSheet(file.body);
    const list = await listAll(filter);
    expect(list.length).toBeGreaterThan(0);
    expect(rows.map((row) => row[0])).toEqual(list.map((s) => s.ICCID));
  });

  it('gives a file only to its owner, and export needs the export function', async () => {
    const r = await t.call<{ FileID: number }>('POST', 'Sim/ExportSimList', { token: user.token, body: {} });
    await waitForDownload(user.token, r.data.FileID);
    const theirs = await t.call('GET', 'Download/GetFile', {
      token: other.token,
      query: { FileID: String(r.data.FileID) },
    });
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
    const missing = await t.call('GET', 'Download/GetFile', { token: other.token, query: { FileID: '999999' } });
    expect({ ...missing, raw: undefined }).toEqual({ ...theirs, raw: undefined });
    const noExport = await t.buildUser(hold, [Fn.simBusiness]);
    const refused = await t.call('POST', 'Sim/ExportSimList', { token: noExport.token, body: {} });
    expect({ code: refused.code, errCode: refused.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
  });

  it('marks the entry failed (2) when the file cannot be written', async () => {
    const unlucky = await t.buildUser(hold, FUNS);
    // A plain file where the user's download folder should be.
    await mkdir(path.join(dataDir, 'downloads'), { recursive: true });
    await writeFile(path.join(dataDir, 'downloads', String(unlucky.id)), 'in the way');
    const r = await t.call<{ FileID: number }>('POST', 'Sim/ExportSimList', { token: unlucky.token, body: {} });
    const done = await waitForDownload(unlucky.token, r.data.FileID);
    expect(done.Status).toBe(2);
    const file = await t.call('GET', 'Download/GetFile', {
      token: unlucky.token,
      query: { FileID: String(r.data.FileID) },
    });
    expect(file.code).toBe(400);
  });

  it('exports the import history as the inbound page lists it, only the caller’s subtree', async () => {
    const clerk = await t.buildUser(hold, [Fn.simInbound, Fn.export]);
    const stranger = await t.buildHold('Stranger');
    await t.database.db.insert(simImportBatches).values([
      {
        holdId: hold.id,
        supplierId: cat.supplier.id,
        userId: clerk.id,
        fileName: '一月.xlsx',
        total: 10,
        imported: 9,
        failed: 1,
      },
      {
        holdId: customer.id,
        supplierId: cat.supplier.id,
        userId: clerk.id,
        fileName: 'feb.csv',
        total: 5,
        imported: 5,
        failed: 0,
      },
      { holdId: stranger.id, supplierId: cat.supplier.id, fileName: 'theirs.xlsx', total: 7, imported: 7, failed: 0 },
    ]);
    const r = await t.call<{ FileID: number }>('POST', 'Sim/ExportImportBatchList', {
      token: clerk.token,
      body: {},
      lang: 'en',
    });
    expect(r.code).toBe(200);
    const done = await waitForDownload(clerk.token, r.data.FileID);
    expect(done.FileName).toMatch(/^Import history-\d{8}-\d{6}\.xlsx$/);
    const file = await getFile(t, clerk.token, 'Download/GetFile', { FileID: String(r.data.FileID) });
    const [header, ...rows] = await readSheet(file.body);
    expect(header).toEqual(['Batch', 'Supplier', 'File', 'Rows', 'Imported', 'Failed', 'By', 'Created']);
    const list = await t.call<{ rows: { BatchID: number; FileName: string; Total: number; Imported: number }[] }>(
      'POST',
      'Sim/GetImportBatchList',
      { token: clerk.token, body: { PageIndex: 1, PageSize: 100 } },
    );
    expect(rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual(
      list.data.rows.map((b) => [b.BatchID, b.FileName, b.Total, b.Imported]),
    );
    expect(rows.map((row) => row[2])).toEqual(expect.arrayContaining(['一月.xlsx', 'feb.csv']));
    expect(rows.map((row) => row[2])).not.toContain('theirs.xlsx');
    const noExport = await t.buildUser(hold, [Fn.simInbound]);
    const refused = await t.call('POST', 'Sim/ExportImportBatchList', { token: noExport.token, body: {} });
    expect(refused.errCode).toBe(ErrCode.NoFunction);
  });

  it('counts the home page figures from the rows', async () => {
    const r = await t.call<{
      Total: number;
      ByState: { State: number; Count: number }[];
      ByOperator: { OperatorID: number; OperatorName: string; Count: number }[];
      Expiring: number;
      Expired: number;
      LowBalance: number;
      PendingWork: number;
    }>('POST', 'Sim/GetHomeStats', { token: user.token });
    const all = await listAll({});
    expect(r.data.Total).toBe(all.length);
    expect(r.data.ByState).toEqual(
      SIM_STATES.map((state) => ({ State: state, Count: all.filter((s) => s.State === state).length })),
    );
    expect(r.data.ByOperator).toEqual([
      {
        OperatorID: cat.mobile.id,
        OperatorName: cat.mobile.name,
        Count: all.filter((s) => s.OperatorID === cat.mobile.id).length,
      },
      {
        OperatorID: cat.unicom.id,
        OperatorName: cat.unicom.name,
        Count: all.filter((s) => s.OperatorID === cat.unicom.id).length,
      },
    ]);
    const by = (ds: string) => all.filter((s) => s.DisplayState === ds).length;
    expect([r.data.Expiring, r.data.Expired, r.data.LowBalance]).toEqual([
      by('expiring'),
      by('expired'),
      by('lowBalance'),
    ]);
    expect(r.data.Expired).toBeGreaterThan(0);
    expect(r.data.PendingWork).toBe(2);
    expect(all.filter((s) => s.PendingWorkID !== null)).toHaveLength(2);

    const customerAdmin = await t.buildUser(customer, FUNS);
    const mine = await t.call<{ Total: number; ByState: { State: number; Count: number }[] }>(
      'POST',
      'Sim/GetHomeStats',
      {
        token: customerAdmin.token,
      },
    );
    expect(mine.data.Total).toBe(all.filter((s) => s.HoldID === customer.id).length);
    expect(mine.data.ByState.find((s) => s.State === SimState.InStock)!.Count).toBe(
      all.filter((s) => s.HoldID === customer.id && s.State === SimState.InStock).length,
    );
  });
});
