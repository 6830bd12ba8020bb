import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const CATALOGUE_FNS = [Fn.simCarriers, Fn.simCardTypes, Fn.simPackages, Fn.simSuppliers];

interface PackageRow {
  PackageID: number;
  PackageName: string;
  HoldName: string;
  Editable: boolean;
}

/**
 * Provider P has customers C and D. Carriers, card types and packages are read down the lineage
 * (C reads P's, never D's) and written only in the subtree; suppliers stay in the subtree.
 */
describe.each(dbTargets())('catalogue lineage on $name PostgreSQL', (target) => {
  let t: TestApp;
  let tokenP: string;
  let tokenC: string;
  let tokenD: string;
  let holdC: { id: number };
  let holdD: { id: number };
  const p = { op: 0, pkg: 0, cardType: 0, supplier: 0 };
  const c = { op: 0, pkg: 0 };
  const call = <T = unknown>(token: string, path: string, body: unknown) => t.call<T>('POST', path, { token, body });

  beforeAll(async () => {
    t = await startTestApp(target);
    const holdP = await t.buildHold('Provider');
    holdC = await t.buildHold('Customer C', holdP);
    holdD = await t.buildHold('Customer D', holdP);
    tokenP = (await t.buildUser(holdP, CATALOGUE_FNS)).token;
    tokenC = (await t.buildUser(holdC, CATALOGUE_FNS)).token;
    tokenD = (await t.buildUser(holdD, CATALOGUE_FNS)).token;
    p.op = (
      await call<{ OperatorID: number }>(tokenP, 'operator/addoperator', { OperatorName: 'P carrier' })
    ).data.OperatorID;
    p.pkg = (
      await call<{ PackageID: number }>(tokenP, 'package/addpackage', {
        PackageName: 'P 1G',
        OperatorID: p.op,
        PeriodMonths: 12,
        PriceFen: 3600,
      })
    ).data.PackageID;
    p.cardType = (
      await call<{ CardTypeID: number }>(tokenP, 'cardtype/addcardtype', { CardTypeName: 'P nano', OperatorID: p.op })
    ).data.CardTypeID;
    p.supplier = (
      await call<{ SupplierID: number }>(tokenP, 'supplier/addsupplier', {
        SupplierName: 'P supplier',
        OperatorID: p.op,
      })
    ).data.SupplierID;
  });
  afterAll(() => t.close());

  it("lets a customer read its provider's carriers, card types and packages, read-only", async () => {
    const pkgs = await call<{ rows: PackageRow[] }>(tokenC, 'package/getpackagelist', { PageIndex: 1, PageSize: 10 });
    expect(pkgs.data.rows).toEqual([
      expect.objectContaining({ PackageID: p.pkg, PackageName: 'P 1G', HoldName: 'Provider', Editable: false }),
    ]);
    const select = await t.call<{ PackageID: number }[]>('GET', 'package/getpackageselect', {
      token: tokenC,
      query: { OperatorID: String(p.op) },
    });
    expect(select.data.map((r) => r.PackageID)).toEqual([p.pkg]);
    const ops = await call<{ rows: { OperatorID: number; Editable: boolean }[] }>(tokenC, 'operator/getoperatorlist', {
      PageIndex: 1,
      PageSize: 10,
    });
    expect(ops.data.rows).toEqual([expect.objectContaining({ OperatorID: p.op, Editable: false })]);
    const cards = await t.call<{ CardTypeID: number }[]>('GET', 'cardtype/getcardtypeselect', { token: tokenC });
    expect(cards.data.map((r) => r.CardTypeID)).toEqual([p.cardType]);
    const cardList = await call<{ rows: { Editable: boolean }[] }>(tokenC, 'cardtype/getcardtypelist', {
      PageIndex: 1,
      PageSize: 10,
    });
    expect(cardList.data.rows.map((r) => r.Editable)).toEqual([false]);

    const refused: [string, Record<string, unknown>][] = [
      ['operator/modifyoperator', { OperatorID: p.op, OperatorName: 'mine' }],
      ['operator/removeoperator', { OperatorID: p.op }],
      ['package/modifypackage', { PackageID: p.pkg, PriceFen: 1 }],
      ['package/removepackage', { PackageID: p.pkg }],
      ['cardtype/modifycardtype', { CardTypeID: p.cardType, CardTypeName: 'mine' }],
      ['cardtype/removecardtype', { CardTypeID: p.cardType }],
    ];
    for (const [path, body] of refused) {
      const r = await call(tokenC, path, body);
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.OutsideHold });
    }
    const still = await call<{ rows: PackageRow[] }>(tokenP, 'package/getpackagelist', { PageIndex: 1, PageSize: 10 });
    expect(still.data.rows.find((r) => r.PackageID === p.pkg)).toMatchObject({ PackageName: 'P 1G', Editable: true });
  });

  it("keeps the provider's suppliers from its customers", async () => {
    const list = await call<{ rows: unknown[]; total: number }>(tokenC, 'supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 10,
    });
    expect(list.data).toEqual({ rows: [], total: 0 });
    expect((await t.call('GET', 'supplier/getsupplierselect', { token: tokenC })).data).toEqual([]);
    const byId = await t.call('GET', 'supplier/getsupplierbyid', {
      token: tokenC,
      query: { SupplierID: String(p.supplier) },
    });
    expect(byId).toMatchObject({ code: 403, errCode: ErrCode.OutsideHold });
  });

  it("lets a customer build on its provider's carrier; its own rows stay out of its siblings' sight", async () => {
    const own = await call<{ PackageID: number }>(tokenC, 'package/addpackage', {
      PackageName: 'P 1G', // the same name as the provider's: uniqueness is per owner hold
      OperatorID: p.op,
      PeriodMonths: 6,
      PriceFen: 2000,
    });
    expect(own.code).toBe(200);
    c.pkg = own.data.PackageID;
    c.op = (
      await call<{ OperatorID: number }>(tokenC, 'operator/addoperator', { OperatorName: 'C local' })
    ).data.OperatorID;
    const sup = await call(tokenC, 'supplier/addsupplier', { SupplierName: 'C supplier', OperatorID: p.op });
    expect(sup.code).toBe(200);

    const mine = await call<{ rows: PackageRow[] }>(tokenC, 'package/getpackagelist', {
      PageIndex: 1,
      PageSize: 10,
      SortColumn: 'PriceFen',
    });
    expect(mine.data.rows.map((r) => [r.PackageID, r.Editable])).toEqual([
      [c.pkg, true],
      [p.pkg, false],
    ]);

    const sibling = await call<{ rows: PackageRow[] }>(tokenD, 'package/getpackagelist', {
      PageIndex: 1,
      PageSize: 10,
    });
    expect(sibling.data.rows.map((r) => r.PackageID)).toEqual([p.pkg]);
    const siblingOps = await t.call<{ OperatorID: number }[]>('GET', 'operator/getoperatorselect', { token: tokenD });
    expect(siblingOps.data.map((r) => r.OperatorID)).toEqual([p.op]);
    const siblingSuppliers = await t.call<unknown[]>('GET', 'supplier/getsupplierselect', { token: tokenD });
    expect(siblingSuppliers.data).toEqual([]);
    const touch = await call(tokenD, 'package/modifypackage', { PackageID: c.pkg, PriceFen: 1 });
    expect(touch.errCode).toBe(ErrCode.OutsideHold);

    // The provider sees and edits everything below it.
    const all = await call<{ rows: PackageRow[] }>(tokenP, 'package/getpackagelist', { PageIndex: 1, PageSize: 10 });
    expect(all.data.rows.map((r) => [r.HoldName, r.Editable]).sort()).toEqual([
      ['Customer C', true],
      ['Provider', true],
    ]);
    expect((await call(tokenP, 'package/modifypackage', { PackageID: c.pkg, PriceFen: 2100 })).code).toBe(200);
    const suppliers = await call<{ rows: { SupplierName: string }[] }>(tokenP, 'supplier/getsupplierlist', {
      PageIndex: 1,
      PageSize: 10,
      SortColumn: 'SupplierName',
    });
    expect(suppliers.data.rows.map((r) => r.SupplierName)).toEqual(['C supplier', 'P supplier']);
  });

  it('refuses a row whose owner could not read the carrier it names', async () => {
    // The provider can read C's carrier, but a package it files under D must not point at it.
    const forD = await call(tokenP, 'package/addpackage', {
      PackageName: 'D pkg',
      OperatorID: c.op,
      PeriodMonths: 1,
      PriceFen: 1,
      HoldID: holdD.id,
    });
    expect(forD).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(forD.msg).toContain('OperatorID');
    const forP = await call(tokenP, 'supplier/addsupplier', { SupplierName: 'P via C', OperatorID: c.op });
    expect(forP.msg).toContain('OperatorID');
    const forC = await call(tokenP, 'package/addpackage', {
      PackageName: 'C pkg by P',
      OperatorID: c.op,
      PeriodMonths: 1,
      PriceFen: 1,
      HoldID: holdC.id,
    });
    expect(forC.code).toBe(200);
    const seenByC = await t.call<{ PackageName: string }[]>('GET', 'package/getpackageselect', {
      token: tokenC,
      query: { OperatorID: String(c.op) },
    });
    expect(seenByC.data.map((r) => r.PackageName)).toEqual(['C pkg by P']);
  });
});
