import { paymentOrders, renewals, smsMessages } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import {
  ALL_FUNCTION_IDS,
  BillLineKind,
  BillState,
  PayKind,
  PayMethod,
  PayStatus,
  RenewalSource,
  SimState,
  SmsState,
} from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columns, exportAndRead } from '../../test/exports.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { buildCatalogue, iccid, insertSims } from '../sims/test-fixtures.ts';

afterAll(stopTestServers);

type Bill = {
  BillID: number;
  HoldID: number;
  HoldName: string;
  Month: string;
  SimCount: number;
  RenewalCount: number;
  RenewalFen: number;
  SmsPackFen: number;
  SmsSent: number;
  TotalFen: number;
  PaidFen: number;
  DueFen: number;
  State: number;
  PaidTime: string;
};
type Line = { Kind: number; ICCID: string; AmountFen: number; Paid: boolean; Ref: string; OccurredTime: string };
type Page<T> = { rows: T[]; total: number; Totals: Record<string, number> };

/** Instants in UTC; the callers live in Asia/Shanghai (UTC+8), so October there is 09-30 16:00Z – 10-31 16:00Z. */
const at = (iso: string) => new Date(iso);

describe.each(dbTargets())('customer bills on $name PostgreSQL', (target) => {
  let t: TestApp;
  let token: string;
  let holds: Record<'provider' | 'c1' | 'c2' | 'c1a', { id: number; path: string }>;
  const month = '2026-10';

  const call = <T>(p: string, body: object) => t.call<T>('POST', `Reconciliation/${p}`, { token, body, lang: 'en' });
  const bills = async (body: object = {}) =>
    (await call<Page<Bill>>('GetCustomerBillList', { PageIndex: 1, PageSize: 50, State: -1, Month: month, ...body }))
      .data;
  const lines = async (billId: number, kind = 0) =>
    (await call<Page<Line>>('GetCustomerBillDetail', { BillID: billId, Kind: kind, PageIndex: 1, PageSize: 50 })).data;

  beforeAll(async () => {
    t = await startTestApp(target);
    const provider = await t.buildHold('Provider');
    const c1 = await t.buildHold('Customer 1', provider);
    const c2 = await t.buildHold('Customer 2', provider);
    const c1a = await t.buildHold('Customer 1a', c1);
    holds = { provider, c1, c2, c1a };
    token = (await t.buildUser(provider, ALL_FUNCTION_IDS)).token;
    const cat = await buildCatalogue(t, provider);
    const active = { state: SimState.Active, packageId: cat.mobilePkg.id };
    await insertSims(t, cat, provider.id, [{ ...active, iccid: iccid(1) }]);
    const [s1, s2] = await insertSims(t, cat, c1.id, [
      { ...active, iccid: iccid(2) },
      { ...active, iccid: iccid(3), state: SimState.Suspended },
      { iccid: iccid(4) },
    ]);
    const db = t.database.db;
    const order = (no: string, kind: PayKind, hold: number, fen: number, status: PayStatus, paidAt?: Date) => ({
      orderNo: no,
      kind,
      method: PayMethod.Alipay,
      provider: 'sandbox',
      holdId: hold,
      amountFen: fen,
      status,
      smsPackId: kind === PayKind.SmsPack ? 'sms100' : null,
      smsCount: kind === PayKind.SmsPack ? 100 : null,
      expiresAt: at('2026-12-01T00:00:00Z'),
      paidAt: paidAt ?? null,
    });
    const [renewalOrder] = await db
      .insert(paymentOrders)
      .values([
        order('R1', PayKind.Renewal, c1.id, 2400, PayStatus.Paid, at('2026-10-05T02:00:00Z')),
        order('S1', PayKind.SmsPack, c1.id, 1000, PayStatus.Paid, at('2026-09-30T16:30:00Z')),
        order('S2', PayKind.SmsPack, c1.id, 4500, PayStatus.Pending),
        order('S3', PayKind.SmsPack, c1.id, 8000, PayStatus.Paid, at('2026-10-31T16:30:00Z')),
        order('S4', PayKind.SmsPack, c2.id, 4500, PayStatus.Paid, at('2026-10-10T00:00:00Z')),
      ])
      .returning();
    const renewal = (simId: number, fen: number, source: RenewalSource, createdAt: Date, orderId?: number) => ({
      simId,
      holdId: c1.id,
      packageId: cat.mobilePkg.id,
      months: 12,
      feeFen: fen,
      source,
      orderId: orderId ?? null,
      expiresAfter: '2027-10-01',
      createdAt,
    });
    await db
      .insert(renewals)
      .values([
        renewal(s1!.id, 2400, RenewalSource.Online, at('2026-10-05T02:00:00Z'), renewalOrder!.id),
        renewal(s2!.id, 1200, RenewalSource.WorkOrder, at('2026-10-31T15:59:59Z')),
        renewal(s2!.id, 999, RenewalSource.WorkOrder, at('2026-09-30T15:00:00Z')),
        renewal(s2!.id, 777, RenewalSource.WorkOrder, at('2026-10-31T16:00:00Z')),
      ]);
    const sms = (hold: number, segments: number, state: SmsState, createdAt: Date) => ({
      holdId: hold,
      msisdn: '13900000000',
      content: 'x',
      segments,
      state,
      provider: 'local',
      createdAt,
    });
    await db
      .insert(smsMessages)
      .values([
        sms(c1.id, 2, SmsState.Sent, at('2026-10-01T01:00:00Z')),
        sms(c1.id, 3, SmsState.Delivered, at('2026-10-20T01:00:00Z')),
        sms(c1.id, 4, SmsState.Failed, at('2026-10-20T01:00:00Z')),
        sms(c1.id, 5, SmsState.Sent, at('2026-09-30T15:00:00Z')),
      ]);
  });
  afterAll(() => t.close());

  it('makes one bill per customer below the caller with SIMs or activity, in exact fen', async () => {
    const r = await call<{ Count: number }>('GenerateCustomerBills', { Month: month });
    expect(r.data.Count).toBe(2);
    const list = await bills();
    const byHold = Object.fromEntries(list.rows.map((b) => [b.HoldID, b]));
    expect(Object.keys(byHold).map(Number).sort()).toEqual([holds.c1.id, holds.c2.id].sort());
    expect(byHold[holds.c1.id]).toMatchObject({
      SimCount: 2,
      RenewalCount: 2,
      RenewalFen: 2400 + 1200,
      SmsPackFen: 1000,
      SmsSent: 5,
      TotalFen: 4600,
      PaidFen: 2400 + 1000,
      DueFen: 1200,
      State: BillState.Unpaid,
    });
    expect(byHold[holds.c2.id]).toMatchObject({
      SimCount: 0,
      SmsPackFen: 4500,
      TotalFen: 4500,
      DueFen: 0,
      State: BillState.Paid,
    });
    const sum = (k: keyof Bill) => list.rows.reduce((a, b) => a + Number(b[k]), 0);
    expect(list.Totals).toEqual({
      SimCount: sum('SimCount'),
      RenewalCount: sum('RenewalCount'),
      RenewalFen: sum('RenewalFen'),
      SmsPackFen: sum('SmsPackFen'),
      SmsSent: sum('SmsSent'),
      TotalFen: sum('TotalFen'),
      PaidFen: sum('PaidFen'),
      DueFen: sum('DueFen'),
    });
  });

  it('details each bill line; its totals are the sum of its lines', async () => {
    const c1 = (await bills({ HoldID: holds.c1.id })).rows[0]!;
    const all = await lines(c1.BillID);
    expect(all.rows.map((l) => [l.Kind, l.ICCID, l.AmountFen, l.Paid, l.Ref])).toEqual([
      [BillLineKind.Sim, iccid(2), 0, false, ''],
      [BillLineKind.Sim, iccid(3), 0, false, ''],
      [BillLineKind.Renewal, iccid(2), 2400, true, 'R1'],
      [BillLineKind.Renewal, iccid(3), 1200, false, ''],
      [BillLineKind.SmsPack, '', 1000, true, 'S1'],
    ]);
    expect(all.rows[2]!.OccurredTime).toBe('2026-10-05 10:00:00');
    const amount = all.rows.reduce((a, l) => a + l.AmountFen, 0);
    const paid = all.rows.filter((l) => l.Paid).reduce((a, l) => a + l.AmountFen, 0);
    expect(all.Totals).toEqual({ Count: all.rows.length, AmountFen: amount, PaidFen: paid, DueFen: amount - paid });
    expect([amount, paid, amount - paid]).toEqual([c1.TotalFen, c1.PaidFen, c1.DueFen]);
    const renewalsOnly = await lines(c1.BillID, BillLineKind.Renewal);
    expect(renewalsOnly.Totals).toEqual({ Count: 2, AmountFen: 3600, PaidFen: 2400, DueFen: 1200 });
    const sheet = await exportAndRead(t, token, 'Reconciliation/ExportCustomerBillDetail', {
      BillID: c1.BillID,
      Kind: BillLineKind.Renewal,
    });
    expect(columns(sheet, ['ICCID', 'Amount (yuan)', 'Paid'])).toEqual([
      [iccid(2), '24.00', 'Yes'],
      [iccid(3), '12.00', 'No'],
    ]);
  });

  it('marks a bill paid, keeps it on the next generation, and remakes the others', async () => {
    const c1 = (await bills({ HoldID: holds.c1.id })).rows[0]!;
    const paid = await call<Bill>('SetCustomerBillPaid', { BillID: c1.BillID });
    expect(paid.data).toMatchObject({ BillID: c1.BillID, State: BillState.Paid, DueFen: 1200 });
    expect(paid.data.PaidTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [log] = (
      await t.database.pool.query("SELECT detail FROM operation_logs WHERE action = 'setCustomerBillPaid'")
    ).rows;
    expect(log.detail).toContain('Customer 1');

    await t.database.db.insert(smsMessages).values({
      holdId: holds.c1.id,
      msisdn: '1',
      content: 'x',
      segments: 7,
      provider: 'local',
      state: SmsState.Sent,
      createdAt: at('2026-10-21T00:00:00Z'),
    });
    await t.database.db.insert(smsMessages).values({
      holdId: holds.c2.id,
      msisdn: '1',
      content: 'x',
      segments: 6,
      provider: 'local',
      state: SmsState.Sent,
      createdAt: at('2026-10-21T00:00:00Z'),
    });
    const again = await call<{ Count: number }>('GenerateCustomerBills', { Month: month });
    expect(again.data.Count).toBe(1);
    const list = await bills();
    const byHold = Object.fromEntries(list.rows.map((b) => [b.HoldID, b]));
    expect(byHold[holds.c1.id]).toMatchObject({
      BillID: c1.BillID,
      SmsSent: 5,
      State: BillState.Paid,
      PaidTime: paid.data.PaidTime,
    });
    expect(byHold[holds.c2.id]).toMatchObject({ SmsSent: 6 });
    expect((await bills({ State: BillState.Unpaid })).rows).toEqual([]);
  });

  it('limits generation to a chosen customer, never bills the caller’s own hold', async () => {
    const own = await call('GenerateCustomerBills', { Month: month, HoldID: holds.provider.id });
    expect(own.code).toBe(400);
    const one = await call<{ Count: number }>('GenerateCustomerBills', { Month: '2026-11', HoldID: holds.c1.id });
    expect(one.data.Count).toBe(1);
    const nov = await bills({ Month: '2026-11' });
    expect(nov.rows.map((b) => [b.HoldID, b.RenewalFen, b.SmsPackFen])).toEqual([[holds.c1.id, 777, 8000]]);
  });

  it('exports the bill list with the list’s rows', async () => {
    const list = await bills();
    const sheet = await exportAndRead(t, token, 'Reconciliation/ExportCustomerBillList', { Month: month, State: -1 });
    expect(columns(sheet, ['Customer', 'Total (yuan)'])).toEqual(
      list.rows.map((b) => [b.HoldName, (b.TotalFen / 100).toFixed(2)]),
    );
  });
});
