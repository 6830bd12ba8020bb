import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// The batch import dialog of spec section 2 (#15) against the real server: a device sheet with planted errors,
// the row-error table, "import the good rows" and the devices in the list; then vehicles binding them.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, every function
const imei = (n: number) => `86777${String(n).padStart(10, '0')}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
let workDir: string;
/** A device the demo registered: importing it again is refused. */
let demoDevice: string;

const dialog = () => page.locator('.ant-modal:visible', { has: page.locator('[data-testid=info-import-file]') });
const errorRows = () => dialog().locator('[data-testid=info-import-errors] .ant-table-tbody .ant-table-row');

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function sheet(name: string, rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  const file = join(workDir, name);
  await book.xlsx.writeFile(file);
  return file;
}

async function openDialog(path: string) {
  if (!page.url().endsWith(path)) await page.goto(`${server.url}${path}`);
  await page.locator('[data-testid=batch-import]').click();
  await dialog().waitFor({ state: 'visible' });
}

async function importFile(file: string) {
  await dialog().locator('input[type=file]').setInputFiles(file);
  await dialog().locator('[data-testid=info-import-submit]').click();
  await dialog().locator('[data-testid=info-import-result]').waitFor({ timeout: 60_000 });
  // The dialog is usable again once the import call has answered.
  await expect.poll(() => dialog().locator('[data-testid=info-import-close]').isEnabled()).toBe(true);
}

async function closeDialog() {
  await dialog().locator('[data-testid=info-import-close]').click();
  await dialog().waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'lodestar-import-e2e-'));
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const list = await api.post<{ rows: { DeviceID: string }[] }>('Device/GetDeviceList', { PageIndex: 1, PageSize: 1 });
  demoDevice = list.rows[0]!.DeviceID;
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('batch import', () => {
  it('shows the rows with errors, imports the good rows and lists them', async () => {
    onTestFailed(async () => {
      await browser.shot('info-import-failed');
      console.error(server.lines.slice(-30).join('\n'), browser.errors);
    });
    await logIn(page, server.url, ADMIN.phone, ADMIN.password);
    await openDialog('/info/device');
    const file = await sheet('设备.xlsx', [
      ['设备号', '协议', 'SIM卡号', '设备名称', '定位器类型'],
      [imei(1), 'gt06', '14400000001', 'e2e 导入一', '有线'],
      [imei(2), 'jt808', '', 'e2e 导入二', '无线'],
      [demoDevice, 'gt06', '', '', ''],
      [imei(3), 'tk103', '', '', ''],
      ['', 'gt06', '', '缺设备号', ''],
      [imei(1), 'gt06', '', '', ''],
    ]);
    await importFile(file);
    await expect.poll(() => errorRows().count()).toBe(4);
    const table = await dialog().locator('[data-testid=info-import-errors]').textContent();
    for (const text of ['设备号已注册', '未知的协议: tk103', '必填', '与文件中前面的行重复，行号: 2'])
      expect(table).toContain(text);
    expect(await dialog().locator('[data-testid=info-import-result] .ant-alert').textContent()).toContain(
      '6 行中有 4 行有问题',
    );
    await browser.shot('info-import-errors-zh');
    const before = await api.post<{ total: number }>('Device/GetDeviceList', { PageIndex: 1, PageSize: 1 });

    await dialog().locator('[data-testid=info-import-good]').click();
    await expect
      .poll(() => dialog().locator('[data-testid=info-import-result] .ant-alert').textContent())
      .toContain('已导入 2 行');
    await expect.poll(() => dialog().locator('[data-testid=info-import-close]').isEnabled()).toBe(true);
    await closeDialog();
    const after = await api.post<{ total: number }>('Device/GetDeviceList', { PageIndex: 1, PageSize: 1 });
    expect(after.total - before.total).toBe(2);
    // The list shows them (newest first).
    await expect.poll(() => page.locator('.ant-table-tbody').first().textContent()).toContain(imei(2));
    await browser.shot('info-import-listed-zh');
  });

  it('imports vehicles binding those devices, in English and French', async () => {
    onTestFailed(async () => {
      await browser.shot('info-import-vehicles-failed');
      console.error(server.lines.slice(-30).join('\n'), browser.errors);
    });
    await chooseLanguage('en');
    await openDialog('/info/vehicle');
    const file = await sheet('vehicles.xlsx', [
      ['Plate', 'Owner', 'VIN', 'Cost (yuan)', 'Device IDs'],
      ['沪A·E2E01', 'Wang', '1M8GDM9AXKP042788', '1200.5', `${imei(1)},${imei(2)}`],
      ['', 'nobody', '', '', ''],
      ['沪A·E2E02', '', '1M8GDM9A1KP042788', 'lots', '869999999999999'],
    ]);
    await importFile(file);
    await expect.poll(() => errorRows().count()).toBe(4);
    const table = await dialog().locator('[data-testid=info-import-errors]').textContent();
    for (const text of [
      'Required',
      'Wrong check digit (position 9) in the VIN',
      'Cost is in yuan',
      'No such device in your units',
    ])
      expect(table).toContain(text);
    await browser.shot('info-import-errors-en');
    await dialog().locator('[data-testid=info-import-good]').click();
    await expect
      .poll(() => dialog().locator('[data-testid=info-import-result] .ant-alert').textContent())
      .toContain('1 row imported');
    await expect.poll(() => dialog().locator('[data-testid=info-import-close]').isEnabled()).toBe(true);
    await closeDialog();
    await expect.poll(() => page.locator('.ant-table-tbody').first().textContent()).toContain('沪A·E2E01');

    await chooseLanguage('fr');
    await openDialog('/info/device');
    await dialog().locator('[data-testid=info-import-kind]').getByText('Personnes').click();
    const persons = await sheet('personnes.xlsx', [
      ['ID appareil', 'Protocole', 'Nom', "Carte d'identité", 'Sexe'],
      [imei(10), 'gt06', 'Zhang San', '11010519491231002X', 'homme'],
      [imei(11), 'gt06', '', '110105194912310021', 'x'],
    ]);
    await importFile(persons);
    await expect.poll(() => errorRows().count()).toBe(3);
    await browser.shot('info-import-errors-fr');
    await closeDialog();
    expect(browser.errors).toEqual([]);
  });
});
