import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, ErrCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { REPORT_CENTRE_TENANCY_PATHS } from '../report-centre/tenancy-covered.ts';
import { buildCatalogue, type Catalogue } from '../sims/test-fixtures.ts';
import { REPORTS_TENANCY_PATHS } from './tenancy-covered.ts';

afterAll(stopTestServers);

const MISSING = 999_999_999;

/**
 * Administrator A holds every function, so only sibling B's ids are refused; each call is also
 * made with an id that does not exist and must answer exactly the same. A's customer reads A's
 * carriers and packages (the lineage), never B's.
 */
describe.each(dbTargets())("the report calls refuse a sibling hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let dataDir: string;
  let a: { token: string; childToken: string; cat: Catalogue };
  let b: { hold: { id: number }; cat: Catalogue };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-reports-tenancy-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const holdA = await t.buildHold('A');
    const childA = await t.buildHold('A-1', holdA);
    const holdB = await t.buildHold('B');
    a = {
      token: (await t.buildUser(holdA, ALL_FUNCTION_IDS)).token,
      childToken: (await t.buildUser(childA, ALL_FUNCTION_IDS)).token,
      cat: await buildCatalogue(t, holdA),
    };
    b = { hold: holdB, cat: await buildCatalogue(t, holdB, ' B') };
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const attempts = (): [string, Record<string, unknown>, Record<string, unknown>][] => {
    const list = (k: string, v: number) => ({ PageIndex: 1, PageSize: 10, [k]: v });
    return [
      ['Report/GetRenewalFeeList', list('HoldID', b.hold.id), list('HoldID', MISSING)],
      ['Report/GetRenewalFeeList', list('OperatorID', b.cat.mobile.id), list('OperatorID', MISSING)],
      ['Report/GetRenewalFeeList', list('PackageID', b.cat.mobilePkg.id), list('PackageID', MISSING)],
      ['Report/ExportRenewalFeeList', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Report/ExportRenewalFeeList', { OperatorID: b.cat.mobile.id }, { OperatorID: MISSING }],
      ['Report/ExportRenewalFeeList', { PackageID: b.cat.mobilePkg.id }, { PackageID: MISSING }],
      ['Report/GetNewStoppedCards', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Report/GetNewStoppedCards', { OperatorID: b.cat.mobile.id }, { OperatorID: MISSING }],
      ['Report/ExportNewStoppedCards', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Report/ExportNewStoppedCards', { OperatorID: b.cat.mobile.id }, { OperatorID: MISSING }],
    ];
  };

  it('refuses every id-taking call, exactly as it refuses a missing id', async () => {
    await expectRefusedLikeMissing((path, body) => t.call('POST', path, { token: a.token, body }), attempts());
  });

  it('lets a customer filter by its provider’s carriers and packages (the lineage)', async () => {
    const fees = await t.call('POST', 'Report/GetRenewalFeeList', {
      token: a.childToken,
      body: { PageIndex: 1, PageSize: 10, OperatorID: a.cat.mobile.id, PackageID: a.cat.mobilePkg.id },
    });
    expect(fees.code).toBe(200);
    const cards = await t.call('POST', 'Report/GetNewStoppedCards', {
      token: a.childToken,
      body: { OperatorID: a.cat.unicom.id },
    });
    expect(cards.code).toBe(200);
  });

  it('refuses the provider’s hold to its customer (a parent is outside the subtree)', async () => {
    const parentId = (await t.database.pool.query("SELECT id FROM holds WHERE name = 'A'")).rows[0].id as number;
    const r = await t.call('POST', 'Report/GetNewStoppedCards', { token: a.childToken, body: { HoldID: parentId } });
    expect([r.code, r.errCode]).toEqual([403, ErrCode.OutsideHold]);
  });

  it('covers every report call that takes an id', async () => {
    type Schema = { properties?: Record<string, unknown> };
    type Op = { requestBody?: { content: Record<string, { schema: Schema }> } };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const idFields = ['HoldID', 'OperatorID', 'PackageID', 'SimID', 'OrderID'];
    const idTaking = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/api\/report\//i.test(p))
      .filter(([, ops]) =>
        Object.values(ops).some((op) =>
          Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}).some((k) =>
            idFields.includes(k),
          ),
        ),
      )
      .map(([p]) => p.replace('/API/api/', '').toLowerCase())
      // The GPS report centre's calls share the Report/ prefix; its own routes test tries them.
      .filter((p) => !REPORT_CENTRE_TENANCY_PATHS.some((c) => c.toLowerCase() === p));
    const tried = new Set(attempts().map(([p]) => p.toLowerCase()));
    expect(idTaking.sort()).toEqual(REPORTS_TENANCY_PATHS.map((p) => p.toLowerCase()).sort());
    expect(REPORTS_TENANCY_PATHS.filter((p) => !tried.has(p.toLowerCase()))).toEqual([]);
  });
});
