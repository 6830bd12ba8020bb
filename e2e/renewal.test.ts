import { formatFen, PayStatus, RenewalSource } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, completeSandboxPayment, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #6 SIM renewal against the real server: /recharge lists the expiring cards, two are
// renewed for two periods, paid with WeChat Pay in the local payment sandbox, and each card's
// expiry moves exactly once (one renewal row per card, the order paid for the quoted total).
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商

interface RenewalSim {
  SimID: number;
  ICCID: string;
  ExpiresOn: string | null;
  PriceFen: number;
  PeriodMonths: number;
  PackageID: number | null;
  PendingOrderNo: string | null;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('SIM renewal', () => {
  it('renews two expiring cards, pays in the sandbox, and moves each expiry once', async () => {
    onTestFailed(() => browser.shot('renewal-failed'));
    const list = await api.post<{ rows: RenewalSim[] }>('Renewal/GetRenewalSimList', {
      PageIndex: 1,
      PageSize: 100,
      SortColumn: 'ExpiresOn',
      SortType: 'asc',
    });
    const picked = list.rows.filter((r) => r.PackageID && !r.PendingOrderNo).slice(0, 2);
    expect(picked).toHaveLength(2);
    const total = picked.reduce((sum, r) => sum + r.PriceFen * 2, 0);

    await page.goto(`${server.url}/recharge`);
    for (const sim of picked) {
      const row = page.locator('.ant-table-row', { hasText: sim.ICCID });
      await row.waitFor({ timeout: 30_000 });
      await row.locator('.ant-checkbox-input').check();
    }
    await expect.poll(() => page.getByTestId('renewal-selected').textContent()).toContain('2');
    await page.getByTestId('renewal-open').click();
    await page.getByTestId('renewal-periods').waitFor();
    await page.getByTestId('renewal-periods').locator('.ant-segmented-item').nth(1).click();
    await page.getByTestId('renewal-method').locator('.ant-radio-button-wrapper').nth(1).click();
    // The server's quote: each card's package price × 2 periods, the total their sum.
    await expect.poll(() => page.getByTestId('renewal-total').textContent()).toBe(`¥ ${formatFen(total)}`);
    await browser.shot('renewal-dialog-zh');
    await page.getByTestId('renewal-pay').click();

    await page.getByTestId('pay-sandbox-notice').waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toContain(formatFen(total));
    await completeSandboxPayment(page);
    await browser.shot('renewal-paid-zh');

    for (const sim of picked) {
      const fees = await api.post<{
        rows: {
          ICCID: string;
          Source: number;
          FeeFen: number;
          Months: number;
          ExpiresBefore: string | null;
          ExpiresAfter: string;
          OrderNo: string;
        }[];
      }>('Report/GetRenewalFeeList', {
        PageIndex: 1,
        PageSize: 50,
        ICCID: sim.ICCID,
        Source: RenewalSource.Online,
      });
      const fresh = fees.rows.filter((r) => r.ICCID === sim.ICCID && r.ExpiresBefore === sim.ExpiresOn);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]).toMatchObject({ FeeFen: sim.PriceFen * 2, Months: sim.PeriodMonths * 2 });
      const detail = await api.post<{ ExpiresOn: string }>('Sim/GetSimDetail', { SimID: sim.SimID });
      expect(detail.ExpiresOn).toBe(fresh[0]!.ExpiresAfter);
      expect(detail.ExpiresOn > (sim.ExpiresOn ?? '')).toBe(true);

      const orders = await api.post<{ rows: { Status: number; AmountFen: number }[] }>('Payment/GetPayOrderList', {
        PageIndex: 1,
        PageSize: 10,
        OrderNo: fresh[0]!.OrderNo,
      });
      expect(orders.rows).toMatchObject([{ Status: PayStatus.Paid, AmountFen: total }]);
    }

    // The renewed cards no longer expire within 30 days: the list drops them.
    await page.getByTestId('pay-done').click();
    for (const sim of picked)
      await expect.poll(() => page.locator('.ant-table-row', { hasText: sim.ICCID }).count()).toBe(0);
  });
  it('sorts both tables by the clicked column, sending that column as SortColumn', async () => {
    onTestFailed(() => browser.shot('renewal-sort-failed'));
    const sent = (path: string) =>
      page
        .waitForRequest((r) => r.url().includes(path) && r.method() === 'POST')
        .then((r) => r.postDataJSON() as { SortColumn?: string; SortType?: string });
    await page.goto(`${server.url}/recharge`);
    const table = page.locator('.paged-table').first();
    await table.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    // The first mono cell of a row is its ICCID.
    const iccids = () =>
      table
        .locator('.ant-table-row')
        .evaluateAll((rows) => rows.map((r) => r.querySelector('td.renewal-mono')?.textContent ?? ''));

    let body = sent('Renewal/GetRenewalSimList');
    await table.locator('.ant-table-thead th', { hasText: 'ICCID' }).click();
    expect(await body).toMatchObject({ SortColumn: 'ICCID', SortType: 'asc' });
    await expect
      .poll(async () => {
        const shown = await iccids();
        return shown.length > 1 && shown.join() === [...shown].sort().join();
      })
      .toBe(true);
    body = sent('Renewal/GetRenewalSimList');
    await table.locator('.ant-table-thead th', { hasText: 'ICCID' }).click();
    expect(await body).toMatchObject({ SortColumn: 'ICCID', SortType: 'desc' });
    await expect
      .poll(async () => {
        const shown = await iccids();
        return shown.join() === [...shown].sort().reverse().join();
      })
      .toBe(true);

    await page.getByRole('tab', { name: '续费订单' }).click();
    const orders = page.locator('.paged-table', { has: page.locator('th', { hasText: '金额(元)' }) });
    await orders.waitFor();
    body = sent('Payment/GetPayOrderList');
    await orders.locator('.ant-table-thead th', { hasText: '金额(元)' }).click();
    expect(await body).toMatchObject({ SortColumn: 'AmountFen', SortType: 'asc' });
    await browser.shot('renewal-orders-sorted-zh');
  });
});
