import { randomBytes } from 'node:crypto';
import type { InvoiceableOrder, InvoiceRow } from '@lodestar/contract/invoices';
import { userNotices } from '@lodestar/db';
import { dbTargets, stopTestServers } from '@lodestar/db/testing';
import { AccountType, DEFAULT_APP_ID, ErrCode, Fn, INVOICE_RULES, PayKind, PayStatus } from '@lodestar/domain';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { expectRefusedLikeMissing } from '../../test/refused.ts';

afterAll(stopTestServers);

type Page<T> = { rows: T[]; total: number };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);
const TITLE = {
  Type: 'ordinary',
  Title: '杭州某某物流有限公司',
  TaxNo: '91330100MA2AXXXX0K',
  Email: 'fin@example.com',
};

/** Invoice/… (function 85): requests over paid orders, issued by the provider above with the PDF. */
describe.each(dbTargets())('invoices on $name PostgreSQL', (target) => {
  let t: TestApp;
  let provider: string;
  let requester: string;
  let noFn: string;
  let rival: string;
  let rivalOrder: number;
  let rivalInvoice: number;
  let rivalHold: number;
  let holdsOf: Record<'top' | 'customer' | 'other', { id: number; path: string }>;
  const orders: number[] = [];
  let pending: number;

  const call = <T = unknown>(path: string, body: object, token = requester, lang = 'en') =>
    t.call<T>('POST', path, { token, body, lang });
  const issue = (token: string, InvoiceID: number | string, bytes: Buffer, InvoiceNo = '24332000000012345678') => {
    const boundary = `----inv${randomBytes(6).toString('hex')}`;
    return t.app
      .inject({
        method: 'POST',
        url: '/API/api/Invoice/IssueInvoice',
        query: { format: 'json', appid: DEFAULT_APP_ID, InvoiceID: String(InvoiceID), InvoiceNo },
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      })
      .then((r) => r.json() as { code: number; errCode: number; msg: string });
  };
  const download = (token: string, InvoiceID: number | string) =>
    t.app.inject({
      method: 'GET',
      url: '/API/api/Invoice/GetInvoiceFile',
      query: { format: 'json', appid: DEFAULT_APP_ID, InvoiceID: String(InvoiceID) },
      headers: { authorization: token },
    });
  const invoiceable = async (token = requester) =>
    (await call<Page<InvoiceableOrder>>('Invoice/GetInvoiceableOrders', { PageIndex: 1, PageSize: 50 }, token)).data;
  const list = async (token: string, body: object = {}) =>
    (await call<Page<InvoiceRow>>('Invoice/GetInvoiceList', { PageIndex: 1, PageSize: 50, ...body }, token)).data;

  /** A payment order straight into the table (the payment calls belong to another module). */
  const order = async (holdId: number, kind: number, fen: number, status = PayStatus.Paid) =>
    (
      await t.database.pool.query(
        `INSERT INTO payment_orders (order_no, kind, method, provider, hold_id, amount_fen, status, expires_at, paid_at)
         VALUES ($1, $2, 1, 'sandbox', $3, $4, $5::smallint, now() + interval '1 hour', CASE WHEN $5::smallint = 1 THEN now() END)
         RETURNING id`,
        [`T${randomBytes(8).toString('hex')}`, kind, holdId, fen, status],
      )
    ).rows[0].id as number;

  beforeAll(async () => {
    t = await startTestApp(target);
    const top = await t.buildHold('Provider');
    const customer = await t.buildHold('Customer', top);
    const other = await t.buildHold('Rival');
    rivalHold = other.id;
    holdsOf = { top, customer, other };
    provider = (await t.buildUser(top, [Fn.invoiceManage])).token;
    requester = (await t.buildUser(customer, [Fn.invoiceManage])).token;
    noFn = (await t.buildUser(customer, [Fn.vipManage])).token;
    rival = (await t.buildUser(other, [Fn.invoiceManage])).token;
    orders.push(await order(customer.id, PayKind.Renewal, 12_000));
    orders.push(await order(customer.id, PayKind.SmsPack, 4_500));
    orders.push(await order(customer.id, PayKind.Renewal, 3_000));
    orders.push(await order(customer.id, PayKind.SmsPack, 1_000));
    pending = await order(customer.id, PayKind.Renewal, 999, PayStatus.Pending);
    rivalOrder = await order(other.id, PayKind.Renewal, 7_700);
    const r = await call<{ InvoiceID: number }>('Invoice/AddInvoice', { OrderIDs: [rivalOrder], ...TITLE }, rival);
    expect(r.code, r.msg).toBe(200);
    rivalInvoice = r.data.InvoiceID;
  });
  afterAll(() => t.close());

  it("lists the hold's paid orders of every kind, then asks for one invoice over two of them", async () => {
    const before = await invoiceable();
    expect(before.rows.map((o) => o.OrderID).sort()).toEqual([...orders].sort());
    expect(before.rows.find((o) => o.OrderID === orders[1])).toMatchObject({ AmountFen: 4_500, KindText: 'SMS pack' });
    const added = await call<{ InvoiceID: number }>('Invoice/AddInvoice', {
      OrderIDs: [orders[0], orders[1]],
      ...TITLE,
    });
    expect(added.code, added.msg).toBe(200);
    expect((await invoiceable()).rows.map((o) => o.OrderID).sort()).toEqual([orders[2], orders[3]].sort());
    const mine = await list(requester);
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({
      InvoiceID: added.data.InvoiceID,
      AmountFen: 16_500,
      Status: 'requested',
      HasFile: false,
      MayIssue: false, // a unit does not issue its own invoice
      Title: TITLE.Title,
    });
    expect(mine.rows[0]!.OrderNos).toHaveLength(2);
    // The provider above sees it, and may issue it; the rival's is not in its subtree.
    const theirs = await list(provider);
    expect(theirs.rows.map((r) => [r.InvoiceID, r.MayIssue])).toEqual([[added.data.InvoiceID, true]]);
  });

  it('never invoices an order twice: again later, or two requests at once', async () => {
    const again = await call('Invoice/AddInvoice', { OrderIDs: [orders[1], orders[2]], ...TITLE });
    expect([again.code, again.errCode]).toEqual([400, ErrCode.Conflict]);
    expect(again.msg).toMatch(/already covers/);
    expect((await invoiceable()).rows.map((o) => o.OrderID)).toContain(orders[2]); // nothing half-done
    const both = await Promise.all(
      [0, 1].map(() => call('Invoice/AddInvoice', { OrderIDs: [orders[2], orders[3]], ...TITLE })),
    );
    expect(both.map((r) => r.code).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.code === 400)!.errCode).toBe(ErrCode.Conflict);
    expect((await invoiceable()).total).toBe(0);
    const unpaid = await call('Invoice/AddInvoice', { OrderIDs: [pending], ...TITLE });
    expect([unpaid.code, unpaid.msg]).toEqual([400, 'Only paid orders can be invoiced: OrderIDs']);
  });

  it('refuses bad fields naming them, and callers without function 85', async () => {
    for (const [field, value] of [
      ['Title', ''],
      ['TaxNo', 'abc'],
      ['Email', 'not-an-email'],
      ['Type', 'gold'],
      ['OrderIDs', []],
    ] as const) {
      const r = await call('Invoice/AddInvoice', { ...TITLE, OrderIDs: [orders[0]], [field]: value });
      expect({ field, code: r.code }).toEqual({ field, code: 400 });
      expect(r.msg, field).toContain(field);
    }
    for (const path of ['Invoice/GetInvoiceableOrders', 'Invoice/GetInvoiceList', 'Invoice/AddInvoice']) {
      const r = await call(path, { PageIndex: 1, PageSize: 10, OrderIDs: [orders[0]], ...TITLE }, noFn);
      expect({ path, code: r.code }).toEqual({ path, code: 403 });
    }
    expect((await issue(noFn, rivalInvoice, PDF)).code).toBe(403);
    expect((await download(noFn, rivalInvoice)).json().code).toBe(403);
  });

  it('the provider issues with the PDF (a PDF only, once); the requester downloads it', async () => {
    const [row] = (await list(requester, { Status: 'requested', SortColumn: 'CreateTime', SortType: 'asc' })).rows;
    const id = row!.InvoiceID;
    expect((await download(requester, id)).json().code).toBe(400); // not issued yet
    const own = await issue(requester, id, PDF);
    expect(own.code).toBe(403);
    const notPdf = await issue(provider, id, Buffer.from('GIF89a not a pdf at all'));
    expect([notPdf.code, notPdf.msg]).toEqual([400, '请上传PDF文件: file']);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(INVOICE_RULES.pdfMaxBytes)]);
    expect((await issue(provider, id, big)).code).toBe(400);
    const badNo = await issue(provider, id, PDF, 'no spaces allowed');
    expect([badNo.code, badNo.msg]).toEqual([400, expect.stringContaining('InvoiceNo')]);
    const ok = await issue(provider, id, PDF);
    expect(ok.code, ok.msg).toBe(200);
    expect((await issue(provider, id, PDF)).errCode).toBe(ErrCode.Conflict);
    const after = (await list(requester)).rows.find((r) => r.InvoiceID === id)!;
    expect(after).toMatchObject({ Status: 'issued', InvoiceNo: '24332000000012345678', HasFile: true });
    expect(after.IssueTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    for (const who of [requester, provider]) {
      const file = await download(who, id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it("answers another hold's orders, invoices and units exactly like missing ones", async () => {
    const send = async (path: string, body: Record<string, unknown>) => {
      if (path === 'Invoice/IssueInvoice') return issue(provider, body.InvoiceID as number, PDF);
      if (path === 'Invoice/GetInvoiceFile') return (await download(requester, body.InvoiceID as number)).json();
      return call(path, body);
    };
    await expectRefusedLikeMissing(send, [
      ['Invoice/AddInvoice', { OrderIDs: [rivalOrder], ...TITLE }, { OrderIDs: [999_999], ...TITLE }],
      ['Invoice/AddInvoice', { OrderIDs: [orders[0], rivalOrder], ...TITLE }, { OrderIDs: [999_999], ...TITLE }],
      ['Invoice/IssueInvoice', { InvoiceID: rivalInvoice }, { InvoiceID: 999_999 }],
      ['Invoice/GetInvoiceFile', { InvoiceID: rivalInvoice }, { InvoiceID: 999_999 }],
      [
        'Invoice/GetInvoiceList',
        { PageIndex: 1, PageSize: 10, HoldID: rivalHold },
        { PageIndex: 1, PageSize: 10, HoldID: 999_999 },
      ],
    ]);
  });

  it('tells those who may issue a request of it, and the requester when it is issued', async () => {
    const { top, customer, other } = holdsOf;
    const issuer = await t.buildUser(top, [Fn.invoiceManage, Fn.simMessage]);
    const bystander = await t.buildUser(top, [Fn.vipManage, Fn.simMessage]); // above, without 85
    const peer = await t.buildUser(customer, [Fn.invoiceManage, Fn.simMessage]); // the unit itself cannot issue
    const superAdmin = await t.buildUser(customer, [], AccountType.SuperAdmin); // may issue in its own hold
    const outsider = await t.buildUser(other, [Fn.invoiceManage], AccountType.SuperAdmin);
    const asker = await t.buildUser(customer, [Fn.invoiceManage, Fn.simMessage]);
    const orderId = await order(customer.id, PayKind.WalletTopUp, 20_000);
    const added = await call<{ InvoiceID: number }>(
      'Invoice/AddInvoice',
      { OrderIDs: [orderId], ...TITLE, Type: 'special' },
      asker.token,
    );
    expect(added.code, added.msg).toBe(200);
    const id = added.data.InvoiceID;
    const noticed = async (prefix: string) =>
      (
        await t.database.db
          .select()
          .from(userNotices)
          .where(like(userNotices.dedupeKey, `${prefix}:${id}`))
      )
        .map((n) => n.userId)
        .sort((a, b) => a - b);
    const mayIssue = (await list(issuer.token)).rows.find((r) => r.InvoiceID === id)!.MayIssue;
    expect(mayIssue).toBe(true);
    // Everyone who may issue it (the fixture's provider user too); never the requester or those who may not.
    const expected = [issuer.id, superAdmin.id];
    const requested = await noticed('invoiceRequested');
    expect(requested).toEqual(expect.arrayContaining(expected));
    for (const u of [bystander, peer, outsider, asker]) expect(requested, `user ${u.id}`).not.toContain(u.id);
    const notices = async (token: string, lang: string) =>
      (
        await t.call<{ rows: { Kind: string; Title: string; Content: string; Link: string }[] }>(
          'POST',
          'Notice/GetNoticeList',
          { token, body: { PageIndex: 1, PageSize: 50, Read: -1 }, lang },
        )
      ).data.rows.filter((r) => r.Kind.startsWith('invoice'));
    const [seen] = await notices(issuer.token, 'en');
    expect(seen).toMatchObject({ Title: 'Invoice requested', Link: '/vip/invoice?Status=requested' });
    expect(seen!.Content).toBe(
      `Customer asks for an invoice (special VAT, 200.00 yuan, title “${TITLE.Title}”). Issue it.`,
    );
    expect((await notices(issuer.token, 'zh'))[0]!.Title).toBe('新的发票申请');
    expect((await notices(issuer.token, 'fr'))[0]!.Content).toContain('TVA spéciale');
    expect(await noticed('invoiceIssued')).toEqual([]);

    // A refused issue (not a PDF) tells nobody.
    expect((await issue(issuer.token, id, Buffer.from('not a pdf'))).code).toBe(400);
    expect(await noticed('invoiceIssued')).toEqual([]);
    expect((await issue(issuer.token, id, PDF, 'INV2031')).code).toBe(200);
    expect(await noticed('invoiceIssued')).toEqual([asker.id]);
    const [issued] = await notices(asker.token, 'en');
    expect(issued).toMatchObject({ Title: 'Invoice issued', Link: '/vip/invoice?Status=issued' });
    expect(issued!.Content).toContain('issued as number INV2031');
    expect((await notices(asker.token, 'zh'))[0]!.Title).toBe('发票已开具');
    expect((await notices(asker.token, 'fr'))[0]!.Title).toBe('Facture émise');
    expect(await notices(peer.token, 'en')).toEqual([]);
  });
});
