import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operationLogs, simHistory, simImportBatches, sims } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn, SIM_RULES, SimState } from '@lodestar/domain';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { ImportResult } from './import-service.ts';
import { buildCatalogue, type Catalogue, getFile, iccid, insertSims, upload } from './test-fixtures.ts';

afterAll(stopTestServers);

type Cell = string | number | Date | null;
async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('卡');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(dbTargets())('SIM import on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let userId: number;
  let hold: { id: number; path: string };
  let cat: Catalogue;
  const counts = async () => {
    const db = t.database.db;
    const [[s], [h], [b]] = await Promise.all([
      db.select({ n: count() }).from(sims),
      db.select({ n: count() }).from(simHistory),
      db.select({ n: count() }).from(simImportBatches),
    ]);
    return { sims: s!.n, history: h!.n, batches: b!.n };
  };
  const importSims = (body: object, lang = 'en') =>
    t.call<ImportResult>('POST', 'Sim/ImportSims', { token, body, lang });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-sims-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    hold = await t.buildHold('Provider');
    const admin = await t.buildUser(hold, [Fn.simInbound, Fn.simOutbound, Fn.simBusiness]);
    token = admin.token;
    userId = admin.id;
    cat = await buildCatalogue(t, hold);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('imports an uploaded .xlsx with Chinese headers: batch, SIMs in stock, history and log', async () => {
    const file = await xlsx([
      ['ICCID', '卡号', 'IMSI', '套餐', '卡类型', '到期日期', '备注'],
      [
        iccid(1),
        '14401000001',
        '460001234567890',
        cat.mobilePkg.name,
        'Nano',
        new Date(Date.UTC(2027, 5, 30)),
        '第一张',
      ],
      [],
      [iccid(2), 8613800000002, '', '', '', '2027-07-01', ''],
      [` ${iccid(3)} `, '', '', cat.mobilePkg.name, '', '', ''],
    ]);
    const up = await upload(t, token, '入库 第一批.xlsx', file);
    expect(up.code).toBe(200);
    expect(up.data.FileName).toBe('入库 第一批.xlsx');
    expect(up.data.Size).toBe(file.length);

    const before = await counts();
    const r = await importSims({ SupplierID: cat.supplier.id, FileID: up.data.FileID });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ Total: 3, Imported: 3, Failed: 0, Errors: [] });
    expect(r.data.BatchID).toBeGreaterThan(0);
    expect(await counts()).toEqual({
      sims: before.sims + 3,
      history: before.history + 3,
      batches: before.batches + 1,
    });

    const stored = await t.database.db.select().from(sims).where(eq(sims.batchId, r.data.BatchID!)).orderBy(sims.iccid);
    expect(stored.map((s) => s.iccid)).toEqual([iccid(1), iccid(2), iccid(3)]);
    expect(stored[0]).toMatchObject({
      msisdn: '14401000001',
      imsi: '460001234567890',
      packageId: cat.mobilePkg.id,
      cardTypeId: cat.nano.id,
      expiresOn: '2027-06-30',
      remark: '第一张',
      state: SimState.InStock,
      operatorId: cat.mobile.id,
      supplierId: cat.supplier.id,
      holdId: hold.id,
    });
    expect(stored[1]).toMatchObject({ msisdn: '8613800000002', packageId: null, expiresOn: '2027-07-01' });
    const history = await t.database.db.select().from(simHistory).where(eq(simHistory.simId, stored[0]!.id));
    expect(history).toMatchObject([{ action: 'import', userId }]);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'importSims'));
    expect(logs.some((l) => l.detail.includes(`batch ${r.data.BatchID}`) && l.userId === userId)).toBe(true);

    const batches = await t.call<{ rows: { BatchID: number; FileName: string; Total: number }[]; total: number }>(
      'POST',
      'Sim/GetImportBatchList',
      { token, body: { PageIndex: 1, PageSize: 10 } },
    );
    expect(batches.data.rows[0]).toMatchObject({
      BatchID: r.data.BatchID,
      SupplierName: cat.supplier.name,
      FileName: '入库 第一批.xlsx',
      Total: 3,
      Imported: 3,
      Failed: 0,
    });
  });

  it('imports a CSV with English headers, quoted fields and a byte-order mark', async () => {
    const csv = [
      'iccid,MSISDN,Package,Expires On,Remark',
      `${iccid(10)},14401000010,${cat.mobilePkg.name},2027-01-31,"gate, north"`,
      `${iccid(11)},,,2027/2/3,"said ""hi"""`,
      '',
    ].join('\r\n');
    const up = await upload(t, token, 'sims.csv', Buffer.from(`\uFEFF${csv}`, 'utf8'));
    const r = await importSims({ SupplierID: cat.supplier.id, FileID: up.data.FileID });
    expect(r.data).toMatchObject({ Total: 2, Imported: 2, Failed: 0 });
    const [a] = await t.database.db
      .select()
      .from(sims)
      .where(eq(sims.iccid, iccid(10)));
    const [b] = await t.database.db
      .select()
      .from(sims)
      .where(eq(sims.iccid, iccid(11)));
    expect(a).toMatchObject({ remark: 'gate, north', expiresOn: '2027-01-31', packageId: cat.mobilePkg.id });
    expect(b).toMatchObject({ remark: 'said "hi"', expiresOn: '2027-02-03' });
  });

  describe('bad rows', () => {
    let fileId: number;
    const stored = iccid(99);
    const good = iccid(20);
    const badChecksum = `${iccid(21).slice(0, 19)}${(Number(iccid(21)[19]) + 1) % 10}`;

    beforeAll(async () => {
      await insertSims(t, cat, hold.id, [{ iccid: stored }]);
      const file = await xlsx([
        ['ICCID', 'MSISDN', 'Package'],
        [good, '14401000020', cat.mobilePkg.name],
        [good, '', ''],
        [stored, '', ''],
        [badChecksum, '', ''],
        ['898600123456789012', '', ''],
        [iccid(22), '', 'no such package'],
        [iccid(23), '', cat.unicomPkg.name],
        [iccid(24), '12345', ''],
        // What Excel makes of a 20-digit ICCID typed into a General cell.
        [Number('89860012345678901234'), '', ''],
      ]);
      fileId = (await upload(t, token, 'bad.xlsx', file)).data.FileID;
    });

    it('reports every bad row with its sheet row number and writes nothing', async () => {
      const before = await counts();
      const r = await importSims({ SupplierID: cat.supplier.id, FileID: fileId });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ BatchID: null, Total: 9, Imported: 0, Failed: 8 });
      expect(r.data.Errors.map((e) => [e.Row, e.Field])).toEqual([
        [3, 'ICCID'],
        [4, 'ICCID'],
        [5, 'ICCID'],
        [6, 'ICCID'],
        [7, 'PackageName'],
        [8, 'PackageName'],
        [9, 'MSISDN'],
        [10, 'ICCID'],
      ]);
      const reason = (row: number) => r.data.Errors.find((e) => e.Row === row)!.Reason;
      expect(reason(3)).toBe('Duplicate of another row in the file, row: 2');
      expect(reason(4)).toBe('This ICCID is already stored');
      expect(reason(5)).toBe('ICCID check digit is wrong');
      expect(reason(6)).toBe('ICCID must be 19 or 20 characters');
      expect(reason(7)).toBe('Unknown package: no such package');
      expect(reason(8)).toMatch(/another carrier/);
      expect(reason(9)).toMatch(/MSISDN must be 11 to 13 digits/);
      expect(reason(10)).toMatch(/format the column as Text/);
      expect(r.data.Errors.find((e) => e.Row === 5)!.ICCID).toBe(badChecksum);
      expect(await counts()).toEqual(before);
    });

    it('answers the reasons in the caller’s language', async () => {
      const r = await importSims({ SupplierID: cat.supplier.id, FileID: fileId }, 'zh');
      expect(r.data.Errors.find((e) => e.Row === 5)!.Reason).toBe('ICCID校验位错误');
    });

    it('with AllowPartial imports only the good rows, and the batch counts the failures', async () => {
      const before = await counts();
      const r = await importSims({ SupplierID: cat.supplier.id, FileID: fileId, AllowPartial: true });
      expect(r.data).toMatchObject({ Total: 9, Imported: 1, Failed: 8 });
      expect(r.data.Errors).toHaveLength(8);
      expect(await counts()).toEqual({
        sims: before.sims + 1,
        history: before.history + 1,
        batches: before.batches + 1,
      });
      const [batch] = await t.database.db
        .select()
        .from(simImportBatches)
        .where(eq(simImportBatches.id, r.data.BatchID!));
      expect(batch).toMatchObject({ total: 9, imported: 1, failed: 8, fileName: 'bad.xlsx' });
      const [sim] = await t.database.db.select().from(sims).where(eq(sims.iccid, good));
      expect(sim).toMatchObject({ msisdn: '14401000020', batchId: r.data.BatchID });
    });
  });

  it('takes JSON Rows, numbering them from 1, with the default package and card type', async () => {
    const r = await importSims({
      SupplierID: cat.supplier.id,
      PackageID: cat.mobilePkg.id,
      CardTypeID: cat.nano.id,
      Rows: [{ ICCID: iccid(30) }, { ICCID: iccid(31), IMSI: '46000' }, { ICCID: iccid(32), ExpiresOn: '2027-02-30' }],
    });
    expect(r.data.Errors.map((e) => [e.Row, e.Field])).toEqual([
      [2, 'IMSI'],
      [3, 'ExpiresOn'],
    ]);
    const ok = await importSims({
      SupplierID: cat.supplier.id,
      PackageID: cat.mobilePkg.id,
      CardTypeID: cat.nano.id,
      Rows: [{ ICCID: iccid(30) }, { ICCID: iccid(31), PackageName: cat.mobilePkg.name, Remark: 'x' }],
    });
    expect(ok.data).toMatchObject({ Imported: 2, Failed: 0 });
    const [sim] = await t.database.db
      .select()
      .from(sims)
      .where(eq(sims.iccid, iccid(30)));
    expect(sim).toMatchObject({ packageId: cat.mobilePkg.id, cardTypeId: cat.nano.id });
  });

  it('refuses a body without exactly one source, a default package of another carrier, too many rows', async () => {
    const neither = await importSims({ SupplierID: cat.supplier.id });
    expect(neither).toMatchObject({ code: 400, msg: expect.stringMatching(/FileID or Rows/) });
    const both = await importSims({ SupplierID: cat.supplier.id, FileID: 1, Rows: [{ ICCID: iccid(40) }] });
    expect(both.code).toBe(400);
    const carrier = await importSims({
      SupplierID: cat.supplier.id,
      PackageID: cat.unicomPkg.id,
      Rows: [{ ICCID: iccid(40) }],
    });
    expect(carrier).toMatchObject({ code: 400, msg: expect.stringMatching(/PackageID/) });
    const tooMany = await importSims({
      SupplierID: cat.supplier.id,
      Rows: Array.from({ length: SIM_RULES.importMaxRows + 1 }, (_, i) => ({ ICCID: iccid(100_000 + i) })),
    });
    expect(tooMany).toMatchObject({ code: 400, msg: expect.stringMatching(/Rows/) });
    const empty = await importSims({ SupplierID: cat.supplier.id, Rows: [] });
    expect(empty).toMatchObject({ code: 400, msg: 'No rows to import' });
  });

  it('refuses an upload in another field, a file over 10 MB, and an import of a file that is not a sheet', async () => {
    const wrongField = await upload(t, token, 'a.xlsx', Buffer.from('x'), 'attachment');
    expect(wrongField).toMatchObject({ code: 400, msg: expect.stringMatching(/"file"/) });
    const json = await t.call('POST', 'FileManage/UploadFile', { token, body: { file: 'x' } });
    expect(json.code).toBe(400);
    const big = await upload(t, token, 'big.csv', Buffer.alloc(SIM_RULES.uploadMaxBytes + 1, 0x41));
    expect(big).toMatchObject({ code: 400, msg: expect.stringMatching(/too large/) });
    const left = await readdir(path.join(dataDir, 'uploads', String(userId)));
    // The refused file is deleted: every stored file still has its name beside it.
    const stored = left.filter((f) => !f.endsWith('.json'));
    expect(stored.every((f) => left.includes(`${f}.json`))).toBe(true);

    const txt = await upload(t, token, 'notes.txt', Buffer.from('ICCID\n'));
    const r = await importSims({ SupplierID: cat.supplier.id, FileID: txt.data.FileID });
    expect(r).toMatchObject({ code: 400, msg: expect.stringMatching(/\.xlsx or \.csv/) });
    const broken = await upload(t, token, 'broken.xlsx', Buffer.from('not a zip file'));
    const r1 = await importSims({ SupplierID: cat.supplier.id, FileID: broken.data.FileID });
    expect(r1).toMatchObject({ code: 400, msg: 'This Excel file cannot be read' });
    const noColumn = await upload(t, token, 'x.csv', Buffer.from('number,remark\n1,2\n'));
    const r2 = await importSims({ SupplierID: cat.supplier.id, FileID: noColumn.data.FileID });
    expect(r2).toMatchObject({ code: 400, msg: 'The header row has no ICCID column' });
  });

  it('refuses a workbook of 200,000 rows with the row limit, nothing stored', async () => {
    const file = path.join(dataDir, 'bomb.xlsx');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const ws = wb.addWorksheet('SIM');
    ws.addRow(['ICCID']).commit();
    for (let i = 0; i < 200_000; i++) ws.addRow([iccid(i)]).commit();
    await wb.commit();
    const before = await counts();
    const up = await upload(t, token, 'bomb.xlsx', await readFile(file));
    const r = await importSims({ SupplierID: cat.supplier.id, FileID: up.data.FileID });
    expect(r).toMatchObject({ code: 400, msg: `Too many rows in one import, at most: ${SIM_RULES.importMaxRows}` });
    expect(await counts()).toEqual(before);
  });

  it('serves a template that imports once filled in', async () => {
    const res = await getFile(t, token, 'Sim/ImportTemplate', { lang: 'zh' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('SIM卡导入模板.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      'ICCID',
      '卡号',
      'IMSI',
      '套餐',
      '卡类型',
      '到期日期',
      '备注',
    ]);
    sheet.addRow([iccid(50), '14401000050', '', cat.mobilePkg.name, '', '2028-01-01', '']);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(t, token, 'template.xlsx', filled);
    const r = await importSims({ SupplierID: cat.supplier.id, FileID: up.data.FileID });
    expect(r.data).toMatchObject({ Total: 1, Imported: 1 });
  });
});
