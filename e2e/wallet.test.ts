import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import {
  type Browser,
  chooseLanguage as chooseLanguageIn,
  clickToClose,
  completeSandboxPayment,
  logIn,
  openBrowser,
} from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #19 against the real server: the wallet is topped up through the payment sandbox, two devices are upgraded
// for a year from it, their VIP expiry moves to the quoted day and the wallet detail lists both movements.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商

interface VipDevice {
  DeviceID: string;
  VipExpiry: string | null;
  TrackerType: number;
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

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

const balance = async () => (await api.post<{ VPoint: number }>('Wallet/GetWallet', {})).VPoint;

describe('VIP and the wallet', () => {
  it('tops up in the sandbox, upgrades two devices from the wallet, and shows the movements', async () => {
    onTestFailed(() => browser.shot('wallet-failed'));
    const before = await balance();
    await page.goto(`${server.url}/vip/wallet`);
    await page.getByTestId('wallet-balance').waitFor({ timeout: 30_000 });
    // The second pack: ¥500 at the default rate of 1 VPoint a yuan.
    await page.getByTestId('topup-packs').locator('.ant-radio-button-wrapper').nth(1).click();
    await expect.poll(() => page.getByTestId('topup-preview').textContent()).toContain('500');
    await page.getByTestId('topup-submit').click();
    await completeSandboxPayment(page);
    await page.getByTestId('pay-done').click();
    await expect.poll(balance).toBe(before + 500);
    await expect
      .poll(() => page.getByTestId('wallet-balance').textContent())
      .toContain((before + 500).toLocaleString('en-US'));

    const devices = await api.post<{ rows: VipDevice[] }>('Vip/GetDeviceList', {
      PageIndex: 1,
      PageSize: 2,
      SortColumn: 'DeviceID',
      SortType: 'asc',
    });
    expect(devices.rows).toHaveLength(2);
    await page.goto(`${server.url}/vip/upgrade`);
    const table = page.locator('.paged-table').first();
    await table.locator('.ant-table-thead th', { hasText: '设备号' }).click();
    for (const d of devices.rows) {
      const row = table.locator('.ant-table-row', { hasText: d.DeviceID });
      await row.waitFor({ timeout: 30_000 });
      await row.locator('.ant-checkbox-input').check();
    }
    const quote = await api.post<{ Items: { DeviceID: string; NewExpiresOn: string }[]; TotalVPoint: number }>(
      'Vip/Quote',
      { DeviceIDs: devices.rows.map((d) => d.DeviceID), Months: 12, Effective: 'now' },
    );
    await expect.poll(() => page.getByTestId('upgrade-total').textContent()).toContain(String(quote.TotalVPoint));
    await page.getByTestId('upgrade-submit').click();
    await clickToClose(page.locator('.ant-popconfirm:visible'), page.locator('.ant-popconfirm .ant-btn-primary'));
    await browser.toast('升级 U');
    await expect.poll(balance).toBe(before + 500 - quote.TotalVPoint);

    const after = await api.post<{ rows: VipDevice[] }>('Vip/GetDeviceList', {
      PageIndex: 1,
      PageSize: 2,
      SortColumn: 'DeviceID',
      SortType: 'asc',
    });
    expect(after.rows.map((d) => d.VipExpiry)).toEqual(
      devices.rows.map((d) => quote.Items.find((i) => i.DeviceID === d.DeviceID)!.NewExpiresOn),
    );
    // The table shows the new expiry too.
    for (const i of quote.Items)
      await expect
        .poll(() => table.locator('.ant-table-row', { hasText: i.DeviceID }).textContent())
        .toContain(i.NewExpiresOn);

    await page.goto(`${server.url}/vip/wallet-detail`);
    const detail = page.locator('.paged-table').first();
    await detail.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => detail.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    const first = await detail.locator('.ant-table-row').first().textContent();
    expect(first).toContain(`-${quote.TotalVPoint}`);
    expect(first).toContain(String(before + 500 - quote.TotalVPoint));
    expect(await detail.locator('.ant-table-row').nth(1).textContent()).toContain('+500');

    await page.goto(`${server.url}/vip/upgrade-history`);
    await page.locator('.ant-table-row', { hasText: devices.rows[0]!.DeviceID }).waitFor({ timeout: 30_000 });
  });

  it('shows the four pages in zh, en and fr', async () => {
    onTestFailed(() => browser.shot('wallet-lang-failed'));
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.goto(`${server.url}/vip/wallet`);
      await page.getByTestId('wallet-balance').waitFor({ timeout: 30_000 });
      await page.locator('.paged-table .ant-table-row').first().waitFor({ timeout: 30_000 });
      await browser.shot(`wallet-01-wallet-${lang}`);
      await page.goto(`${server.url}/vip/wallet-detail`);
      await page.locator('.paged-table .ant-table-row').first().waitFor({ timeout: 30_000 });
      await browser.shot(`wallet-02-detail-${lang}`);
      await page.goto(`${server.url}/vip/upgrade`);
      const rows = page.locator('.paged-table .ant-table-row');
      await rows.first().waitFor({ timeout: 30_000 });
      await rows.nth(2).locator('.ant-checkbox-input').check();
      await rows.nth(3).locator('.ant-checkbox-input').check();
      await page.getByTestId('upgrade-total').waitFor({ timeout: 30_000 });
      await browser.shot(`wallet-03-upgrade-${lang}`);
      await page.getByTestId('upgrade-submit').scrollIntoViewIfNeeded();
      await browser.shot(`wallet-03-upgrade-form-${lang}`);
      await page.goto(`${server.url}/vip/upgrade-history`);
      await page.locator('.paged-table .ant-table-row').first().waitFor({ timeout: 30_000 });
      await browser.shot(`wallet-04-history-${lang}`);
    }
    await chooseLanguage('zh');
  });
});
