import { operationLogs, simImportBatches, sims } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, withLuhn } from '@lodestar/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

interface SupplierRow {
  SupplierID: number;
  SupplierName: string;
  OperatorID: number;
  OperatorName: string;
  Contact: string;
  Phone: string;
  Email: string;
  Remark: string;
  SimCount: number;
  HoldName: string;
  CreateTime: string;
}

describe.each(dbTargets())('supplier calls (spec section 7) on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let hold: Awaited<ReturnType<TestApp['buildHold']>>;
  let child: Awaited<ReturnType<TestApp['buildHold']>>;
  let mobile: number;
  let unicom: number;
  const post = <T = unknown>(path: string, body: unknown, lang = 'en') =>
    t.call<T>('POST', path, { token, body, lang });

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('Provider');
    child = await t.buildHold('Customer', hold);
    token = (await t.buildUser(hold, [Fn.simCarriers, Fn.simSuppliers])).token;
    mobile = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Mobile' })).data.OperatorID;
    unicom = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Unicom' })).data.OperatorID;
  });
  afterAll(() => t.close());

  it('adds, reads by id, lists, selects, modifies and removes suppliers', async () => {
    const added = await post<{ SupplierID: number }>('supplier/addsupplier', {
      SupplierName: 'Shenzhen IoT',
      OperatorID: mobile,
      Contact: '王经理',
      Phone: '13912345678',
      Email: 'sales@example.cn',
      Remark: 'main',
    });
    expect(added.code).toBe(200);
    const id = added.data.SupplierID;
    const second = await post<{ SupplierID: number }>('supplier/addsupplier', {
      SupplierName: 'Beijing Cards',
      OperatorID: unicom,
      HoldID: child.id,
    });
    expect(second.code).toBe(200);

    const byId = await t.call<SupplierRow>('GET', 'supplier/getsupplierbyid', {
      token,
      query: { SupplierID: String(id) },
    });
    expect(byId.data).toMatchObject({
      SupplierID: id,
      SupplierName: 'Shenzhen IoT',
      OperatorID: mobile,
      OperatorName: 'Mobile',
      Contact: '王经理',
      Phone: '13912345678',
      Email: 'sales@example.cn',
      Remark: 'main',
      SimCount: 0,
      HoldName: 'Provider',
    });

    const list = await post<{ rows: SupplierRow[]; total: number }>('supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 10,
      SortColumn: 'SupplierName',
      SortType: 'asc',
      OperatorID: 0,
      SupplierName: '',
    });
    expect(list.data.total).toBe(2);
    expect(list.data.rows.map((r) => [r.SupplierName, r.HoldName])).toEqual([
      ['Beijing Cards', 'Customer'],
      ['Shenzhen IoT', 'Provider'],
    ]);
    const byCarrier = await post<{ rows: SupplierRow[] }>('supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 10,
      OperatorID: unicom,
    });
    expect(byCarrier.data.rows.map((r) => r.SupplierName)).toEqual(['Beijing Cards']);

    // Spec section 7: a supplier select with an empty argument answers a plain array.
    const all = await t.call<unknown>('GET', 'supplier/getsupplierselect', { token, query: { SupplierName: '' } });
    expect(Array.isArray(all.data)).toBe(true);
    expect(all.data).toHaveLength(2);
    const some = await t.call<unknown>('GET', 'supplier/getsupplierselect', {
      token,
      query: { SupplierName: 'shenzhen' },
    });
    expect(some.data).toEqual([
      { SupplierID: id, SupplierName: 'Shenzhen IoT', OperatorID: mobile, OperatorName: 'Mobile' },
    ]);

    const mod = await post('supplier/modifysupplier', {
      SupplierID: id,
      SupplierName: 'Shenzhen IoT Ltd',
      OperatorID: unicom,
      Phone: '',
      Email: '',
    });
    expect(mod.code).toBe(200);
    const again = await t.call<SupplierRow>('GET', 'supplier/getsupplierbyid', {
      token,
      query: { SupplierID: String(id) },
    });
    expect(again.data).toMatchObject({
      SupplierName: 'Shenzhen IoT Ltd',
      OperatorName: 'Unicom',
      Phone: '',
      Email: '',
      Contact: '王经理',
    });

    expect((await post('supplier/removesupplier', { SupplierID: second.data.SupplierID })).code).toBe(200);
    const logs = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(4);
    expect(logs.map((l) => l.action)).toEqual(['removeSupplier', 'modifySupplier', 'addSupplier', 'addSupplier']);
    const gone = await t.call('GET', 'supplier/getsupplierbyid', {
      token,
      query: { SupplierID: String(second.data.SupplierID) },
    });
    expect(gone).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
  });

  it('checks phone, e-mail, name and carrier, naming the field', async () => {
    const base = { SupplierName: 'Checked', OperatorID: mobile };
    const phone = await post('supplier/addsupplier', { ...base, Phone: '12345' });
    expect(phone).toMatchObject({
      code: 400,
      errCode: ErrCode.Validation,
      msg: 'Mobile or e-mail format error: Phone',
    });
    const email = await post('supplier/addsupplier', { ...base, Email: 'not-an-email' });
    expect(email.msg).toBe('Mobile or e-mail format error: Email');
    const noName = await post('supplier/addsupplier', { OperatorID: mobile });
    expect(noName.msg).toContain('SupplierName');
    const noCarrier = await post('supplier/addsupplier', { SupplierName: 'x' });
    expect(noCarrier.msg).toContain('OperatorID');
    const missing = await post('supplier/addsupplier', { ...base, OperatorID: 999_999 });
    expect(missing).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
    expect((await post('supplier/addsupplier', { ...base, Phone: '+33612345678' })).code).toBe(200);
    const dup = await post('supplier/addsupplier', base);
    expect(dup).toMatchObject({ code: 400, errCode: ErrCode.Conflict, msg: 'Already exists: SupplierName Checked' });
    // Same name in another owner hold is allowed: uniqueness is per owner.
    expect((await post('supplier/addsupplier', { ...base, HoldID: child.id })).code).toBe(200);
    const badSort = await post('supplier/getsupplierlist', { PageIndex: 1, PageSize: 10, SortColumn: 'Phone' });
    expect(badSort.msg).toContain('SortColumn');
    const badPage = await post('supplier/getsupplierlist', { PageIndex: 0, PageSize: 10 });
    expect(badPage.msg).toContain('PageIndex');
  });

  it("counts the caller's SIM cards and refuses removal while SIMs or batches come from the supplier", async () => {
    const sup = (
      await post<{ SupplierID: number }>('supplier/addsupplier', { SupplierName: 'Stocked', OperatorID: mobile })
    ).data.SupplierID;
    const [batch] = await t.database.db
      .insert(simImportBatches)
      .values({ holdId: hold.id, supplierId: sup, total: 2, imported: 2, failed: 0 })
      .returning();
    const removeBatchOnly = await post('supplier/removesupplier', { SupplierID: sup });
    expect(removeBatchOnly.msg).toBe('Cannot remove, still used by: import batches (1)');
    await t.database.db.insert(sims).values([
      {
        iccid: withLuhn('8986010000000000001'),
        operatorId: mobile,
        supplierId: sup,
        holdId: hold.id,
        batchId: batch!.id,
      },
      {
        iccid: withLuhn('8986010000000000002'),
        operatorId: mobile,
        supplierId: sup,
        holdId: child.id,
        batchId: batch!.id,
      },
    ]);
    const row = await t.call<SupplierRow>('GET', 'supplier/getsupplierbyid', {
      token,
      query: { SupplierID: String(sup) },
    });
    expect(row.data.SimCount).toBe(2);
    const sorted = await post<{ rows: SupplierRow[] }>('supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 1,
      SortColumn: 'SimCount',
      SortType: 'desc',
    });
    expect(sorted.data.rows[0]).toMatchObject({ SupplierID: sup, SimCount: 2 });
    const refused = await post('supplier/removesupplier', { SupplierID: sup }, 'zh');
    expect(refused).toMatchObject({ code: 400, msg: '仍在使用中，不能删除: SIM卡 (2), 入库批次 (1)' });
    expect((await t.call('GET', 'supplier/getsupplierbyid', { token, query: { SupplierID: String(sup) } })).code).toBe(
      200,
    );
  });

  it('needs the suppliers function for the list and writes, only a token for the select', async () => {
    const plain = await t.buildUser(hold, []);
    const list = await t.call('POST', 'supplier/getsupplierlist', {
      token: plain.token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    expect(list).toMatchObject({ code: 403, errCode: ErrCode.NoFunction });
    const add = await t.call('POST', 'supplier/addsupplier', {
      token: plain.token,
      body: { SupplierName: 'n', OperatorID: mobile },
    });
    expect(add.errCode).toBe(ErrCode.NoFunction);
    const select = await t.call<unknown[]>('GET', 'supplier/getsupplierselect', { token: plain.token });
    expect(select.code).toBe(200);
    expect(select.data.length).toBeGreaterThan(0);
    for (const path of ['operator/getoperatorselect', 'cardtype/getcardtypeselect', 'package/getpackageselect'])
      expect((await t.call('GET', path, { token: plain.token })).code).toBe(200);
    expect((await t.call('GET', 'supplier/getsupplierselect', {})).code).toBe(401);
  });
});
