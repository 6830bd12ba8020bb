import { readFile } from 'node:fs/promises';
import { createSharedDatabase } from '@lodestar/db/testing';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import {
  type Browser,
  chooseLanguage as chooseLanguageIn,
  completeSandboxPayment,
  logIn,
  openBrowser,
  signOut,
} from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #19's invoices and bell against the real server: a unit tops up in the sandbox and asks for an invoice over
// the paid order on /vip/invoice; its provider issues it with a PDF; the unit downloads the PDF; the order cannot be
// invoiced twice. The unit's user also holds the VIP functions, so two of its devices near or past their VIP expiry
// reach its bell through the expiry scan (run when the server starts, so the server is started twice).
const PROVIDER = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const UNIT_USER = { phone: '13900000077', password: 'finance77' };
const ENV = { DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' };
const TAX_NO = '91310000MA1FL8XXXX';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const DAY_MS = 86_400_000;
/** A day in Asia/Shanghai (the users' zone) `days` from today. */
const shanghaiDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);

let database: { url: string; drop: () => Promise<void> };
let db: pg.Client;
let server: RunningServer;
let browser: Browser;
let page: Page;
let provider: ReturnType<typeof apiClient>;
let unitApi: ReturnType<typeof apiClient>;
const vipDevices: { id: string; expiry: string }[] = [];

beforeAll(async () => {
  // Our own database, so the server can be started again on it (the scan runs as the server starts).
  database = (await createSharedDatabase())!;
  server = await startServer({ ...ENV, DATABASE_URL: database.url });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const unit = (await db.query(`SELECT id, path FROM holds WHERE name LIKE '上海快运物流%'`)).rows[0];
  provider = apiClient(server.url);
  await provider.login(PROVIDER.phone, PROVIDER.password);
  await provider.post('User/AddUser', {
    HoldID: unit.id,
    Phone: UNIT_USER.phone,
    UserName: '财务小刘',
    AccountType: 2,
    // Notices, top-up, expiry reminder, wallet, VIP management (the VIP menu), upgrade VIP, invoices.
    Funs: [5, 63, 64, 66, 71, 73, 85],
    UserPassword: UNIT_USER.password,
  });
  const devices = (
    await db.query(
      `SELECT d.id, d.device_id FROM devices d JOIN holds h ON h.id = d.hold_id
        WHERE h.path LIKE $1 || '%' ORDER BY d.id LIMIT 2`,
      [unit.path],
    )
  ).rows;
  for (const [i, days] of [5, -2].entries()) {
    const expiry = shanghaiDay(days);
    await db.query('UPDATE devices SET vip_expires_at = $1 WHERE id = $2', [expiry, devices[i].id]);
    vipDevices.push({ id: devices[i].device_id, expiry });
  }
  await server.stop();
  server = await startServer({ ...ENV, DATABASE_URL: database.url });
  provider = apiClient(server.url);
  await provider.login(PROVIDER.phone, PROVIDER.password);
  unitApi = apiClient(server.url);
  await unitApi.login(UNIT_USER.phone, UNIT_USER.password);
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, UNIT_USER.phone, UNIT_USER.password);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await db?.end();
  await database?.drop();
});

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function switchUser(who: { phone: string; password: string }) {
  await signOut(page, server.url);
  await logIn(page, server.url, who.phone, who.password);
}

type InvoiceRow = { InvoiceID: number; Status: string; OrderNos: string[]; InvoiceNo: string | null };
const invoices = async (api = unitApi) =>
  (await api.post<{ rows: InvoiceRow[] }>('Invoice/GetInvoiceList', { PageIndex: 1, PageSize: 50 })).rows;
const noticeKinds = async (api: ReturnType<typeof apiClient>) =>
  (
    await api.post<{ rows: { Kind: string; Link: string }[] }>('Notice/GetNoticeList', {
      PageIndex: 1,
      PageSize: 50,
      Read: -1,
    })
  ).rows;

