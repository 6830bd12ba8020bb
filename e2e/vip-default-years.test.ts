import { HoldType } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #19, spec section 9: a parent's administrator sets the VIP years a unit's new devices start with, in the
// prices dialog of /vip/upgrade; emptied, the unit inherits again.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const UNIT = 'VIP年限测试';
let unit: number;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const [own] = await api.get<{ HoldID: number }[]>('Hold/GetLeftHold');
  unit = (
    await api.post<{ HoldID: number }>('Hold/AddHold', {
      HoldName: UNIT,
      parentHoldId: own!.HoldID,
      HoldType: HoldType.Fleet,
    })
  ).HoldID;
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = () => page.locator('.form-modal:visible');
/** Dialogs and drop-downs zoom in: clicks wait until nothing moves (a loaded machine stretches the animations). */
const settled = () => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** /vip/upgrade with UNIT chosen, so its prices bar (editable by its parent's administrator) shows. */
async function openUnit() {
  await page.goto(`${server.url}/vip/upgrade`);
  await pickOption(page.getByTestId('upgrade-unit'), UNIT, { option: '.ant-select-tree-treenode', last: true });
  await page.locator('.ant-btn-primary[type=submit]').first().click();
  await page.getByTestId('prices-edit').waitFor({ timeout: 30_000 });
}

describe('default VIP years on activation', () => {
  it('sets 2 years for a unit below, shows them in the bar, and inherits again when emptied', async () => {
    onTestFailed(() => browser.shot('vip-default-years-failed'));
    await openUnit();
    await expect.poll(() => page.getByTestId('vip-default-years').textContent()).toContain('4');
    await page.getByTestId('prices-edit').click();
    const field = dialog().locator('#prices_DefaultVipYears');
    await field.waitFor();
    await settled();
    await field.fill('2');
    await dialog().locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog().waitFor({ state: 'detached' });
    const holds = await api.post<{ HoldID: number; DefaultVipYears: number; OwnDefaultVipYears: number | null }>(
      'Vip/GetPrices',
      { HoldID: unit },
    );
    expect(holds).toMatchObject({ DefaultVipYears: 2, OwnDefaultVipYears: 2 });
    await expect.poll(() => page.getByTestId('vip-default-years').textContent()).toMatch(/2/);

    await page.getByTestId('prices-edit').click();
    await dialog().locator('#prices_DefaultVipYears').waitFor();
    await settled();
    await dialog().locator('#prices_DefaultVipYears').fill('');
    await dialog().locator('.ant-modal-footer .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api.post<{ OwnDefaultVipYears: number | null }>('Vip/GetPrices', { HoldID: unit })).OwnDefaultVipYears,
      )
      .toBeNull();
  });

  it('shows the dialog in zh, en and fr', async () => {
    onTestFailed(() => browser.shot('vip-default-years-lang-failed'));
    await api.post('Vip/SetPrices', { HoldID: unit, Price1: 120, Price2: 240, DefaultVipYears: 3 });
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(page, lang);
      await openUnit();
      await browser.shot(`vip-default-years-bar-${lang}`);
      await page.getByTestId('prices-edit').click();
      await dialog().locator('#prices_DefaultVipYears').waitFor();
      await settled();
      await browser.shot(`vip-default-years-dialog-${lang}`);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
    await chooseLanguage(page, 'zh');
  });
});
