import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// /info/device (#15) against the real server: a person device added through the form, its ID card refused by its
// GB 11643 check digit under the field (what was typed kept), fixed, saved and found in the list; the list's
// filters in the address (as the GPS home links them). Screenshots in zh, en and fr.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const DEVICE = '869000000077001';
const BAD_ID = '110105194912310021';
const GOOD_ID = '11010519491231002X';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

const modal = () => page.locator('.form-modal:visible');
const rows = () => page.locator('[data-testid=device-table] .ant-table-tbody .ant-table-row');
const fieldError = (id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

async function settle() {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.locator('.page-layout').first().waitFor();
  await settle();
}

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

const save = () => modal().locator('.ant-modal-footer .ant-btn-primary').click();

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

describe('devices', () => {
  it('lists the devices of the unit with every Device field', async () => {
    onTestFailed(() => browser.shot('devices-list-failed'));
    await open('/info/device');
    await rows().first().waitFor();
    const total = await api.post<{ total: number }>('Device/GetDeviceList', { PageIndex: 1, PageSize: 1 });
    expect(total.total).toBeGreaterThan(0);
    await browser.shot('devices-01-list-zh');
    // The columns past the first screen: VIP expiry, state, times, place, battery, alarms.
    for (const [i, x] of [800, 1600, 4000].entries()) {
      await page
        .locator('[data-testid=device-table] .ant-table-content')
        .evaluate((el, left) => el.scrollTo({ left }), x);
      await page.waitForTimeout(200);
      await browser.shot(`devices-01-list-zh-right${i + 1}`);
    }
  });

  it('adds a person device: a bad ID card is refused naming the field, fixed, then found in the list', async () => {
    onTestFailed(() => browser.shot('devices-add-failed'));
    await open('/info/device');
    await page.locator('[data-testid=device-add]').click();
    await modal().waitFor();
    await modal().locator('[data-testid=device-form-type]').getByText('人员').click();
    await modal().locator('[data-testid=device-form-person]').waitFor();
    await page.fill('#device-form_DeviceID', DEVICE);
    await page.fill('#device-form_SIM', '13912340001');
    if ((await modal().locator('#device-form_HoldID').inputValue()) === '') {
      await modal().locator('[data-testid=device-form-hold]').click();
      await page.locator('.ant-select-tree-treenode:visible').first().click();
    }
    await page.fill('#device-form_Person_Name', '韩梅梅');
    await page.fill('#device-form_Person_IdCard', BAD_ID);
    await save();
    await expect.poll(() => fieldError('device-form_Person_IdCard').textContent()).toBe('身份证号校验位错误');
    await browser.shot('devices-02-bad-idcard-zh');
    // Nothing was sent: the device is not there.
    const none = await api.post<{ total: number }>('Device/GetDeviceList', {
      PageIndex: 1,
      PageSize: 1,
      Keyword: DEVICE,
    });
    expect(none.total).toBe(0);
    expect(await page.inputValue('#device-form_Person_Name')).toBe('韩梅梅');

    await page.fill('#device-form_Person_IdCard', GOOD_ID);
    await save();
    await browser.toast('已保存');
    await modal()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    await page.fill('#device-filter_Keyword', '韩梅梅');
    await page.press('#device-filter_Keyword', 'Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('Keyword')).toBe('韩梅梅');
    await settle();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(DEVICE);
    expect(await rows().first().textContent()).toContain('人员');
    await browser.shot('devices-03-found-zh');

    const stored = await api.post<{ Person: { IdCard: string; Name: string } }>('Device/GetDevice', {
      DeviceID: DEVICE,
    });
    expect(stored.Person).toMatchObject({ Name: '韩梅梅', IdCard: GOOD_ID });
  });

  it('opens the list filtered by the address, as the GPS home links it', async () => {
    onTestFailed(() => browser.shot('devices-url-failed'));
    await open('/info/device?ObjectType=2&Recent=1');
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    const texts = await rows().allTextContents();
    expect(texts.every((t) => t.includes('人员'))).toBe(true);
    await page.locator('[data-testid=device-filter-type]').waitFor();
    expect(await page.locator('[data-testid=device-filter-type]').textContent()).toContain('人员');
  });

  it('reads in English and French, nothing cut off', async () => {
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await open('/info/device');
      await rows().first().waitFor();
      await browser.shot(`devices-04-list-${lang}`);
      await page.locator('[data-testid=device-add]').click();
      await modal().waitFor();
      await modal()
        .locator('[data-testid=device-form-type]')
        .getByText(lang === 'en' ? 'Person' : 'Personne')
        .click();
      await settle();
      await browser.shot(`devices-05-form-person-${lang}`);
      await modal()
        .locator('[data-testid=device-form-type]')
        .getByText(lang === 'en' ? 'Asset' : 'Bien')
        .click();
      await settle();
      await browser.shot(`devices-06-form-asset-${lang}`);
      await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    }
    await chooseLanguage('zh');
    await open('/info/device');
    await page.locator('[data-testid=device-add]').click();
    await modal().waitFor();
    await settle();
    await browser.shot('devices-07-form-vehicle-zh');
    await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  });
});
