import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, clickToClose, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #19's "effective on work-order approval" in the console: /vip/upgrade charges the wallet and opens a VIP
// work order, the SIM workspace's approval dialog shows its devices, period and VPoints, and approving it moves
// the devices' expiry.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商

interface VipDevice {
  DeviceID: string;
  VipExpiry: string | null;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const order = await api.post<{ OrderID: number }>('Wallet/TopUp', { AmountFen: 100_000, Method: 1 });
  await api.post('Payment/SandboxPay', { OrderID: order.OrderID, Outcome: 'paid' });
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

const LANGS = ['zh', 'en', 'fr'] as const;

async function chooseTwoOnApproval() {
  await page.goto(`${server.url}/vip/upgrade`);
  const table = page.locator('.paged-table').first();
  await table.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
  for (const d of devices)
    await table.locator('.ant-table-row', { hasText: d.DeviceID }).locator('.ant-checkbox-input').check();
  await page.getByTestId('effective-approval').click();
  await page.getByTestId('approval-note').waitFor();
  await page.getByTestId('upgrade-total').waitFor({ timeout: 30_000 });
}

let devices: VipDevice[] = [];

describe('VIP upgrade on work-order approval', () => {
  it('offers "on approval" on /vip/upgrade, saying the expiry moves when the order is approved', async () => {
    onTestFailed(() => browser.shot('vip-approval-upgrade-failed'));
    devices = (
      await api.post<{ rows: VipDevice[] }>('Vip/GetDeviceList', {
        PageIndex: 1,
        PageSize: 2,
        SortColumn: 'DeviceID',
        SortType: 'desc',
      })
    ).rows;
    expect(devices).toHaveLength(2);
    for (const lang of LANGS) {
      await chooseLanguage(lang);
      await chooseTwoOnApproval();
      await page.getByTestId('approval-note').scrollIntoViewIfNeeded();
      await browser.shot(`vip-approval-01-upgrade-${lang}`);
    }
    await chooseLanguage('zh');
  });

  it('pays now, and the approval dialog decides the order: the expiry moves only when it is approved', async () => {
    onTestFailed(() => browser.shot('vip-approval-review-failed'));
    await chooseTwoOnApproval();
    const replied = page.waitForResponse((r) => r.url().includes('/Vip/Upgrade'));
    await page.getByTestId('upgrade-submit').click();
    await clickToClose(page.locator('.ant-popconfirm:visible'), page.locator('.ant-popconfirm .ant-btn-primary'));
    const up = ((await (await replied).json()) as { data: { UpgradeID: number; WorkIDs: number[] } }).data;
    expect(up.WorkIDs).toHaveLength(1);
    await browser.toast(`升级 U${up.UpgradeID} 已提交审批`);
    const still = await api.post<{ rows: VipDevice[] }>('Vip/GetDeviceList', {
      PageIndex: 1,
      PageSize: 2,
      SortColumn: 'DeviceID',
      SortType: 'desc',
    });
    expect(still.rows.map((d) => d.VipExpiry)).toEqual(devices.map((d) => d.VipExpiry));

    await page.goto(`${server.url}/home/index`);
    const dialog = page.locator('.work-order-dialog');
    const row = dialog.locator('.ant-table-row', { hasText: `U${up.UpgradeID}` });
    for (const lang of LANGS) {
      await chooseLanguage(lang);
      await page.locator('.work-count').click();
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getByTestId(`vip-order-devices-${up.WorkIDs[0]}`).textContent()).toContain(devices[0]!.DeviceID);
      await browser.shot(`vip-approval-02-orders-${lang}`);
      await row.locator('.work-approve').click();
      const approval = page.locator('.approval-dialog');
      await approval.locator('.approval-vip-note').waitFor();
      // The modal zooms in: a shot taken during the animation shows nothing of it.
      await page.waitForFunction(() => {
        const modal = document.querySelector<HTMLElement>('.approval-dialog');
        return (
          !!modal &&
          !/zoom|fade/.test(modal.className) &&
          getComputedStyle(modal).opacity === '1' &&
          getComputedStyle(modal).transform === 'none'
        );
      });
      expect(await approval.textContent()).toContain(`U${up.UpgradeID}`);
      await browser.shot(`vip-approval-03-review-${lang}`);
      if (lang !== 'fr') {
        await approval.locator('.ant-modal-footer .ant-btn').first().click();
        await approval.waitFor({ state: 'hidden' });
        await dialog.locator('.ant-modal-close').first().click();
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    await page.locator('.approval-dialog .approval-save').click();
    await browser.toast('Accepté (1)');
    await expect
      .poll(async () =>
        (
          await api.post<{ rows: VipDevice[] }>('Vip/GetDeviceList', {
            PageIndex: 1,
            PageSize: 2,
            SortColumn: 'DeviceID',
            SortType: 'desc',
          })
        ).rows.map((d) => d.VipExpiry),
      )
      .not.toEqual(devices.map((d) => d.VipExpiry));
    await page.locator('.work-order-dialog .ant-modal-close').first().click();

    await page.goto(`${server.url}/vip/upgrade-history`);
    await page.getByTestId(`upgrade-effective-${up.UpgradeID}`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`upgrade-effective-${up.UpgradeID}`).textContent()).toContain(String(up.WorkIDs[0]));
    await browser.shot('vip-approval-04-history-fr');
    await chooseLanguage('zh');
  });
});
