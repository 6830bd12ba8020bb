import { operationLogs, sims, suppliers, workOrders } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn, withLuhn } from '@lodestar/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

interface Page<T> {
  rows: T[];
  total: number;
}
interface OperatorRow {
  OperatorID: number;
  OperatorName: string;
  Remark: string;
  HoldID: number;
  HoldName: string;
  Editable: boolean;
  CreateTime: string;
}
interface PackageRow {
  PackageID: number;
  PackageName: string;
  OperatorID: number;
  OperatorName: string;
  PeriodMonths: number;
  DataMB: number;
  SmsCount: number;
  PriceFen: number;
  Editable: boolean;
}

describe.each(dbTargets())('carriers, card types and packages on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let hold: Awaited<ReturnType<TestApp['buildHold']>>;
  const post = <T = unknown>(path: string, body: unknown, lang?: string) =>
    t.call<T>('POST', path, { token, body, ...(lang ? { lang } : {}) });
  const lastLog = async () =>
    (await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1))[0]!;

  beforeAll(async () => {
    t = await startTestApp(target);
    hold = await t.buildHold('华东服务商');
    token = (await t.buildUser(hold, [Fn.simCarriers, Fn.simCardTypes, Fn.simPackages, Fn.simSuppliers])).token;
  });
  afterAll(() => t.close());

  it('adds, lists, sorts, pages, selects, renames and removes carriers, logging every write', async () => {
    const ids: number[] = [];
    for (const name of ['Mobile', 'Unicom', 'Telecom']) {
      const r = await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: ` ${name} `, Remark: 'r' });
      expect(r.code).toBe(200);
      ids.push(r.data.OperatorID);
      expect(await lastLog()).toMatchObject({ action: 'addOperator', detail: `${r.data.OperatorID} ${name}` });
    }
    const list = await post<Page<OperatorRow>>('Operator/GetOperatorList', {
      PageIndex: 1,
      PageSize: 2,
      SortColumn: 'OperatorName',
      SortType: 'desc',
    });
    expect(list.data.total).toBe(3);
    expect(list.data.rows.map((r) => r.OperatorName)).toEqual(['Unicom', 'Telecom']);
    expect(list.data.rows[0]).toMatchObject({ Remark: 'r', HoldID: hold.id, HoldName: '华东服务商', Editable: true });
    expect(list.data.rows[0]!.CreateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const page2 = await post<Page<OperatorRow>>('operator/getoperatorlist', {
      PageIndex: 2,
      PageSize: 2,
      SortColumn: 'OperatorName',
      SortType: 'desc',
    });
    expect(page2.data.rows.map((r) => r.OperatorName)).toEqual(['Mobile']);
    const newest = await post<Page<OperatorRow>>('operator/getoperatorlist', { PageIndex: 1, PageSize: 10 });
    expect(newest.data.rows.map((r) => r.OperatorID)).toEqual([...ids].reverse());
    const filtered = await post<Page<OperatorRow>>('operator/getoperatorlist', {
      PageIndex: 1,
      PageSize: 10,
      OperatorName: 'unicom',
    });
    expect(filtered.data.rows.map((r) => r.OperatorName)).toEqual(['Unicom']);

    const select = await t.call<{ OperatorID: number; OperatorName: string }[]>('GET', 'operator/getoperatorselect', {
      token,
      query: { OperatorName: 'E' },
    });
    expect(select.data).toEqual([
      { OperatorID: ids[0], OperatorName: 'Mobile' },
      { OperatorID: ids[2], OperatorName: 'Telecom' },
    ]);

    expect((await post('operator/modifyoperator', { OperatorID: ids[1], OperatorName: '中国联通' })).code).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'modifyOperator', detail: `${ids[1]} 中国联通` });
    expect((await post('operator/removeoperator', { OperatorID: ids[1] })).code).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'removeOperator', detail: `${ids[1]} 中国联通` });
    const after = await post<Page<OperatorRow>>('operator/getoperatorlist', { PageIndex: 1, PageSize: 10 });
    expect(after.data.total).toBe(2);
  });

  it('refuses a duplicate name, naming the field, and refuses bad sort columns and empty names', async () => {
    const dup = await post('operator/addoperator', { OperatorName: 'Mobile' }, 'en');
    expect(dup).toMatchObject({ code: 400, errCode: ErrCode.Conflict, msg: 'Already exists: OperatorName Mobile' });
    const zh = await post('operator/addoperator', { OperatorName: 'Mobile' }, 'zh');
    expect(zh.msg).toBe('名称已存在: OperatorName Mobile');
    const [mobile, telecom] = (
      await t.call<{ OperatorID: number }[]>('GET', 'operator/getoperatorselect', {
        token,
        query: { OperatorName: 'E' },
      })
    ).data;
    const rename = await post('operator/modifyoperator', { OperatorID: telecom!.OperatorID, OperatorName: 'Mobile' });
    expect(rename).toMatchObject({ code: 400, errCode: ErrCode.Conflict });
    expect(rename.msg).toContain('OperatorName');
    expect((await post('operator/modifyoperator', { OperatorID: mobile!.OperatorID, Remark: 'same' })).code).toBe(200);

    const empty = await post('operator/addoperator', { OperatorName: '   ' }, 'en');
    expect(empty).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(empty.msg).toContain('OperatorName');
    const sort = await post('operator/getoperatorlist', { PageIndex: 1, PageSize: 10, SortColumn: 'hold_id; drop' });
    expect(sort).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(sort.msg).toContain('SortColumn');
    const sortType = await post('operator/getoperatorlist', { PageIndex: 1, PageSize: 10, SortType: 'up' });
    expect(sortType.msg).toContain('SortType');
  });

  it('checks package fields and names each bad one', async () => {
    const op = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Pkg carrier' })).data;
    const base = {
      PackageName: '月包1G',
      OperatorID: op.OperatorID,
      PeriodMonths: 12,
      DataMB: 1024,
      SmsCount: 0,
      PriceFen: 3600,
    };
    const bad: [Record<string, unknown>, string][] = [
      [{ PeriodMonths: 0 }, 'PeriodMonths'],
      [{ PeriodMonths: 61 }, 'PeriodMonths'],
      [{ PriceFen: -1 }, 'PriceFen'],
      [{ PriceFen: 12.5 }, 'PriceFen'],
      [{ DataMB: -5 }, 'DataMB'],
      [{ SmsCount: 1.5 }, 'SmsCount'],
      [{ PackageName: '' }, 'PackageName'],
    ];
    for (const [patch, field] of bad) {
      const r = await post('package/addpackage', { ...base, ...patch }, 'en');
      expect({ field, code: r.code, errCode: r.errCode }).toEqual({ field, code: 400, errCode: ErrCode.Validation });
      expect(r.msg).toContain(field);
    }
    const missingOp = await post('package/addpackage', { ...base, OperatorID: 999_999 });
    expect(missingOp).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });

    const added = await post<{ PackageID: number }>('package/addpackage', base);
    expect(added.code).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'addPackage' });
    expect((await post('package/addpackage', base)).errCode).toBe(ErrCode.Conflict);
    const list = await post<Page<PackageRow>>('package/getpackagelist', {
      PageIndex: 1,
      PageSize: 10,
      OperatorID: op.OperatorID,
    });
    expect(list.data.rows).toEqual([
      expect.objectContaining({
        ...base,
        PackageID: added.data.PackageID,
        OperatorName: 'Pkg carrier',
        Editable: true,
      }),
    ]);
    expect(
      (await post('package/modifypackage', { PackageID: added.data.PackageID, PeriodMonths: 6, PriceFen: 1800 })).code,
    ).toBe(200);
    const select = await t.call<unknown[]>('GET', 'package/getpackageselect', {
      token,
      query: { OperatorID: String(op.OperatorID) },
    });
    expect(select.data).toEqual([
      {
        PackageID: added.data.PackageID,
        PackageName: '月包1G',
        OperatorID: op.OperatorID,
        PeriodMonths: 6,
        PriceFen: 1800,
      },
    ]);
    const bySort = await post<Page<PackageRow>>('package/getpackagelist', {
      PageIndex: 1,
      PageSize: 10,
      SortColumn: 'PriceFen',
    });
    expect(bySort.code).toBe(200);
    expect((await post('package/modifypackage', { PackageID: added.data.PackageID, PeriodMonths: 99 })).msg).toContain(
      'PeriodMonths',
    );
  });

  it('adds card types with or without a carrier and selects them by carrier', async () => {
    const op = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Card carrier' })).data;
    const other = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Other carrier' })).data;
    const nano = await post<{ CardTypeID: number }>('cardtype/addcardtype', { CardTypeName: 'Nano', Remark: 'any' });
    const mp = await post<{ CardTypeID: number }>('cardtype/addcardtype', {
      CardTypeName: 'Mini chip',
      OperatorID: op.OperatorID,
    });
    const micro = await post<{ CardTypeID: number }>('cardtype/addcardtype', {
      CardTypeName: 'Micro',
      OperatorID: other.OperatorID,
    });
    expect([nano.code, mp.code, micro.code]).toEqual([200, 200, 200]);
    expect(await lastLog()).toMatchObject({ action: 'addCardType', detail: `${micro.data.CardTypeID} Micro` });
    const select = await t.call<{ CardTypeName: string; OperatorID: number | null }[]>(
      'GET',
      'cardtype/getcardtypeselect',
      { token, query: { OperatorID: String(op.OperatorID) } },
    );
    expect(select.data).toEqual([
      { CardTypeID: mp.data.CardTypeID, CardTypeName: 'Mini chip', OperatorID: op.OperatorID },
      { CardTypeID: nano.data.CardTypeID, CardTypeName: 'Nano', OperatorID: null },
    ]);
    const list = await post<Page<{ CardTypeName: string; OperatorName: string; Editable: boolean }>>(
      'cardtype/getcardtypelist',
      { PageIndex: 1, PageSize: 10, SortColumn: 'CardTypeName', CardTypeName: 'm' },
    );
    expect(list.data.rows.map((r) => [r.CardTypeName, r.OperatorName])).toEqual([
      ['Micro', 'Other carrier'],
      ['Mini chip', 'Card carrier'],
    ]);
    expect(
      (
        await post('cardtype/modifycardtype', {
          CardTypeID: micro.data.CardTypeID,
          OperatorID: null,
          CardTypeName: 'Micro SIM',
        })
      ).code,
    ).toBe(200);
    expect((await post('cardtype/addcardtype', { CardTypeName: 'Micro SIM' })).errCode).toBe(ErrCode.Conflict);
    expect((await post('cardtype/removecardtype', { CardTypeID: micro.data.CardTypeID })).code).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'removeCardType', detail: `${micro.data.CardTypeID} Micro SIM` });
  });

  it('refuses to remove a row still in use, saying what uses it, and to move a used package to another carrier', async () => {
    const op = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Used carrier' })).data;
    const op2 = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: 'Spare carrier' })).data;
    const card = (
      await post<{ CardTypeID: number }>('cardtype/addcardtype', { CardTypeName: 'Std', OperatorID: op.OperatorID })
    ).data;
    const pkg = (
      await post<{ PackageID: number }>('package/addpackage', {
        PackageName: 'Used pkg',
        OperatorID: op.OperatorID,
        PeriodMonths: 12,
        PriceFen: 100,
      })
    ).data;
    const sup = (
      await post<{ SupplierID: number }>('supplier/addsupplier', { SupplierName: 'S1', OperatorID: op.OperatorID })
    ).data;

    const opInUse = await post('operator/removeoperator', { OperatorID: op.OperatorID }, 'en');
    expect(opInUse).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(opInUse.msg).toBe('Cannot remove, still used by: card types (1), packages (1), suppliers (1)');

    const [sim] = await t.database.db
      .insert(sims)
      .values({
        iccid: withLuhn('8986001234567890123'),
        operatorId: op.OperatorID,
        cardTypeId: card.CardTypeID,
        packageId: pkg.PackageID,
        supplierId: sup.SupplierID,
        holdId: hold.id,
      })
      .returning();
    await t.database.db
      .insert(workOrders)
      .values({ workType: 5, simId: sim!.id, holdId: hold.id, packageId: pkg.PackageID, months: 12 });

    const pkgInUse = await post('package/removepackage', { PackageID: pkg.PackageID }, 'zh');
    expect(pkgInUse.msg).toBe('仍在使用中，不能删除: SIM卡 (1), 工单 (1)');
    const cardInUse = await post('cardtype/removecardtype', { CardTypeID: card.CardTypeID }, 'fr');
    expect(cardInUse.msg).toBe('Suppression impossible, encore utilisé par: cartes SIM (1)');
    const supInUse = await post('supplier/removesupplier', { SupplierID: sup.SupplierID }, 'en');
    expect(supInUse.msg).toBe('Cannot remove, still used by: SIM cards (1)');
    expect((await post('operator/removeoperator', { OperatorID: op.OperatorID }, 'en')).msg).toContain('SIM cards (1)');

    const move = await post('package/modifypackage', { PackageID: pkg.PackageID, OperatorID: op2.OperatorID }, 'en');
    expect(move).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(move.msg).toBe('The carrier cannot change while used by: SIM cards (1), work orders (1)');
    const moveSup = await post(
      'supplier/modifysupplier',
      { SupplierID: sup.SupplierID, OperatorID: op2.OperatorID },
      'en',
    );
    expect(moveSup.msg).toBe('The carrier cannot change while used by: SIM cards (1)');
    // The same package keeps its carrier: other fields still change.
    expect(
      (await post('package/modifypackage', { PackageID: pkg.PackageID, OperatorID: op.OperatorID, PriceFen: 200 }))
        .code,
    ).toBe(200);
    const stillThere = await t.database.db.select().from(suppliers);
    expect(stillThere.map((s) => s.id)).toContain(sup.SupplierID);
  });
});
