import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, SimState } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';
import { buildCatalogue, type Catalogue, iccid, insertSims, upload } from '../sims/test-fixtures.ts';
import { RECONCILIATION_TENANCY_PATHS } from './tenancy-covered.ts';
import { billXlsx } from './test-fixtures.ts';

afterAll(stopTestServers);

const MISSING = 999_999_999;
const month = '2026-10';

/**
 * Administrator A holds every function, so nothing is refused for a missing function: only for
 * sibling B's supplier, file, reconciliation, hold and bill. Each call is also made with an id
 * that does not exist, and must answer exactly the same.
 */
describe.each(dbTargets())("the reconciliation calls refuse a sibling hold's ids on $name PostgreSQL", (target) => {
  let t: TestApp;
  let dataDir: string;
  let a: { token: string; cat: Catalogue; fileId: number; child: { id: number } };
  let b: {
    hold: { id: number };
    child: { id: number };
    cat: Catalogue;
    fileId: number;
    reconId: number;
    billId: number;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-recon-tenancy-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    const childA = await t.buildHold('A-1', holdA);
    const childB = await t.buildHold('B-1', holdB);
    const adminA = await t.buildUser(holdA, ALL_FUNCTION_IDS);
    const adminB = await t.buildUser(holdB, ALL_FUNCTION_IDS);
    const catA = await buildCatalogue(t, holdA);
    const catB = await buildCatalogue(t, holdB, ' B');
    await insertSims(t, catA, childA.id, [{ iccid: iccid(1), state: SimState.Active, packageId: catA.mobilePkg.id }]);
    await insertSims(t, catB, childB.id, [{ iccid: iccid(2), state: SimState.Active, packageId: catB.mobilePkg.id }]);
    const bill = await billXlsx([[iccid(2), '', '', '2']]);
    const fileA = await upload(t, adminA.token, 'a.xlsx', await billXlsx([[iccid(1), '', '', '2']]));
    const fileB = await upload(t, adminB.token, 'b.xlsx', bill);
    const asB = (p: string, body: object) => t.call<Record<string, number>>('POST', p, { token: adminB.token, body });
    const recon = await asB('Reconciliation/UploadSupplierBill', {
      SupplierID: catB.supplier.id,
      Month: month,
      FileID: fileB.data.FileID,
    });
    await asB('Reconciliation/GenerateCustomerBills', { Month: month });
    const bills = await t.call<{ rows: { BillID: number }[] }>('POST', 'Reconciliation/GetCustomerBillList', {
      token: adminB.token,
      body: { PageIndex: 1, PageSize: 10, Month: month },
    });
    a = { token: adminA.token, cat: catA, fileId: fileA.data.FileID, child: childA };
    b = {
      hold: holdB,
      child: childB,
      cat: catB,
      fileId: (await upload(t, adminB.token, 'b2.xlsx', bill)).data.FileID,
      reconId: recon.data.ReconciliationID!,
      billId: bills.data.rows[0]!.BillID,
    };
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const attempts = (): [string, Record<string, unknown>, Record<string, unknown>][] => {
    const r = (p: string) => `Reconciliation/${p}`;
    const page = { PageIndex: 1, PageSize: 10 };
    const sup = (id: number) => ({ SupplierID: id, Month: month });
    return [
      [r('GetSupplierSummary'), sup(b.cat.supplier.id), sup(MISSING)],
      [r('UploadSupplierBill'), { ...sup(b.cat.supplier.id), FileID: a.fileId }, { ...sup(MISSING), FileID: a.fileId }],
      [
        r('UploadSupplierBill'),
        { ...sup(a.cat.supplier.id), FileID: b.fileId },
        { ...sup(a.cat.supplier.id), FileID: MISSING },
      ],
      [r('GetSupplierDetails'), { ReconciliationID: b.reconId, ...page }, { ReconciliationID: MISSING, ...page }],
      [r('ExportSupplierDetails'), { ReconciliationID: b.reconId }, { ReconciliationID: MISSING }],
      [r('ConfirmSupplier'), { ReconciliationID: b.reconId }, { ReconciliationID: MISSING }],
      [r('GetSupplierRecordList'), { SupplierID: b.cat.supplier.id, ...page }, { SupplierID: MISSING, ...page }],
      [r('ExportSupplierRecordList'), { SupplierID: b.cat.supplier.id }, { SupplierID: MISSING }],
      [r('GenerateCustomerBills'), { Month: month, HoldID: b.child.id }, { Month: month, HoldID: MISSING }],
      [r('GetCustomerBillList'), { HoldID: b.hold.id, ...page }, { HoldID: MISSING, ...page }],
      [r('ExportCustomerBillList'), { HoldID: b.child.id }, { HoldID: MISSING }],
      [r('GetCustomerBillDetail'), { BillID: b.billId, ...page }, { BillID: MISSING, ...page }],
      [r('ExportCustomerBillDetail'), { BillID: b.billId }, { BillID: MISSING }],
      [r('SetCustomerBillPaid'), { BillID: b.billId }, { BillID: MISSING }],
    ];
  };

  it('refuses every id-taking call, exactly as it refuses a missing id', async () => {
    await expectRefusedLikeMissing((path, body) => t.call('POST', path, { token: a.token, body }), attempts());
  });

  it("left B's month and bill as they were and shows A none of them", async () => {
    const { rows } = await t.database.pool.query(
      'SELECT (SELECT state FROM supplier_reconciliations WHERE id = $1) AS recon, (SELECT paid_at FROM customer_bills WHERE id = $2) AS paid',
      [b.reconId, b.billId],
    );
    expect(rows[0]).toEqual({ recon: 0, paid: null });
    const records = await t.call<{ total: number }>('POST', 'Reconciliation/GetSupplierRecordList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    expect(records.data.total).toBe(0);
    await t.call('POST', 'Reconciliation/GenerateCustomerBills', { token: a.token, body: { Month: month } });
    const bills = await t.call<{ rows: { HoldID: number }[] }>('POST', 'Reconciliation/GetCustomerBillList', {
      token: a.token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    expect(bills.data.rows.map((x) => x.HoldID)).toEqual([a.child.id]);
  });

  it('covers every reconciliation call that takes an id', async () => {
    type Op = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const idFields = ['SupplierID', 'FileID', 'ReconciliationID', 'HoldID', 'BillID'];
    const idTaking = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/api\/reconciliation\//i.test(p))
      .filter(([, ops]) =>
        Object.values(ops).some((op) =>
          Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}).some((k) =>
            idFields.includes(k),
          ),
        ),
      )
      .map(([p]) => p.replace('/API/api/', '').toLowerCase());
    const tried = new Set(attempts().map(([p]) => p.toLowerCase()));
    expect(idTaking.sort()).toEqual(RECONCILIATION_TENANCY_PATHS.map((p) => p.toLowerCase()).sort());
    expect(RECONCILIATION_TENANCY_PATHS.filter((p) => !tried.has(p.toLowerCase()))).toEqual([]);
  });
});