describe('invoices and the bell', () => {
  let orderNo = '';
  let orderId = 0;

  it('pays a top-up in the sandbox and asks for an invoice over the paid order', async () => {
    onTestFailed(() => browser.shot('invoices-failed-request'));
    await page.goto(`${server.url}/vip/wallet`);
    await page.getByTestId('wallet-balance').waitFor({ timeout: 30_000 });
    await page.getByTestId('topup-packs').locator('.ant-radio-button-wrapper').first().click();
    await page.getByTestId('topup-submit').click();
    await completeSandboxPayment(page);
    await page.getByTestId('pay-done').click();
    // The demo's billing seed paid other orders of this unit before: ours is the newest paid.
    const paid = await unitApi.post<{ rows: { OrderID: number; OrderNo: string; AmountFen: number }[] }>(
      'Invoice/GetInvoiceableOrders',
      { PageIndex: 1, PageSize: 10 },
    );
    expect(paid.rows[0]!.AmountFen).toBe(10_000);
    ({ OrderNo: orderNo, OrderID: orderId } = paid.rows[0]!);

    await page.goto(`${server.url}/vip/invoice`);
    await page.getByTestId('invoice-request').click();
    const dialog = page.locator('.ant-modal:visible');
    const row = dialog.locator('.ant-table-row', { hasText: orderNo });
    await row.waitFor({ timeout: 30_000 });
    await row.locator('.ant-checkbox-input').check();
    await dialog.locator('.ant-radio-wrapper').nth(1).click(); // special VAT
    await dialog.locator('#Title').fill('上海快运物流有限公司');
    await dialog.locator('#TaxNo').fill(TAX_NO);
    await dialog.locator('#Email').fill('finance@example.com');
    await browser.shot('invoices-01-request-dialog');
    await dialog.locator('.ant-btn-primary').click();
    await browser.toast('已提交开票申请');
    const listed = page.getByTestId('invoice-list').locator('.ant-table-row', { hasText: '上海快运物流有限公司' });
    await listed.waitFor({ timeout: 30_000 });
    expect(await listed.textContent()).toContain('待开具');
    expect((await invoices()).map((r) => [r.Status, r.OrderNos])).toEqual([['requested', [orderNo]]]);
    // The provider's staff hear of it.
    expect((await noticeKinds(provider)).map((n) => n.Kind)).toContain('invoiceRequested');
  });

  it('the same order is not offered again, and the server refuses it', async () => {
    onTestFailed(() => browser.shot('invoices-failed-twice'));
    await page.getByTestId('invoice-request').click();
    const dialog = page.locator('.ant-modal:visible');
    const offered = dialog.getByTestId('invoiceable-orders').locator('.ant-table-row');
    await offered.first().waitFor({ timeout: 30_000 });
    expect(await offered.allTextContents()).not.toContainEqual(expect.stringContaining(orderNo));
    await dialog.locator('.ant-modal-close').click();
    await expect(
      unitApi.post('Invoice/AddInvoice', {
        OrderIDs: [orderId],
        Type: 'ordinary',
        Title: 'Again',
        TaxNo: TAX_NO,
        Email: 'finance@example.com',
      }),
    ).rejects.toThrow(/400/);
  });

  it('the provider issues it with the number and the PDF; the unit downloads the PDF', async () => {
    onTestFailed(() => browser.shot('invoices-failed-issue'));
    await switchUser(PROVIDER);
    await page.goto(`${server.url}/vip/invoice`);
    const row = page.getByTestId('invoice-list').locator('.ant-table-row', { hasText: '上海快运物流有限公司' });
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('invoice-issue').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('#InvoiceNo').fill('31002600000012345');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('invoice.pdf').waitFor();
    await dialog.locator('.ant-btn-primary').click();
    await expect.poll(async () => (await invoices(provider))[0]?.Status).toBe('issued');
    await expect.poll(() => row.textContent()).toContain('31002600000012345');

    await switchUser(UNIT_USER);
    await page.goto(`${server.url}/vip/invoice`);
    const mine = page.getByTestId('invoice-list').locator('.ant-table-row', { hasText: '31002600000012345' });
    await mine.waitFor({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await mine.getByTestId('invoice-download').click();
    const got = await download;
    expect(got.suggestedFilename()).toBe('invoice-31002600000012345.pdf');
    const bytes = await readFile((await got.path())!);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    expect(bytes.equals(PDF)).toBe(true);
    const kinds = (await noticeKinds(unitApi)).map((n) => n.Kind);
    expect(kinds).toContain('invoiceIssued');
  });

  it('the bell holds the VIP notices; /vip/invoice and the notices in zh, en and fr', async () => {
    onTestFailed(() => browser.shot('invoices-failed-bell'));
    const vip = (await noticeKinds(unitApi)).filter((n) => n.Kind.startsWith('vip'));
    expect(vip.map((n) => [n.Kind, n.Link]).sort()).toEqual(
      [
        ['vipExpired', `/vip/upgrade?Keyword=${vipDevices[1]!.id}`],
        ['vipExpiring', `/vip/upgrade?Keyword=${vipDevices[0]!.id}`],
      ].sort(),
    );
    const titles = { zh: '设备VIP即将到期', en: 'Device VIP ending soon', fr: 'VIP d’appareil bientôt échu' };
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.goto(`${server.url}/vip/invoice`);
      await page.getByTestId('invoice-list').locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      await page.getByTestId('invoice-list').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      await browser.shot(`invoices-02-list-${lang}`);
      await page.getByTestId('notice-bell').click();
      await page.waitForURL(/\/message/);
      const item = page.getByTestId('notice-item').filter({ hasText: titles[lang] });
      await item.waitFor({ timeout: 30_000 });
      expect(await item.textContent()).toContain(vipDevices[0]!.expiry);
      await browser.shot(`invoices-03-bell-${lang}`);
    }
    // A VIP notice opens /vip/upgrade searching its device.
    await page.getByTestId('notice-item').filter({ hasText: titles.fr }).click();
    await page.waitForURL(/\/vip\/upgrade\?Keyword=/);
    const rows = page.locator('.paged-table .ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(vipDevices[0]!.id);
    await browser.shot('invoices-04-upgrade-from-notice-fr');
    await chooseLanguage('zh');
  });
});
