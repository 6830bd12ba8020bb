import type { InfoImportResult } from '@lodestar/contract/imports';
import { installTasks } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, TaskStatus } from '@lodestar/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { getTemplate, headerRow, upload, xlsx } from '../info-import/test-fixtures.ts';
import { vin } from './test-fixtures.ts';

afterAll(stopTestServers);

const VIN_A = vin('LSVAU2180N2183294');
const VIN_B = vin('LFV2A21K5D4012345');
const VIN_C = vin('LGBH52E05BY123456');
const VIN_D = vin('LSGPC52U6AF102030');
const FITTER = '13812345001';
const IDLE = '13812345002';
const RIVAL = '13812345009';

/** Task/ImportTasks: rows as Task/AddTask takes them, every row checked first, one transaction. */
describe.each(dbTargets())('Task/ImportTasks on $name PostgreSQL', (target) => {
  let t: TestApp;
  let admin: string;
  let noFn: string;
  let hold: { id: number; path: string };
  let child: { id: number; path: string };
  let other: { id: number; path: string };
  let fitterId: number;

  const call = <T = unknown>(path: string, body: object, as = admin, lang = 'en') =>
    t.call<T>('POST', path, { token: as, body, lang });
  const importTasks = (body: object, as = admin, lang = 'en') =>
    call<InfoImportResult>('Task/ImportTasks', { HoldID: child.id, ...body }, as, lang);
  const tasksOf = (holdId: number) =>
    t.database.db.select().from(installTasks).where(eq(installTasks.holdId, holdId)).orderBy(installTasks.id);

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Fleet');
    child = await t.buildHold('Depot', hold);
    other = await t.buildHold('Rival');
    admin = (await t.buildUser(hold, [Fn.workOrders, Fn.technicianManage])).token;
    noFn = (await t.buildUser(hold, [Fn.vehicleManage, Fn.technicianManage])).token;
    const rival = (await t.buildUser(other, [Fn.workOrders, Fn.technicianManage])).token;
    const addInstaller = async (HoldID: number, Phone: string, as: string, Active = true) => {
      const r = await call<{ InstallerID: number }>(
        'Installer/AddInstaller',
        { HoldID, UserName: `Fitter ${Phone.slice(-2)}`, Phone, UserPassword: 'fit12345', Active },
        as,
      );
      expect(r.code, r.msg).toBe(200);
      return r.data.InstallerID;
    };
    fitterId = await addInstaller(child.id, FITTER, admin);
    await addInstaller(child.id, IDLE, admin, false);
    await addInstaller(other.id, RIVAL, rival);
  });
  afterAll(() => t.close());

  it('names each bad row and field and writes nothing; AllowPartial writes the good rows as AddTask would', async () => {
    const rows = [
      { VIN: VIN_A, Customer: 'Li Lei' },
      { VIN: VIN_B.toLowerCase(), Customer: 'Han Mei', Installer: FITTER, ExpectedTime: '2026-12-01', Cost: '12.5' },
      { VIN: 'LSVAU2180', Customer: '', OrderNo: 'IMP-1' },
      { VIN: VIN_C, Customer: 'Wu', Installer: IDLE, ExpectedTime: '2026-02-30 10:00:00', Cost: 'abc' },
      { VIN: VIN_C, Customer: 'Zhao', Installer: RIVAL, OrderNo: 'IMP-1', Store: 'x'.repeat(65) },
    ];
    const checked = await importTasks({ Rows: rows });
    expect(checked.code, checked.msg).toBe(200);
    expect(checked.data).toMatchObject({ Total: 5, Imported: 0, Failed: 3 });
    const errs = checked.data.Errors.map((e) => `${e.Row}:${e.Column}`);
    expect(errs).toEqual(
      expect.arrayContaining([
        '3:VIN',
        '3:Customer',
        '4:ExpectedTime',
        '4:Cost',
        '4:Installer',
        '5:Installer',
        '5:OrderNo',
        '5:Store',
      ]),
    );
    expect(checked.data.Errors.find((e) => e.Row === 4 && e.Column === 'Installer')!.Reason).toMatch(/inactive/);
    // Another unit's installer answers as no installer at all.
    expect(checked.data.Errors.find((e) => e.Row === 5 && e.Column === 'Installer')!.Reason).toMatch(/No installer/);
    expect(checked.data.Errors.find((e) => e.Row === 5 && e.Column === 'OrderNo')!.Reason).toMatch(/row: 3/);
    expect(await tasksOf(child.id)).toHaveLength(0);

    const partial = await importTasks({ Rows: rows, AllowPartial: true, JobID: 'tasks-job-1' });
    expect(partial.data, partial.msg).toMatchObject({ Total: 5, Imported: 2, Failed: 3 });
    const written = await tasksOf(child.id);
    expect(written.map((w) => [w.vin, w.customer, w.status])).toEqual([
      [VIN_A, 'Li Lei', TaskStatus.Created],
      [VIN_B, 'Han Mei', TaskStatus.WaitingConfirm],
    ]);
    expect(written[0]!.orderNo).toMatch(/^IT\d{12}$/);
    expect(written[1]!.orderNo).not.toBe(written[0]!.orderNo);
    expect(written[1]).toMatchObject({ installerId: fitterId, cost: 1250 });
    // Midnight of that day in the user's zone (the harness's users are in Asia/Shanghai, UTC+8).
    expect(written[1]!.expectedAt!.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    const progress = await call<{ State: string; Processed: number; Total: number }>('Import/GetImportProgress', {
      JobID: 'tasks-job-1',
    });
    expect(progress.data).toEqual({ State: 'done', Processed: 2, Total: 2 });
    // The installer got the task as AddTask with InstallerID gives it: its log says so.
    const detail = await call<{ Log: { To: number }[] }>('Task/GetTask', { TaskID: written[1]!.id });
    expect(detail.data.Log.map((l) => l.To)).toEqual([TaskStatus.Created, TaskStatus.WaitingConfirm]);
  });

  it('imports an uploaded sheet with headers in any language; a taken order number is refused', async () => {
    const tpl = await getTemplate(t, admin, 'Task/ImportTemplate', 'fr');
    expect(tpl.status).toBe(200);
    expect((await headerRow(tpl.body))[1]).toBe('VIN');
    expect((await headerRow(tpl.body))[2]).toBe('Client');
    const file = await xlsx([
      ['工单号', '车架号', '客户', '安装师傅手机号', '费用(元)'],
      ['SHEET-1', VIN_D, 'Sun', FITTER, '3'],
    ]);
    const up = await upload(t, admin, '工单.xlsx', file);
    expect(up.code, up.msg).toBe(200);
    const r = await importTasks({ FileID: up.data.FileID }, admin, 'zh');
    expect(r.data, r.msg).toMatchObject({ Total: 1, Imported: 1, Failed: 0 });
    const [task] = (await tasksOf(child.id)).filter((x) => x.orderNo === 'SHEET-1');
    expect(task).toMatchObject({ vin: VIN_D, customer: 'Sun', installerId: fitterId, cost: 300 });

    const again = await importTasks({ Rows: [{ OrderNo: 'SHEET-1', VIN: VIN_D, Customer: 'Sun' }] }, admin, 'zh');
    expect(again.data.Errors).toEqual([{ Row: 1, Column: 'OrderNo', Reason: expect.stringContaining('工单号已存在') }]);
  });

  it('refuses a body without a source or with a bad field, another hold, and a user without function 42', async () => {
    const none = await importTasks({});
    expect(none.code).toBe(400);
    const bad = await importTasks({ Rows: [{ VIN: 'L'.repeat(300) }] });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/VIN/);
    const theirs = await importTasks({ HoldID: other.id, Rows: [{ VIN: VIN_A, Customer: 'x' }] });
    expect([theirs.code, theirs.errCode]).toEqual([403, ErrCode.OutsideHold]);
    const denied = await importTasks({ Rows: [{ VIN: VIN_A, Customer: 'x' }] }, noFn);
    expect([denied.code, denied.errCode]).toEqual([403, ErrCode.NoFunction]);
    const tpl = await getTemplate(t, noFn, 'Task/ImportTemplate', 'en');
    expect(tpl.body.toString()).toMatch(/"code":403/);
    expect(await tasksOf(other.id)).toHaveLength(0);
  });
});
