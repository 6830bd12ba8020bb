import { seedBillingDemo, seedDemo, seedSimDemo } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { addMonths, BillLineKind, PayKind, PayStatus, RenewalSource, SmsState } from '@lodestar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

afterAll(stopTestServers);

describe.each(dbTargets())('billing demo data on $name PostgreSQL', (target) => {
  let t: TestApp;
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.database.pool.query(text, params)).rows as T[];

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedDemo(t.database.db);
    await seedSimDemo(t.database.db);
    const started = Date.now();
    expect(await seedBillingDemo(t.database.db)).toBe(true);
    // Small and fast: it runs on every demo server's first start.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
  afterAll(() => t.close());

  it('writes renewal and SMS-pack orders of both methods, mostly paid, a few failed or closed', async () => {
    const rows = await q<{ kind: number; method: number; status: number; n: number }>(
      'SELECT kind, method, status, count(*)::int AS n FROM payment_orders GROUP BY 1, 2, 3',
    );
    const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
    const all = sum(() => true);
    expect(all).toBeGreaterThan(30);
    expect(all).toBeLessThan(500);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set([PayKind.Renewal, PayKind.SmsPack]));
    expect(new Set(rows.map((r) => r.method)).size).toBe(2);
    expect(sum((r) => r.status === PayStatus.Paid) / all).toBeGreaterThan(0.6);
    expect(sum((r) => r.status === PayStatus.Failed)).toBeGreaterThan(0);
    expect(sum((r) => r.status === PayStatus.Closed)).toBeGreaterThan(0);
    const [providers] = await q<{ p: string[] }>('SELECT array_agg(DISTINCT provider) AS p FROM payment_orders');
    expect(providers!.p).toEqual(['sandbox']);
    const months = await q("SELECT DISTINCT to_char(created_at, 'YYYY-MM') FROM payment_orders");
    expect(months.length).toBeGreaterThanOrEqual(6);
  });

  it("keeps each renewal order's amount the sum of its items, and each online renewal's fee its item's", async () => {
    const bad = await q(
      `SELECT o.id, o.amount_fen, sum(i.fee_fen) AS items FROM payment_orders o
         LEFT JOIN payment_order_items i ON i.order_id = o.id
        WHERE o.kind = $1 GROUP BY o.id HAVING o.amount_fen <> coalesce(sum(i.fee_fen), -1)`,
      [PayKind.Renewal],
    );
    expect(bad).toEqual([]);
    const packs = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_orders o JOIN payment_order_items i ON i.order_id = o.id WHERE o.kind = $1',
      [PayKind.SmsPack],
    );
    expect(packs[0]!.n).toBe(0);
    const [online] = await q<{ renewals: number; paidItems: number; mismatched: number }>(
      `SELECT (SELECT count(*)::int FROM renewals WHERE source = $1) AS renewals,
              (SELECT count(*)::int FROM payment_order_items i JOIN payment_orders o ON o.id = i.order_id
                WHERE o.status = $2) AS "paidItems",
              (SELECT count(*)::int FROM renewals r JOIN payment_order_items i
                   ON i.order_id = r.order_id AND i.sim_id = r.sim_id
                WHERE r.fee_fen <> i.fee_fen OR r.months <> i.months) AS mismatched`,
      [RenewalSource.Online, PayStatus.Paid],
    );
    expect(online!.renewals).toBeGreaterThan(0);
    expect(online!.renewals).toBe(online!.paidItems);
    expect(online!.mismatched).toBe(0);
    const [unpaid] = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM renewals r JOIN payment_orders o ON o.id = r.order_id WHERE o.status <> $1',
      [PayStatus.Paid],
    );
    expect(unpaid!.n).toBe(0);
    const [work] = await q<{ n: number; noWork: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE work_id IS NULL)::int AS "noWork" FROM renewals WHERE source = $1',
      [RenewalSource.WorkOrder],
    );
    expect(work!.n).toBeGreaterThan(0);
    expect(work!.noWork).toBe(0);
  });

  it('chains each card’s renewals up to its current expiry', async () => {
    const rows = await q<{ sim_id: number; before: string; after: string; expires: string }>(
      `SELECT r.sim_id, r.expires_before::text AS before, r.expires_after::text AS after, s.expires_on::text AS expires
         FROM renewals r JOIN sims s ON s.id = r.sim_id ORDER BY r.sim_id, r.created_at, r.id`,
    );
    const bySim = new Map<number, typeof rows>();
    for (const r of rows) bySim.set(r.sim_id, [...(bySim.get(r.sim_id) ?? []), r]);
    for (const list of bySim.values()) {
      for (let i = 1; i < list.length; i++) expect(list[i]!.before).toBe(list[i - 1]!.after);
      expect(list.at(-1)!.after).toBe(list.at(-1)!.expires);
    }
  });

  it('gives the demo holds SMS balances and messages, one of them failed', async () => {
    const balances = await q<{ balance: number }>('SELECT balance FROM sms_balances');
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.every((b) => b.balance >= 0)).toBe(true);
    const states = await q<{ state: number; n: number }>(
      'SELECT state, count(*)::int AS n FROM sms_messages GROUP BY state',
    );
    expect(states.find((s) => s.state === SmsState.Failed)?.n).toBe(1);
    expect(states.find((s) => s.state === SmsState.Sent)?.n ?? 0).toBeGreaterThan(0);
  });

  it('stops cards over several months, which the half-year report shows', async () => {
    const token = await t.login('13800000000', 'admin123');
    const r = await t.call<{ Months: { Month: string; New: number; Stopped: number }[] }>(
      'POST',
      'Report/GetNewStoppedCards',
      { token, body: {} },
    );
    expect(r.code).toBe(200);
    expect(r.data.Months.filter((m) => m.Stopped > 0).length).toBeGreaterThanOrEqual(4);
    const fees = await t.call<{ total: number }>('POST', 'Report/GetRenewalFeeList', {
      token,
      body: { PageIndex: 1, PageSize: 10 },
    });
    const [n] = await q<{ n: number }>('SELECT count(*)::int AS n FROM renewals');
    expect(fees.data.total).toBe(n!.n);
  });

  it('makes the customer bills of the finished months, as "Generate bills" would', async () => {
    const months = await q<{ month: string; n: number }>(
      'SELECT month, count(*)::int AS n FROM customer_bills GROUP BY month ORDER BY month',
    );
    // The half year's five finished months (in the demo's zone), not the current one.
    const thisMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    expect(months.map((m) => m.month)).toEqual(
      [5, 4, 3, 2, 1].map((back) => addMonths(`${thisMonth}-01`, -back).slice(0, 7)),
    );
    expect(months.every((m) => m.n > 0)).toBe(true);
    const [lines] = await q<{ renewals: number; unpaid: number }>(
      `SELECT count(*) FILTER (WHERE kind = ${BillLineKind.Renewal})::int AS renewals,
              count(*) FILTER (WHERE NOT paid)::int AS unpaid FROM customer_bill_lines`,
    );
    expect(lines!.renewals).toBeGreaterThan(0);
    // Work-order renewals are billed to pay later.
    expect(lines!.unpaid).toBeGreaterThan(0);
    // The seed writes no operation-log entry: nobody clicked.
    expect(await q("SELECT 1 FROM operation_logs WHERE action = 'generateCustomerBills'")).toEqual([]);

    // What the demo provider sees on Reconciliation → customer bills (the month before this one).
    const provider = await t.login('13900000001', 'demo1234');
    const previous = months.at(-1)!.month;
    const listed = await t.call<{ rows: { HoldName: string; TotalFen: number }[]; total: number }>(
      'POST',
      'Reconciliation/GetCustomerBillList',
      { token: provider, body: { Month: previous, PageIndex: 1, PageSize: 50 } },
    );
    expect(listed.code).toBe(200);
    expect(listed.data.total).toBeGreaterThan(0);

    // The button remakes the same bills from the same rows.
    const snapshot = () =>
      q(
        'SELECT hold_id, month, sim_count, renewal_fen, sms_pack_fen, total_fen, due_fen FROM customer_bills ORDER BY 1, 2',
      );
    const before = await snapshot();
    const admin = await t.login('13800000000', 'admin123');
    for (const { month } of months) {
      const made = await t.call('POST', 'Reconciliation/GenerateCustomerBills', {
        token: admin,
        body: { Month: month },
      });
      expect(made.code).toBe(200);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('runs once', async () => {
    const [before] = await q<{ n: number }>('SELECT count(*)::int AS n FROM payment_orders');
    const [bills] = await q<{ n: number }>('SELECT count(*)::int AS n FROM customer_bills');
    expect(await seedBillingDemo(t.database.db)).toBe(false);
    const [after] = await q<{ n: number }>('SELECT count(*)::int AS n FROM payment_orders');
    expect(after!.n).toBe(before!.n);
    expect((await q<{ n: number }>('SELECT count(*)::int AS n FROM customer_bills'))[0]!.n).toBe(bills!.n);
  });
});
