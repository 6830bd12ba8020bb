import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import {
  type Browser,
  chooseLanguage as chooseLanguageIn,
  clickToClose,
  logIn,
  openBrowser,
  pickOption,
} from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// /info/vehicle (#15) against the real server: a vehicle added through the form with two devices (one wired, one
// wireless), a home point picked on the map and its cost in yuan; then found in the online monitor by its plate.
// A second vehicle asking for one of those devices is told where it is and moves it only when confirmed.
// Screenshots in zh, en and fr.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const PLATE = '浙E2E001';
const OTHER_PLATE = '浙E2E002';
const WIRED = '868120399000001';
const WIRELESS = '868120399000002';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

type VehicleRow = { VehicleID: number; Plate: string; DeviceIDs: string[]; Cost: number; HomeLat: number | null };

const modal = () => page.locator('.form-modal:visible');
const lines = () => page.locator('[data-testid=vehicle-table] .ant-table-tbody .ant-table-row');
const line = (text: string) => lines().filter({ hasText: text });
const save = () => modal().locator('.ant-modal-footer .ant-btn-primary').click();

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

/** Picks a device in the bound-devices select by typing a part of its ID. */
async function pickDevice(id: string) {
  await pickOption(modal().locator('[data-testid=vehicle-devices]'), id, {
    option: `.ant-select-item-option[title^="${id}"]`,
    search: id.slice(-6),
  });
}

async function vehicle(plate: string): Promise<VehicleRow | undefined> {
  const page = await api.post<{ rows: VehicleRow[] }>('Vehicle/GetVehicleList', {
    PageIndex: 1,
    PageSize: 10,
    Keyword: plate,
  });
  return page.rows.find((r) => r.Plate === plate);
}

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const me = await api.get<{ HoldID: number }>('User/GetUserInfo');
  await api.post('Device/AddDevice', { DeviceID: WIRED, Protocol: 'gt06', HoldID: me.HoldID, TrackerType: 'wired' });
  await api.post('Device/AddDevice', {
    DeviceID: WIRELESS,
    Protocol: 'gt06',
    HoldID: me.HoldID,
    TrackerType: 'wireless',
  });
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('vehicles', () => {
  it('adds a vehicle with two devices through the form; a refused save keeps what was typed', async () => {
    onTestFailed(() => browser.shot('vehicles-add-failed'));
    await open('/info/vehicle');
    await browser.shot('vehicles-01-list-zh');
    await page.locator('[data-testid=vehicle-add]').click();
    await modal().waitFor();
    // No plate: named under its field, nothing sent.
    await save();
    await expect
      .poll(() =>
        modal()
          .locator('.ant-form-item', { has: page.locator('#vehicle_form_Plate') })
          .locator('.ant-form-item-explain-error')
          .textContent(),
      )
      .toBe('请输入车牌号');

    await page.fill('#vehicle_form_Plate', PLATE);
    await page.fill('#vehicle_form_OwnerName', '测试车主');
    await page.fill('#vehicle_form_CostYuan', '1288.5');
    await pickDevice(WIRED);
    await pickDevice(WIRELESS);
    await page.keyboard.press('Escape');
    // The home point: a click on the small map.
    const map = modal().locator('[data-testid=home-point] .map-canvas');
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await map.click({ position: { x: 120, y: 90 } });
    await expect
      .poll(() => modal().locator('[data-testid=home-point-value]').textContent())
      .toMatch(/^\d+\.\d{6}, \d+/);
    // A VIN with a wrong check digit: the server's reason shows, and every typed value stays.
    await page.fill('#vehicle_form_VIN', 'LSVAU2180N2183294');
    await page.locator('#vehicle_form_VIN').blur();
    const vinError = modal()
      .locator('.ant-form-item', { has: page.locator('#vehicle_form_VIN') })
      .locator('.ant-form-item-explain-error');
    await expect.poll(() => vinError.textContent()).toBe('车架号校验位（第9位）错误');
    await browser.shot('vehicles-02-form-zh');
    await page.fill('#vehicle_form_VIN', '');
    await save();
    await browser.toast('已保存');
    await line(PLATE).waitFor();
    await expect.poll(() => line(PLATE).locator('.vehicle-device').count()).toBe(2);
    const saved = await vehicle(PLATE);
    expect(saved).toMatchObject({ DeviceIDs: [WIRED, WIRELESS], Cost: 128850 });
    expect(saved?.HomeLat).not.toBeNull();
    await settle();
    await browser.shot('vehicles-03-added-zh');
  });

  it('finds the vehicle in the online monitor by its plate, both devices', async () => {
    onTestFailed(() => browser.shot('vehicles-monitor-failed'));
    await page.goto(`${server.url}/monitor/online`);
    const input = page.locator('.monitor-search-input input');
    await input.waitFor();
    await input.fill(PLATE.toLowerCase());
    const rows = page.locator('.device-list .device-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual([WIRED, WIRELESS]);
    await expect.poll(() => rows.first().locator('.device-row-plate').textContent()).toBe(PLATE);
    await browser.shot('vehicles-04-monitor-zh');
  });

  it('asks before moving a device bound to another vehicle, naming where it is', async () => {
    onTestFailed(() => browser.shot('vehicles-force-failed'));
    await open('/info/vehicle');
    await page.locator('[data-testid=vehicle-add]').click();
    await modal().waitFor();
    await page.fill('#vehicle_form_Plate', OTHER_PLATE);
    await pickDevice(WIRELESS);
    await page.keyboard.press('Escape');
    await save();
    const ask = page.locator('.ant-modal-confirm:visible');
    await ask.waitFor();
    expect(await ask.locator('[data-testid=bound-elsewhere]').textContent()).toContain(`${WIRELESS} → 车辆 ${PLATE}`);
    await browser.shot('vehicles-05-bound-elsewhere-zh');
    await clickToClose(ask, ask.locator('.ant-btn-primary'));
    await browser.toast('已保存');
    await line(OTHER_PLATE).waitFor();
    expect((await vehicle(OTHER_PLATE))?.DeviceIDs).toEqual([WIRELESS]);
    expect((await vehicle(PLATE))?.DeviceIDs).toEqual([WIRED]);
  });

  it('shows the list and form in English and French', async () => {
    onTestFailed(() => browser.shot('vehicles-lang-failed'));
    for (const lang of ['en', 'fr'] as const) {
      await open('/info/vehicle');
      await chooseLanguage(lang);
      await settle();
      await browser.shot(`vehicles-06-list-${lang}`);
      await line(PLATE)
        .getByRole('button', { name: lang === 'en' ? 'Edit' : 'Modifier' })
        .click();
      await modal().waitFor();
      await settle();
      await browser.shot(`vehicles-07-form-${lang}`);
      await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    }
    await chooseLanguage('zh');
  });
});
