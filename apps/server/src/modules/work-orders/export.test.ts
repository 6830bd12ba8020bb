import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkRow } from '@lodestar/contract/work-orders';
import { workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { CheckStatus, ErrCode, Fn, HoldType, WorkType } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { simFactories } from './test-fixtures.ts';

afterAll(stopTestServers);

const ALL = { CheckStatic: 0, IDNO: '', StartTime: '', EndTime: '' };

describe.each(dbTargets())('exporting work orders on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let auditor: { token: string };
  let siblingIccid: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-work-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const f = simFactories(t.database.db);
    const provider = await t.buildHold('Provider', t.rootHold, HoldType.ServiceProvider);
    const customer = await t.buildHold('Customer', provider);
    const sibling = await t.buildHold('Sibling', t.rootHold, HoldType.ServiceProvider);
    auditor = await t.buildUser(provider, [Fn.audit, Fn.export], undefined);
    const cat = await f.catalogue(provider);
    const theirs = await f.catalogue(sibling);
    const rows: (typeof workOrders.$inferInsert)[] = [];
    for (let n = 0; n < 30; n++) {
      const sim = await f.sim(n % 2 ? customer : provider, cat);
      rows.push({
        workType: n % 3 === 0 ? WorkType.Renewal : WorkType.Stop,
        simId: sim.id,
        holdId: sim.holdId,
        months: n % 3 === 0 ? 12 : null,
        packageId: n % 3 === 0 ? cat.basic.id : null,
        workCont: `order ${n}`,
        checkStatus: [CheckStatus.UnderReview, CheckStatus.Agreed, CheckStatus.Rejected][n % 3],
        // Some share an apply time: the order then falls back on the id, in the list and the sheet alike.
        applyTime: new Date(Date.UTC(2026, 2, 1, Math.floor(n / 2))),
      });
    }
    const mine = await f.sim(sibling, theirs);
    siblingIccid = mine.iccid;
    rows.push({ workType: WorkType.Stop, simId: mine.id, holdId: sibling.id, workCont: 'sibling order' });
    await t.database.db.insert(workOrders).values(rows);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the list’s rows in its order, type and status texts in the caller’s language', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const sheet = await exportAndRead(t, auditor.token, 'WorkFlow/ExportWorkFlowList', ALL, lang);
      const list = await t.call<{ rows: WorkRow[]; total: number }>('POST', 'WorkFlow/GetWorkFlowList', {
        token: auditor.token,
        lang,
        body: { ...ALL, pageIndex: 1, pageCount: 100 },
      });
      expect(list.data.total).toBe(30);
      const names =
        lang === 'en'
          ? ['Work order', 'Work type', 'ICCID', 'Status', 'Apply time', 'Months']
          : ['工单号', '工单类型', 'ICCID', '审核状态', '申请时间', '月数'];
      expect(columns(sheet, names)).toEqual(
        list.data.rows.map((r) => [
          r.WorkID,
          r.WorkTypeText,
          r.TargetID,
          r.CheckStatusText,
          r.ApplyTime,
          r.Months ?? '',
        ]),
      );
      expect(sheet.rows.flat()).not.toContain(siblingIccid);
    }
  });

  it('keeps the list’s filters', async () => {
    const filter = { ...ALL, CheckStatic: CheckStatus.Rejected, StartTime: '2026-03-01 08:00:00' };
    const sheet = await exportAndRead(t, auditor.token, 'WorkFlow/ExportWorkFlowList', filter);
    const list = await listAll<WorkRow>(t, auditor.token, 'WorkFlow/GetWorkFlowList', filter, [
      'pageIndex',
      'pageCount',
    ]);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.CheckStatus === CheckStatus.Rejected)).toBe(true);
    expect(columns(sheet, ['Work order', 'Request'])).toEqual(list.map((r) => [r.WorkID, r.WorkCont]));
    const bad = await t.call('POST', 'WorkFlow/ExportWorkFlowList', {
      token: auditor.token,
      body: { ...ALL, StartTime: '2026-03-02 00:00:00', EndTime: '2026-03-01 00:00:00' },
    });
    expect(bad.code).toBe(400);
  });

  it('needs the export function as well as the list’s', async () => {
    const hold = await t.buildHold('Clerks');
    const clerk = await t.buildUser(hold, [Fn.simBusiness]);
    const r = await t.call('POST', 'WorkFlow/ExportWorkFlowList', { token: clerk.token, body: ALL });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const exportOnly = await t.buildUser(hold, [Fn.export]);
    const o = await t.call('POST', 'WorkFlow/ExportWorkFlowList', { token: exportOnly.token, body: ALL });
    expect({ code: o.code, errCode: o.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
  });
});
