import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { CATALOGUE_TENANCY_PATHS } from './tenancy-covered.ts';

afterAll(stopTestServers);

// With export (44), so the export calls are refused for B's ids, not for a missing function.
const CATALOGUE_FNS = [Fn.simCarriers, Fn.simCardTypes, Fn.simPackages, Fn.simSuppliers, Fn.export];
const ID_FIELDS = ['OperatorID', 'CardTypeID', 'PackageID', 'SupplierID', 'HoldID'];

interface Ids {
  hold: number;
  op: number;
  cardType: number;
  pkg: number;
  supplier: number;
}

/**
 * Holds A and B are siblings. Administrator A holds every catalogue function, so nothing here is
 * refused for a missing function id: only for B's ids, which must answer like missing ids.
 */
describe.each(dbTargets())("another hold's catalogue ids are refused on $name PostgreSQL", (target) => {
  let t: TestApp;
  let tokenA: string;
  let a: Ids;
  let b: Ids;

  const seed = async (token: string, hold: number, tag: string): Promise<Ids> => {
    const post = async <T>(path: string, body: unknown) => {
      const r = await t.call<T>('POST', path, { token, body });
      expect(r.code).toBe(200);
      return r.data;
    };
    const op = (await post<{ OperatorID: number }>('operator/addoperator', { OperatorName: `${tag} carrier` }))
      .OperatorID;
    const cardType = (
      await post<{ CardTypeID: number }>('cardtype/addcardtype', { CardTypeName: `${tag} nano`, OperatorID: op })
    ).CardTypeID;
    const pkg = (
      await post<{ PackageID: number }>('package/addpackage', {
        PackageName: `${tag} 1G`,
        OperatorID: op,
        PeriodMonths: 12,
        PriceFen: 1000,
      })
    ).PackageID;
    const supplier = (
      await post<{ SupplierID: number }>('supplier/addsupplier', { SupplierName: `${tag} supplier`, OperatorID: op })
    ).SupplierID;
    return { hold, op, cardType, pkg, supplier };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    const holdA = await t.buildHold('A');
    const holdB = await t.buildHold('B');
    tokenA = (await t.buildUser(holdA, CATALOGUE_FNS)).token;
    const tokenB = (await t.buildUser(holdB, CATALOGUE_FNS)).token;
    a = await seed(tokenA, holdA.id, 'A');
    b = await seed(tokenB, holdB.id, 'B');
  });
  afterAll(() => t.close());

  /** Every id-taking call, with one of B's ids where A's would go. */
  const attempts = (): ['GET' | 'POST', string, Record<string, unknown>][] => [
    ['POST', 'operator/addoperator', { OperatorName: 'x', HoldID: b.hold }],
    ['POST', 'operator/modifyoperator', { OperatorID: b.op, OperatorName: 'taken over' }],
    ['POST', 'operator/removeoperator', { OperatorID: b.op }],
    ['GET', 'cardtype/getcardtypeselect', { OperatorID: String(b.op) }],
    ['POST', 'cardtype/getcardtypelist', { PageIndex: 1, PageSize: 10, OperatorID: b.op }],
    ['POST', 'cardtype/exportcardtypelist', { OperatorID: b.op }],
    ['POST', 'cardtype/addcardtype', { CardTypeName: 'x', OperatorID: b.op }],
    ['POST', 'cardtype/addcardtype', { CardTypeName: 'x', HoldID: b.hold }],
    ['POST', 'cardtype/modifycardtype', { CardTypeID: b.cardType, CardTypeName: 'taken over' }],
    ['POST', 'cardtype/modifycardtype', { CardTypeID: a.cardType, OperatorID: b.op }],
    ['POST', 'cardtype/removecardtype', { CardTypeID: b.cardType }],
    ['GET', 'package/getpackageselect', { OperatorID: String(b.op) }],
    ['POST', 'package/getpackagelist', { PageIndex: 1, PageSize: 10, OperatorID: b.op }],
    ['POST', 'package/exportpackagelist', { OperatorID: b.op }],
    ['POST', 'package/addpackage', { PackageName: 'x', OperatorID: b.op, PeriodMonths: 1, PriceFen: 1 }],
    [
      'POST',
      'package/addpackage',
      { PackageName: 'x', OperatorID: a.op, PeriodMonths: 1, PriceFen: 1, HoldID: b.hold },
    ],
    ['POST', 'package/modifypackage', { PackageID: b.pkg, PriceFen: 1 }],
    ['POST', 'package/modifypackage', { PackageID: a.pkg, OperatorID: b.op }],
    ['POST', 'package/removepackage', { PackageID: b.pkg }],
    ['POST', 'supplier/getsupplierlist', { PageIndex: 1, PageSize: 10, OperatorID: b.op }],
    ['POST', 'supplier/exportsupplierlist', { OperatorID: b.op }],
    ['GET', 'supplier/getsupplierbyid', { SupplierID: String(b.supplier) }],
    ['POST', 'supplier/addsupplier', { SupplierName: 'x', OperatorID: b.op }],
    ['POST', 'supplier/addsupplier', { SupplierName: 'x', OperatorID: a.op, HoldID: b.hold }],
    ['POST', 'supplier/modifysupplier', { SupplierID: b.supplier, SupplierName: 'taken over' }],
    ['POST', 'supplier/modifysupplier', { SupplierID: a.supplier, OperatorID: b.op }],
    ['POST', 'supplier/removesupplier', { SupplierID: b.supplier }],
  ];

  const send = (method: 'GET' | 'POST', path: string, args: Record<string, unknown>) =>
    method === 'GET'
      ? t.call(method, path, { token: tokenA, query: args as Record<string, string> })
      : t.call(method, path, { token: tokenA, body: args });

  it('refuses every id-taking call with 403 OutsideHold and changes nothing', async () => {
    for (const [method, path, args] of attempts()) {
      const r = await send(method, path, args);
      expect({ path, args, code: r.code, errCode: r.errCode }).toEqual({
        path,
        args,
        code: 403,
        errCode: ErrCode.OutsideHold,
      });
    }
    const names = await t.database.pool.query(
      `SELECT name FROM operators UNION ALL SELECT name FROM card_types
       UNION ALL SELECT name FROM sim_packages UNION ALL SELECT name FROM suppliers`,
    );
    expect(names.rows.map((r) => r.name).sort()).toEqual(
      ['A 1G', 'A carrier', 'A nano', 'A supplier', 'B 1G', 'B carrier', 'B nano', 'B supplier'].sort(),
    );
  });

  it("answers a missing id exactly as B's id, so ids cannot be probed", async () => {
    const pairs: [string, string, number, number][] = [
      ['operator/modifyoperator', 'OperatorID', b.op, 999_991],
      ['cardtype/removecardtype', 'CardTypeID', b.cardType, 999_992],
      ['package/removepackage', 'PackageID', b.pkg, 999_993],
      ['supplier/removesupplier', 'SupplierID', b.supplier, 999_994],
    ];
    for (const [path, field, theirs, missing] of pairs) {
      const other = await t.call('POST', path, { token: tokenA, body: { [field]: theirs } });
      const none = await t.call('POST', path, { token: tokenA, body: { [field]: missing } });
      expect({ ...none, raw: undefined }).toEqual({ ...other, raw: undefined });
    }
    const byId = await t.call('GET', 'supplier/getsupplierbyid', { token: tokenA, query: { SupplierID: '999995' } });
    expect({ code: byId.code, errCode: byId.errCode, msg: byId.msg }).toEqual({
      code: 403,
      errCode: ErrCode.OutsideHold,
      msg: (await send('GET', 'supplier/getsupplierbyid', { SupplierID: String(b.supplier) })).msg,
    });
  });

  it("never lists B's carriers, card types, packages or suppliers to A", async () => {
    const lists: [string, string, string][] = [
      ['operator/getoperatorlist', 'OperatorID', 'op'],
      ['cardtype/getcardtypelist', 'CardTypeID', 'cardType'],
      ['package/getpackagelist', 'PackageID', 'pkg'],
      ['supplier/getsupplierlist', 'SupplierID', 'supplier'],
    ];
    for (const [path, field, key] of lists) {
      const r = await t.call<{ rows: Record<string, number>[]; total: number }>('POST', path, {
        token: tokenA,
        body: { PageIndex: 1, PageSize: 100 },
      });
      expect({ path, ids: r.data.rows.map((row) => row[field]) }).toEqual({ path, ids: [a[key as keyof Ids]] });
      expect(r.data.total).toBe(1);
    }
    const selects: [string, string, string][] = [
      ['operator/getoperatorselect', 'OperatorID', 'op'],
      ['cardtype/getcardtypeselect', 'CardTypeID', 'cardType'],
      ['package/getpackageselect', 'PackageID', 'pkg'],
      ['supplier/getsupplierselect', 'SupplierID', 'supplier'],
    ];
    for (const [path, field, key] of selects) {
      const r = await t.call<Record<string, number>[]>('GET', path, { token: tokenA });
      expect({ path, ids: r.data.map((row) => row[field]) }).toEqual({ path, ids: [a[key as keyof Ids]] });
    }
  });

  it('covers every catalogue call that takes an id, as listed in tenancy-covered.ts', async () => {
    expect([...new Set(attempts().map(([, p]) => p))].sort()).toEqual([...CATALOGUE_TENANCY_PATHS].sort());
    type Op = {
      tags?: string[];
      parameters?: { name: string }[];
      requestBody?: { content: Record<string, { schema: { properties?: object } }> };
    };
    const doc = (await t.app.inject({ method: 'GET', url: '/API/docs/json' })).json() as {
      paths: Record<string, Record<string, Op>>;
    };
    const idTaking = Object.entries(doc.paths)
      .filter(([, ops]) =>
        Object.values(ops).some((op) => {
          if (!op.tags?.includes('catalogue')) return false;
          const body = Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {});
          const query = (op.parameters ?? []).map((p) => p.name);
          return [...body, ...query].some((k) => ID_FIELDS.includes(k));
        }),
      )
      .map(([path]) => path.replace('/API/api/', '').toLowerCase());
    expect(idTaking.sort()).toEqual([...CATALOGUE_TENANCY_PATHS].sort());
  });
});
