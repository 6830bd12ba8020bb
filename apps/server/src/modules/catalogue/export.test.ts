import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { operators, simPackages, suppliers } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ErrCode, Fn } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

const FUNS = [Fn.simCarriers, Fn.simCardTypes, Fn.simPackages, Fn.simSuppliers, Fn.export];
const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

type PackageRow = {
  PackageName: string;
  OperatorName: string;
  PeriodMonths: number;
  PriceFen: number;
  HoldName: string;
  CreateTime: string;
};
type SupplierRow = { SupplierName: string; OperatorName: string; Phone: string; SimCount: number; CreateTime: string };

describe.each(dbTargets())('catalogue list exports on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let carrier: { id: number; name: string };
  let otherCarrier: { id: number };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-catalogue-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    const hold = await t.buildHold('Provider');
    const customer = await t.buildHold('Customer', hold);
    const sibling = await t.buildHold('Sibling');
    token = (await t.buildUser(hold, FUNS)).token;
    const db = t.database.db;
    const [mine] = await db.insert(operators).values({ holdId: hold.id, name: '移动 Mobile' }).returning();
    const [theirs] = await db.insert(operators).values({ holdId: sibling.id, name: 'Sibling carrier' }).returning();
    carrier = mine!;
    otherCarrier = theirs!;
    // Past one export page (2,000 rows), so the sheet is written from several reads of the list.
    await db.insert(simPackages).values(
      Array.from({ length: 2050 }, (_, i) => ({
        holdId: i % 3 === 0 ? customer.id : hold.id,
        name: `pkg ${String(i).padStart(4, '0')}`,
        operatorId: carrier.id,
        periodMonths: (i % 24) + 1,
        priceFen: (i * 137) % 100_000,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    );
    await db.insert(simPackages).values({
      holdId: sibling.id,
      name: 'sibling pkg',
      operatorId: otherCarrier.id,
      periodMonths: 1,
      priceFen: 1,
    });
    await db.insert(suppliers).values([
      { holdId: hold.id, name: 'Supplier A', operatorId: carrier.id, phone: '13800001111' },
      { holdId: customer.id, name: 'Supplier B', operatorId: carrier.id, email: 'b@example.com' },
      { holdId: sibling.id, name: 'Sibling supplier', operatorId: otherCarrier.id },
    ]);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes every package row of the list, in its order, prices in yuan and times in the caller’s zone', async () => {
    const filter = { SortColumn: 'PriceFen', SortType: 'desc' };
    const sheet = await exportAndRead(t, token, 'package/exportpackagelist', filter, 'en');
    expect(sheet.fileName).toMatch(/^Packages-\d{8}-\d{6}\.xlsx$/);
    const list = await listAll<PackageRow>(t, token, 'package/getpackagelist', filter);
    expect(list).toHaveLength(2050);
    expect(sheet.rows).toHaveLength(2050);
    expect(columns(sheet, ['Package name', 'Carrier', 'Months', 'Price (yuan)', 'Owner unit', 'Created'])).toEqual(
      list.map((p) => [p.PackageName, p.OperatorName, p.PeriodMonths, yuanText(p.PriceFen), p.HoldName, p.CreateTime]),
    );
    expect(list.some((p) => p.PriceFen % 100 !== 0 && p.PriceFen % 10 === 0)).toBe(true);
    expect(sheet.rows.flat()).not.toContain('sibling pkg');
  });

  it('writes headers in the caller’s language and keeps the list’s filters', async () => {
    const filter = { PackageName: 'pkg 000', OperatorID: carrier.id };
    const sheet = await exportAndRead(t, token, 'package/exportpackagelist', filter, 'zh');
    expect(sheet.fileName).toMatch(/^套餐-\d{8}-\d{6}\.xlsx$/);
    const list = await listAll<PackageRow>(t, token, 'package/getpackagelist', filter);
    expect(list.length).toBe(10);
    expect(columns(sheet, ['套餐名称', '价格(元)'])).toEqual(list.map((p) => [p.PackageName, yuanText(p.PriceFen)]));
  });

  it('writes the supplier list as the list shows it, never another hold’s suppliers', async () => {
    const sheet = await exportAndRead(t, token, 'supplier/exportsupplierlist', { SortColumn: 'SupplierName' }, 'fr');
    const list = await listAll<SupplierRow>(t, token, 'supplier/getsupplierlist', { SortColumn: 'SupplierName' });
    expect(list.map((s) => s.SupplierName)).toEqual(['Supplier A', 'Supplier B']);
    expect(columns(sheet, ['Nom du fournisseur', 'Opérateur', 'Téléphone', 'Cartes SIM', 'Créé le'])).toEqual(
      list.map((s) => [s.SupplierName, s.OperatorName, s.Phone, s.SimCount, s.CreateTime]),
    );
    expect(sheet.rows.flat()).not.toContain('Sibling supplier');
  });

  it('writes the carrier and card type lists', async () => {
    const carriers = await exportAndRead(t, token, 'operator/exportoperatorlist', {}, 'en');
    expect(columns(carriers, ['Carrier name'])).toEqual([['移动 Mobile']]);
    const none = await exportAndRead(t, token, 'cardtype/exportcardtypelist', { CardTypeName: 'nothing' }, 'en');
    expect(none.header).toContain('Card type');
    expect(none.rows).toEqual([]);
  });

  it('needs the export function, and refuses another hold’s carrier as a filter', async () => {
    const hold = await t.buildHold('No export');
    const noExport = (await t.buildUser(hold, [Fn.simPackages, Fn.simSuppliers])).token;
    for (const path of ['package/exportpackagelist', 'supplier/exportsupplierlist']) {
      const r = await t.call('POST', path, { token: noExport, body: {} });
      expect({ path, code: r.code, errCode: r.errCode }).toEqual({ path, code: 403, errCode: ErrCode.NoFunction });
    }
    const exportOnly = (await t.buildUser(hold, [Fn.export])).token;
    const r = await t.call('POST', 'package/exportpackagelist', { token: exportOnly, body: {} });
    expect({ code: r.code, errCode: r.errCode }).toEqual({ code: 403, errCode: ErrCode.NoFunction });
    const theirs = await t.call('POST', 'supplier/exportsupplierlist', {
      token,
      body: { OperatorID: otherCarrier.id },
    });
    expect({ code: theirs.code, errCode: theirs.errCode }).toEqual({ code: 403, errCode: ErrCode.OutsideHold });
  });
});
