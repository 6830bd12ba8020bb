import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

type VisitorRow = { LogID: number; Phone: string; Result: string; CreateTime: string; UserName: string };
type OperationRow = { LogID: number; Action: string; Detail: string };

/** The GPS console's /userlog (80) and /visitorlog (82): the same log calls as the SIM console's /log (8). */
describe.each(dbTargets())('GPS user and visitor logs on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let gps: string;
  let hold: { id: number; path: string };
  let sibling: { id: number; path: string };
  let phones: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-log-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    hold = await t.buildHold('Fleet');
    sibling = await t.buildHold('Sibling');
    const admin = await t.buildUser(hold, [Fn.operationLog, Fn.visitorLog, Fn.export, Fn.noticeManage]);
    gps = admin.token;
    const other = await t.buildUser(hold, []);
    await t.call('POST', 'account/login', { body: { Phone: other.phone, UserPassword: 'wrong123' } });
    await t.buildUser(sibling, []);
    phones = [admin.phone, other.phone];
    const n = await t.call('POST', 'Notice/AddNotice', {
      token: gps,
      body: { Title: 'Logged', Body: 'x', ShowLevel: 'list' },
    });
    expect(n.code).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the subtree’s log-ins newest or oldest first, and exports them as the page shows them', async () => {
    const desc = await listAll<VisitorRow>(t, gps, 'Log/GetVisitorLog', {});
    expect(new Set(desc.map((r) => r.Phone))).toEqual(new Set(phones));
    expect(desc.map((r) => r.Result)).toContain('failed');
    const asc = await listAll<VisitorRow>(t, gps, 'Log/GetVisitorLog', { SortColumn: 'CreateTime', SortType: 'asc' });
    expect(asc.map((r) => r.LogID)).toEqual(desc.map((r) => r.LogID).reverse());
    const sheet = await exportAndRead(t, gps, 'Log/ExportVisitorLog', { SortType: 'asc' }, 'en');
    expect(sheet.fileName).toMatch(/^Visitor log-\d{8}-\d{6}\.xlsx$/);
    expect(columns(sheet, ['Time', 'Phone', 'Result'])).toEqual(
      asc.map((r) => [r.CreateTime, r.Phone, { success: 'Success', failed: 'Failed' }[r.Result] ?? r.Result]),
    );
  });

  it('shows notice writes in the operation log under function 80', async () => {
    const rows = await listAll<OperationRow>(t, gps, 'Log/GetOperationLog', { Keyword: 'Logged' });
    expect(rows.map((r) => r.Action)).toEqual(['addNotice']);
  });

  it('needs 82 (and 44 to export) for the visitor log, 80 or 8 for the operation log', async () => {
    const plain = (await t.buildUser(hold, [Fn.dashboard])).token;
    for (const p of ['Log/GetVisitorLog', 'Log/ExportVisitorLog', 'Log/GetOperationLog']) {
      const r = await t.call('POST', p, { token: plain, body: {} });
      expect({ p, code: r.code }).toEqual({ p, code: 403 });
    }
    const noExport = (await t.buildUser(hold, [Fn.visitorLog])).token;
    const r = await t.call('POST', 'Log/ExportVisitorLog', { token: noExport, body: {} });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const bad = await t.call('POST', 'Log/GetVisitorLog', { token: gps, body: { SortType: 'sideways' } });
    expect({ code: bad.code, named: bad.msg.includes('SortType') }).toEqual({ code: 400, named: true });
  });
});
