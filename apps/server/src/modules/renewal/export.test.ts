import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { Fn, formatFen, PayMethod } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead, listAll } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildRenewalHold, type OrderView } from './test-fixtures.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('renewal and payment-order exports on $name PostgreSQL', (target) => {
  let t: TestApp;
  let dataDir: string;
  let a: Awaited<ReturnType<typeof buildRenewalHold>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodestar-renewal-export-'));
    t = await startTestApp(target, { DATA_DIR: dataDir });
    a = await buildRenewalHold(t, 'A');
    await buildRenewalHold(t, 'B');
    const call = (p: string, body: object) => t.call<OrderView>('POST', p, { token: a.user.token, body });
    const first = await call('Renewal/CreateOrder', {
      SimIDs: [a.sims.expiring.id],
      Periods: 2,
      Method: PayMethod.Alipay,
    });
    await call('Payment/SandboxPay', { OrderID: first.data.OrderID, Outcome: 'paid' });
    await call('Renewal/CreateOrder', { SimIDs: [a.sims.unicomSim.id], Periods: 1, Method: PayMethod.WechatPay });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ExportRenewalSimList writes the rows the list shows, in its order, with the pending order', async () => {
    const filter = { DisplayState: '', SortColumn: 'ICCID', SortType: 'asc' };
    const list = await listAll<{ ICCID: string; ExpiresOn: string; PriceFen: number | null; PendingOrderNo: string }>(
      t,
      a.user.token,
      'Renewal/GetRenewalSimList',
      filter,
    );
    expect(list.length).toBeGreaterThan(1);
    expect(list.some((r) => r.PendingOrderNo)).toBe(true);
    const sheet = await exportAndRead(t, a.user.token, 'Renewal/ExportRenewalSimList', filter);
    expect(columns(sheet, ['ICCID', 'Expires on', 'Price (yuan)', 'Pending order'])).toEqual(
      list.map((r) => [r.ICCID, r.ExpiresOn, r.PriceFen === null ? '' : formatFen(r.PriceFen), r.PendingOrderNo]),
    );
  });

  it('ExportPayOrderList writes the orders the list shows, amounts in yuan', async () => {
    const reader = await t.buildUser(a.hold, [Fn.simPayOrders, Fn.export]);
    const filter = { Status: -1 };
    const list = await listAll<{ OrderNo: string; AmountFen: number; Status: number }>(
      t,
      reader.token,
      'Payment/GetPayOrderList',
      filter,
    );
    expect(list).toHaveLength(2);
    const sheet = await exportAndRead(t, reader.token, 'Payment/ExportPayOrderList', filter);
    expect(columns(sheet, ['Order no.', 'Amount (yuan)', 'Status'])).toEqual(
      list.map((r) => [r.OrderNo, formatFen(r.AmountFen), ['Pending', 'Paid', 'Failed', 'Closed'][r.Status]]),
    );
  });

  it('both exports need the export function (44) besides the list’s', async () => {
    const noExport = await t.buildUser(a.hold, [Fn.simRecharge, Fn.simPayOrders]);
    for (const p of ['Renewal/ExportRenewalSimList', 'Payment/ExportPayOrderList']) {
      const r = await t.call('POST', p, { token: noExport.token, body: {} });
      expect({ p, code: r.code }).toEqual({ p, code: 403 });
    }
  });
});
