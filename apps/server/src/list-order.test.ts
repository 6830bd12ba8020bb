import { CARD_TYPE_SORT, OPERATOR_SORT, PACKAGE_SORT, SUPPLIER_SORT } from '@lodestar/contract/catalogue';
import { PAY_ORDER_SORT_COLUMNS } from '@lodestar/contract/payments';
import { RENEWAL_SIM_SORT_COLUMNS } from '@lodestar/contract/renewal';
import { RENEWAL_SORT_COLUMNS } from '@lodestar/contract/reports';
import { SIM_SORT_COLUMNS } from '@lodestar/contract/sims';
import { SMS_SORT_COLUMNS } from '@lodestar/contract/sms';
import { VEHICLE_SORT_COLUMNS } from '@lodestar/contract/vehicles';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { ALL_FUNCTION_IDS, ErrCode } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

afterAll(stopTestServers);

/**
 * Every list that takes an order, with the sortable columns its contract declares: the console's
 * table sends exactly these, so each must reach a repository column (a column left out of a
 * repository's map would fail in SQL), and nothing else is let through to the repository.
 */
const LISTS: { path: string; columns: readonly string[]; body?: object }[] = [
  { path: 'Sim/GetSimList', columns: SIM_SORT_COLUMNS },
  { path: 'Sms/GetSmsList', columns: SMS_SORT_COLUMNS },
  { path: 'Payment/GetPayOrderList', columns: PAY_ORDER_SORT_COLUMNS, body: { Kind: 0, Status: -1 } },
  { path: 'Renewal/GetRenewalSimList', columns: RENEWAL_SIM_SORT_COLUMNS },
  { path: 'Report/GetRenewalFeeList', columns: RENEWAL_SORT_COLUMNS },
  { path: 'Operator/GetOperatorList', columns: OPERATOR_SORT },
  { path: 'CardType/GetCardTypeList', columns: CARD_TYPE_SORT },
  { path: 'Package/GetPackageList', columns: PACKAGE_SORT },
  { path: 'Supplier/GetSupplierList', columns: SUPPLIER_SORT },
  { path: 'Vehicle/GetVehicleList', columns: VEHICLE_SORT_COLUMNS },
];

describe.each(dbTargets())('list order on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    t = await startTestApp(target);
    token = (await t.buildUser(t.rootHold, ALL_FUNCTION_IDS)).token;
  });
  afterAll(() => t?.close());

  const list = (path: string, body: object) =>
    t.call('POST', path, { token, body: { PageIndex: 1, PageSize: 5, ...body } });

  it.each(LISTS)('$path sorts by each column its contract lists, both ways', async ({ path, columns, body }) => {
    for (const SortColumn of columns)
      for (const SortType of ['asc', 'desc']) {
        const r = await list(path, { ...body, SortColumn, SortType });
        expect([SortColumn, SortType, r.code, r.msg]).toEqual([SortColumn, SortType, 200, expect.any(String)]);
      }
  });

  it.each(LISTS)("$path takes '' for either as the default order", async ({ path, body }) => {
    expect((await list(path, { ...body, SortColumn: '', SortType: '' })).code).toBe(200);
  });

  it.each(LISTS)('$path refuses any other column or direction with a 400 naming the field', async ({ path, body }) => {
    const column = await list(path, { ...body, SortColumn: 'id; DROP TABLE sims' });
    expect(column).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(column.msg).toContain('SortColumn');
    expect((await list(path, { ...body, SortColumn: 'createtime' })).code).toBe(400);
    const direction = await list(path, { ...body, SortType: 'up' });
    expect(direction).toMatchObject({ code: 400, errCode: ErrCode.Validation });
    expect(direction.msg).toContain('SortType');
  });
});
