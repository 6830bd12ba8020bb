import type { MoveResult } from '@lodestar/contract/moves';
import { HoldType } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Move parent / migrate (#15) against the real server: two of three devices of a unit are selected on /info/device,
// moved to another unit through the dialog (its preview lists them first), and leave the first unit's list.
// Screenshots of the dialog in zh, en and fr.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const DEVICES = ['869000000088001', '869000000088002', '869000000088003'];

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
const units = { from: 0, to: 0 };

const rows = () => page.locator('[data-testid=device-table] .ant-table-tbody .ant-table-row');
const dialog = () => page.locator('.move-dialog:visible');

async function settle() {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

async function openUnit(holdId: number) {
  await page.goto(`${server.url}/info/device?HoldID=${holdId}`);
  await page.locator('.page-layout').first().waitFor();
  await settle();
}

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function select(deviceIds: string[]) {
  for (const id of deviceIds) await rows().filter({ hasText: id }).locator('.ant-checkbox-input').check();
}

/** Opens the dialog for the selected rows and picks the target unit in its unit tree. */
async function openDialogTo(unitName: string) {
  await page.locator('[data-testid=move-open]').click();
  await dialog().waitFor();
  await pickOption(dialog().locator('[data-testid=move-hold]'), unitName, {
    option: '.ant-select-tree-treenode',
    last: true,
  });
  await dialog().locator('[data-testid=move-preview]').waitFor();
  await settle();
}

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const [own] = await api.get<{ HoldID: number }[]>('Hold/GetLeftHold');
  for (const [key, name] of [
    ['from', '迁移测试甲'],
    ['to', '迁移测试乙'],
  ] as const)
    units[key] = (
      await api.post<{ HoldID: number }>('Hold/AddHold', {
        HoldName: name,
        parentHoldId: own!.HoldID,
        HoldType: HoldType.Fleet,
      })
    ).HoldID;
  // Two of the seed's SIM cards in the devices, so the preview shows them going along.
  const cards = await api.post<{ rows: { MSISDN: string; State: number }[] }>('Sim/GetSimList', {
    PageIndex: 1,
    PageSize: 20,
  });
  const numbers = cards.rows.filter((c) => c.MSISDN && c.State !== 7).map((c) => c.MSISDN);
  for (const [i, DeviceID] of DEVICES.entries())
    await api.post('Device/AddDevice', {
      DeviceID,
      Protocol: 'gt06',
      HoldID: units.from,
      SIM: numbers[i] ?? '',
      ObjectType: 1,
    });
  // The first device is on a car that stays: moved alone, it is taken off it.
  await api.post('Vehicle/AddVehicle', { HoldID: units.from, Plate: '沪A·E2E01', DeviceIDs: [DEVICES[0]] });
  // The third is on a car that is moved whole at the end: it goes along.
  await api.post('Vehicle/AddVehicle', { HoldID: units.from, Plate: '沪A·E2E02', DeviceIDs: [DEVICES[2]] });
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('move devices', () => {
  it('moves two devices to another unit: the preview lists them, then they leave the first unit’s list', async () => {
    onTestFailed(() => browser.shot('moves-failed'));
    await openUnit(units.from);
    await expect.poll(() => rows().count()).toBe(3);
    await select(DEVICES.slice(0, 2));
    await expect.poll(() => page.locator('[data-testid=move-open]').textContent()).toContain('2');
    await browser.shot('moves-00-selected-zh');
    await openDialogTo('迁移测试乙');
    const previewed = dialog().locator('[data-testid=move-devices] .ant-table-tbody .ant-table-row');
    await expect.poll(() => previewed.count()).toBe(2);
    expect(await dialog().locator('[data-testid=move-summary]').textContent()).toContain('2 台设备');
    expect(await previewed.first().textContent()).toContain('与车辆 沪A·E2E01 解绑');
    await browser.shot('moves-01-preview-zh');
    // The preview changed nothing.
    const still = await api.post<{ total: number }>('Device/GetDeviceList', {
      PageIndex: 1,
      PageSize: 10,
      HoldID: units.from,
    });
    expect(still.total).toBe(3);

    await dialog().locator('[data-testid=move-confirm]').click();
    await dialog().locator('[data-testid=move-done]').waitFor();
    await browser.shot('moves-02-done-zh');
    await dialog().locator('[data-testid=move-close]').click();
    await dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(DEVICES[2]);
    const moved = await api.post<{ rows: { DeviceID: string }[] }>('Device/GetDeviceList', {
      PageIndex: 1,
      PageSize: 10,
      HoldID: units.to,
    });
    expect(moved.rows.map((r) => r.DeviceID).sort()).toEqual(DEVICES.slice(0, 2));
  });

  it('reads in English and French, nothing cut off', async () => {
    onTestFailed(() => browser.shot('moves-lang-failed'));
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await openUnit(units.from);
      await expect.poll(() => rows().count()).toBe(1);
      await select([DEVICES[2]!]);
      await openDialogTo('迁移测试乙');
      await browser.shot(`moves-03-preview-${lang}`);
      await dialog().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      await dialog()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
    await chooseLanguage('zh');
    // Nothing moved by looking.
    const after = await api.post<MoveResult>('Device/MoveDevices', {
      DeviceIDs: [DEVICES[2]],
      HoldID: units.to,
      DryRun: true,
    });
    expect(after.Devices.map((d) => d.FromHoldID)).toEqual([units.from]);
  });

  it('moves a vehicle with its device from /info/vehicle', async () => {
    onTestFailed(() => browser.shot('moves-vehicle-failed'));
    await page.goto(`${server.url}/info/vehicle`);
    await page.locator('.page-layout').first().waitFor();
    await page.locator('.ant-tree-treenode', { hasText: '迁移测试甲' }).locator('.ant-tree-title').click();
    await settle();
    const cars = () => page.locator('[data-testid=vehicle-table] .ant-table-tbody .ant-table-row');
    const car = cars().filter({ hasText: '沪A·E2E02' });
    await car.waitFor();
    await car.locator('.ant-checkbox-input').check();
    await openDialogTo('迁移测试乙');
    await expect
      .poll(() => dialog().locator('[data-testid=move-vehicles] .ant-table-tbody .ant-table-row').count())
      .toBe(1);
    const along = dialog().locator('[data-testid=move-devices] .ant-table-tbody .ant-table-row');
    await expect.poll(() => along.count()).toBe(1);
    expect(await along.first().textContent()).toContain('随车辆迁移');
    await browser.shot('moves-04-vehicle-preview-zh');
    await dialog().locator('[data-testid=move-confirm]').click();
    await dialog().locator('[data-testid=move-done]').waitFor();
    await dialog().locator('[data-testid=move-close]').click();
    await dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect.poll(() => car.count()).toBe(0);
    const moved = await api.post<{ rows: { DeviceID: string }[] }>('Device/GetDeviceList', {
      PageIndex: 1,
      PageSize: 10,
      HoldID: units.to,
    });
    expect(moved.rows.map((r) => r.DeviceID).sort()).toEqual(DEVICES);
  });
});
