import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simImportBatches } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { SIMS_TENANCY_PATHS } from './tenancy-covered.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims, upload } from './test-fixtures.ts';

afterAll(stopTestServers);

const MISSING = 999_999_999;

/**
 * Administrator A holds every function, so nothing is refused for a missing function id: only
 * for sibling B's ids. Each call is also made with an id that does not exist, and must answer
 * exactly the same, so ids cannot be probed.
 */
describe.each(dbTargets())("the SIM calls refuse a sibling hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let dataDir: string;
  let a: { token: string; hold: { id: number; path: string }; child: { id: number; path: string }; cat: Catalogue };
  let b: {
    token: string;
    hold: { id: number; path: string };
    cat: Catalogue;
    simId: number;
    batchId: number;
    fileId: number;
    downloadId: number;
  };
  let aSimId: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-sims-tenancy-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    const adminA = await t.buildUser(holdA, ALL_FUNCTION_IDS);
    const adminB = await t.buildUser(holdB, ALL_FUNCTION_IDS);
    a = {
      token: adminA.token,
      hold: holdA,
      child: await t.buildHold('A-1', holdA),
      cat: await buildCatalogue(t, holdA),
    };
    const catB = await buildCatalogue(t, holdB, ' B');
    const [simB] = await insertSims(t, catB, holdB.id, [{ iccid: iccid(500) }, { iccid: iccid(501) }]);
    aSimId = (await insertSims(t, a.cat, holdA.id, [{ iccid: iccid(1) }]))[0]!.id;
    const [batch] = await t.database.db
      .insert(simImportBatches)
      .values({ holdId: holdB.id, supplierId: catB.supplier.id, total: 0, imported: 0, failed: 0 })
      .returning();
    const file = await upload(t, adminB.token, 'b.csv', Buffer.from(`ICCID\n${iccid(502)}\n`));
    const exported = await t.call<{ FileID: number }>('POST', 'Sim/ExportSimList', { token: adminB.token, body: {} });
    b = {
      token: adminB.token,
      hold: holdB,
      cat: catB,
      simId: simB!.id,
      batchId: batch!.id,
      fileId: file.data.FileID,
      downloadId: exported.data.FileID,
    };
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** [path, body with B's id, the same body with a missing id]; GET calls carry a query. */
  const attempts = (): [string, Record<string, unknown>, Record<string, unknown>][] => {
    const own = { SupplierID: a.cat.supplier.id, Rows: [{ ICCID: iccid(2) }] };
    const listWith = (k: string, v: number) => ({ PageIndex: 1, PageSize: 10, [k]: v });
    return [
      ['Sim/ImportSims', { ...own, SupplierID: b.cat.supplier.id }, { ...own, SupplierID: MISSING }],
      ['Sim/ImportSims', { ...own, PackageID: b.cat.mobilePkg.id }, { ...own, PackageID: MISSING }],
      ['Sim/ImportSims', { ...own, CardTypeID: b.cat.nano.id }, { ...own, CardTypeID: MISSING }],
      [
        'Sim/ImportSims',
        { SupplierID: a.cat.supplier.id, FileID: b.fileId },
        { SupplierID: a.cat.supplier.id, FileID: MISSING },
      ],
      ['Sim/GetSimList', listWith('HoldID', b.hold.id), listWith('HoldID', MISSING)],
      ['Sim/GetSimList', listWith('SupplierID', b.cat.supplier.id), listWith('SupplierID', MISSING)],
      ['Sim/GetSimList', listWith('OperatorID', b.cat.mobile.id), listWith('OperatorID', MISSING)],
      ['Sim/GetSimList', listWith('BatchID', b.batchId), listWith('BatchID', MISSING)],
      ['Sim/ExportSimList', { HoldID: b.hold.id }, { HoldID: MISSING }],
      ['Sim/ExportSimList', { SupplierID: b.cat.supplier.id }, { SupplierID: MISSING }],
      ['Sim/ExportSimList', { OperatorID: b.cat.mobile.id }, { OperatorID: MISSING }],
      ['Sim/ExportSimList', { BatchID: b.batchId }, { BatchID: MISSING }],
      ['Sim/GetSimDetail', { SimID: b.simId }, { SimID: MISSING }],
      ['Sim/Outbound', { HoldID: b.hold.id, SimIDs: [aSimId] }, { HoldID: MISSING, SimIDs: [aSimId] }],
      ['Sim/Outbound', { HoldID: a.child.id, SimIDs: [b.simId] }, { HoldID: a.child.id, SimIDs: [MISSING] }],
      [
        'Sim/Outbound',
        { HoldID: a.child.id, ICCIDFrom: iccid(500), ICCIDTo: iccid(501) },
        { HoldID: a.child.id, ICCIDFrom: iccid(700), ICCIDTo: iccid(701) },
      ],
      ['Download/GetFile', { FileID: b.downloadId }, { FileID: MISSING }],
    ];
  };
  const send = (p: string, body: Record<string, unknown>) =>
    p.startsWith('Download/')
      ? t.call('GET', p, {
          token: a.token,
          query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
        })
      : t.call('POST', p, { token: a.token, body });

  it('refuses every id-taking call, exactly as it refuses a missing id', async () => {
    await expectRefusedLikeMissing(send, attempts());
  });

  it('left B’s SIMs where they were and wrote nothing for A', async () => {
    const [row] = (await t.database.pool.query('SELECT hold_id FROM sims WHERE id = $1', [b.simId])).rows;
    expect(row.hold_id).toBe(b.hold.id);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM sims WHERE iccid = $1', [iccid(2)]);
    expect(rows[0].n).toBe(0);
  });

  it("never lists B's SIMs, batches or counts to A", async () => {
    const list = await t.call<{ rows: { SimID: number }[]; total: number }>('POST', 'Sim/GetSimList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(list.data.rows.map((r) => r.SimID)).toEqual([aSimId]);
    const batches = await t.call<{ rows: { BatchID: number }[] }>('POST', 'Sim/GetImportBatchList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 100 },
    });
    expect(batches.data.rows.map((r) => r.BatchID)).not.toContain(b.batchId);
    const stats = await t.call<{ Total: number }>('POST', 'Sim/GetHomeStats', { token: a.token });
    expect(stats.data.Total).toBe(1);
  });

  it('covers every documented SIM, upload and download call that takes an id', async () => {
    type Schema = { properties?: Record<string, unknown> };
    type Op = {
      requestBody?: { content: Record<string, { schema: Schema }> };
      parameters?: { name: string; in: string }[];
    };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const idFields = [
      ...['SimID', 'SimIDs', 'HoldID', 'SupplierID', 'OperatorID', 'PackageID', 'CardTypeID'],
      ...['BatchID', 'FileID', 'ICCIDFrom'],
    ];
    const idTaking = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/api\/(sim|filemanage|download)\//i.test(p))
      .filter(([, ops]) =>
        Object.values(ops).some((op) => {
          const props = Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {});
          const query = (op.parameters ?? []).map((q) => q.name);
          return [...props, ...query].some((k) => idFields.includes(k));
        }),
      )
      .map(([p]) => p.replace('/API/api/', '').toLowerCase());
    const tried = new Set(attempts().map(([p]) => p.toLowerCase()));
    expect(idTaking.sort()).toEqual(SIMS_TENANCY_PATHS.map((p) => p.toLowerCase()).sort());
    expect(SIMS_TENANCY_PATHS.filter((p) => !tried.has(p.toLowerCase()))).toEqual([]);
  });
});
