import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatFen, monthlyFeeFen, withLuhn } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import {
  type Browser,
  chooseLanguage as chooseLanguageIn,
  clickToClose,
  logIn,
  openBrowser,
  screenshotDir,
} from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Supplier reconciliation of #6 in the console against the real server: the supplier list
// replaces the unit tree, one month's bill (built from the API's expected cards, one price off)
// is uploaded through the page, the difference shows, the price-mismatch line is found in the
// details, exported and found in the download centre. Then all four pages in zh, en and fr.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const CUSTOMER = '上海快运物流 Shanghai Express'; // an enterprise under the admin's hold
const SUPPLIER = '物联卡供应商 对账 e2e';
const MONTH = '2026-09';
const shots = process.env.SHOTS_DIR ?? screenshotDir;

const iccids = Array.from({ length: 6 }, (_, i) => withLuhn(`8986007788${String(i).padStart(9, '0')}`));

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
let workDir: string;
let supplierId: number;

const shot = (name: string) => page.screenshot({ path: join(shots, `${name}.png`) });
const toast = (text: string, timeout?: number) => browser.toast(text, timeout);

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

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

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'lodestar-recon-e2e-'));
  mkdirSync(shots, { recursive: true });
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  // A carrier, package and supplier of the admin's own (the demo's belong to the platform).
  const { OperatorID } = await api.post<{ OperatorID: number }>('operator/addoperator', {
    OperatorName: '中国移动 对账 e2e',
    Remark: '',
  });
  const { PackageID } = await api.post<{ PackageID: number }>('package/addpackage', {
    PackageName: '年包 对账 e2e',
    OperatorID,
    PeriodMonths: 12,
    DataMB: 30,
    SmsCount: 0,
    PriceFen: 2400,
    Remark: '',
  });
  ({ SupplierID: supplierId } = await api.post<{ SupplierID: number }>('supplier/addsupplier', {
    SupplierName: SUPPLIER,
    OperatorID,
    Contact: '',
    Phone: '',
    Email: '',
    Remark: '',
  }));
  // Six cards in stock, five shipped to a customer: shipped cards are billed (silent), one stays in stock.
  await api.post('Sim/ImportSims', { SupplierID: supplierId, PackageID, Rows: iccids.map((ICCID) => ({ ICCID })) });
  const holds = await api.get<{ HoldID: number; HoldName: string }[]>('hold/getholdselect', { HoldName: '' });
  const customer = holds.find((h) => h.HoldName === CUSTOMER)!.HoldID;
  await api.post('Sim/Outbound', { HoldID: customer, ICCIDFrom: iccids[0], ICCIDTo: iccids[4] });

  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The supplier's bill as the supplier would send it: every expected card, one of them 1.00 yuan dearer. */
async function writeBill(): Promise<{ file: string; expectedFen: number; planted: string }> {
  const sims = await api.post<{ rows: { ICCID: string; State: number; PackageName: string }[] }>('Sim/GetSimList', {
    PageIndex: 1,
    PageSize: 100,
    SupplierID: supplierId,
  });
  const packages = await api.get<{ PackageName: string; PriceFen: number; PeriodMonths: number }[]>(
    'package/getpackageselect',
    { PackageName: '' },
  );
  const billed = sims.rows.filter((s) => s.State !== 1);
  expect(billed).toHaveLength(5);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('账单');
  sheet.addRow(['ICCID', '卡号', '套餐', '金额']);
  let expectedFen = 0;
  billed.forEach((s, i) => {
    const pkg = packages.find((p) => p.PackageName === s.PackageName)!;
    const fee = monthlyFeeFen(pkg.PriceFen, pkg.PeriodMonths);
    expectedFen += fee;
    sheet.addRow([s.ICCID, '', s.PackageName, formatFen(i === 0 ? fee + 100 : fee)]);
  });
  const file = join(workDir, 'supplier-bill.xlsx');
  await book.xlsx.writeFile(file);
  return { file, expectedFen, planted: billed[0]!.ICCID };
}

describe('supplier reconciliation', () => {
  it('reconciles one supplier month from an uploaded bill and exports the mismatch', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: join(shots, 'recon-failed.png') });
      console.error(server.lines.slice(-30).join('\n'), browser.errors);
    });
    await page.locator('.workspace-switch').getByText('SIM卡管理').click();
    await page.waitForURL('**/home/index');
    await open('/reconciliation');

    // The supplier list shows instead of the unit tree, its first supplier is chosen (the demo
    // provider's own supplier sorts first), and clicking a name selects it.
    const panel = page.locator('[data-testid=supplier-panel]');
    await panel.waitFor();
    expect(await page.locator('.unit-tree').count()).toBe(0);
    const names = panel.locator('.supplier-panel-list button');
    await expect.poll(() => panel.locator('button.selected').count()).toBe(1);
    expect(await panel.locator('button.selected').textContent()).toBe(await names.first().textContent());
    await names.filter({ hasText: SUPPLIER }).click();
    await panel.locator('button.selected', { hasText: SUPPLIER }).waitFor();
    await page.waitForURL(new RegExp(`SupplierID=${supplierId}`));

    // Choose the month.
    const month = page.locator('[data-testid=recon-month] input');
    await month.click();
    await month.fill(MONTH);
    await month.press('Enter');
    await page.waitForURL(new RegExp(`Month=${MONTH}`));
    await settle();
    const { file, expectedFen, planted } = await writeBill();
    await expect.poll(() => page.locator('[data-testid=recon-expected]').innerText()).toContain(formatFen(expectedFen));
    expect(await page.locator('[data-testid=recon-billed]').innerText()).toContain('—');

    // A bill with bad rows is refused with every error listed, and nothing changes.
    const bad = new ExcelJS.Workbook();
    const badSheet = bad.addWorksheet('账单');
    badSheet.addRow(['ICCID', '金额']);
    badSheet.addRow(['8986', '2.00']);
    badSheet.addRow([iccids[1], '-1']);
    const badFile = join(workDir, 'bad-bill.xlsx');
    await bad.xlsx.writeFile(badFile);
    await page.locator('input[type=file]').setInputFiles(badFile);
    const errorRows = page.locator('[data-testid=bill-errors] .ant-table-tbody .ant-table-row');
    await expect.poll(() => errorRows.count()).toBe(2);
    expect(await errorRows.nth(0).innerText()).toContain('ICCID');
    expect(await errorRows.nth(1).innerText()).toContain('金额');
    expect(await page.locator('[data-testid=recon-billed]').innerText()).toContain('—');
    await shot('recon-supplier-errors-zh');

    // Upload the bill through the page.
    await page.locator('input[type=file]').setInputFiles(file);
    await toast('账单已对账');
    await expect.poll(() => page.locator('[data-testid=recon-difference]').innerText()).toContain('1.00');
    expect(await page.locator('[data-testid=recon-billed]').innerText()).toContain(formatFen(expectedFen + 100));
    expect(await page.locator('[data-testid=recon-mismatch]').innerText()).toContain('1');
    expect(await page.locator('[data-testid=recon-difference] .recon-difference, .recon-difference').count()).toBe(1);
    await shot('recon-supplier-zh');

    // Details, filtered to the price mismatch.
    await page.locator('[data-testid=recon-details]').click();
    await page.waitForURL(/\/reconciliation\/details\?ReconciliationID=\d+/);
    await settle();
    await page.locator('[data-testid=match-filter]').getByText('金额不符').click();
    await page.waitForURL(/Match=4/);
    await settle();
    const rows = page.locator('[data-testid=details-table] .ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(planted);
    const totals = page.locator('[data-testid=totals-row]');
    expect(await totals.innerText()).toContain('1.00');
    await shot('recon-details-zh');

    // Export the mismatch and find the file in the download centre.
    await page.locator('.page-layout .ant-btn', { hasText: '导出' }).click();
    await page.locator('.ant-notification-notice', { hasText: '打开下载中心' }).getByText('打开下载中心').click();
    await page.waitForURL(/\/user\/download$/);
    const entry = page
      .locator('.ant-table-tbody .ant-table-row', { hasText: /^供应商对账明细-\d{8}-\d{6}\.xlsx/ })
      .first();
    await entry.locator('[data-status="1"]', { hasText: '就绪' }).waitFor({ timeout: 20_000 });
    const download = page.waitForEvent('download');
    await entry.locator('[data-testid=download-file]').click();
    const saved = join(workDir, 'export.xlsx');
    const got = await download;
    expect(got.suggestedFilename()).toMatch(/^供应商对账明细-\d{8}-\d{6}\.xlsx$/);
    await got.saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(saved);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toContain(planted);
  });

  it('shows the records, the customer bills and all four pages in zh, en and fr', async () => {
    onTestFailed(async () => {
      await page.screenshot({ path: join(shots, 'recon-pages-failed.png') });
      console.error(server.lines.slice(-30).join('\n'), browser.errors);
    });
    // Confirm the month, after the question: it is frozen, a new upload is no longer offered.
    await open(`/reconciliation?Month=${MONTH}`);
    await page.locator('[data-testid=recon-confirm]').click();
    await clickToClose(page.locator('.ant-modal-confirm:visible'), page.locator('.ant-modal-confirm .ant-btn-primary'));
    await toast('对账已确认');
    await expect.poll(() => page.locator('[data-testid=recon-state]').innerText()).toBe('已确认');
    expect(await page.locator('[data-testid=recon-upload]').isDisabled()).toBe(true);

    await open('/reconciliation/supplier');
    // The panel's choice follows to the records page and into its address.
    await page.waitForURL(new RegExp(`/reconciliation/supplier\\?SupplierID=${supplierId}`));
    const records = page.locator('[data-testid=records-table] .ant-table-tbody .ant-table-row');
    await expect.poll(() => records.count()).toBe(1);
    expect(await records.first().innerText()).toContain(MONTH);
    await shot('recon-records-zh');

    await open('/reconciliation/bill');
    // The demo's bills of last month are there before anyone generates them (the seeded history).
    const bills = page.locator('[data-testid=bills-table] .ant-table-tbody .ant-table-row');
    await expect.poll(() => bills.count()).toBeGreaterThan(0);
    await page.locator('.page-layout .ant-btn-primary', { hasText: '生成账单' }).click();
    await clickToClose(page.locator('.ant-modal-confirm:visible'), page.locator('.ant-modal-confirm .ant-btn-primary'));
    await toast('份账单');
    await settle();
    await expect.poll(() => bills.count()).toBeGreaterThan(0);
    await page.locator('[data-testid=totals-row]').waitFor();
    await shot('recon-bills-zh');
    // Mark the first unpaid bill paid, after the question.
    const unpaid = bills.filter({ has: page.locator('.ant-tag', { hasText: '未结清' }) }).first();
    const holdName = await unpaid.locator('td').first().innerText();
    await unpaid.getByText('标记结清').click();
    await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await toast('账单已标记结清');
    const marked = bills.filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${holdName}$`) }) });
    await expect.poll(() => marked.locator('.ant-tag').innerText()).toBe('已结清');
    await marked.getByText('明细').click();
    await page.locator('[data-testid=bill-lines] .ant-table-tbody .ant-table-row').first().waitFor();
    await page.waitForTimeout(600); // the drawer slides in
    await shot('recon-bill-lines-zh');
    await page.keyboard.press('Escape');

    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      for (const [path, name] of [
        [`/reconciliation?Month=${MONTH}`, 'supplier'],
        ['/reconciliation/supplier', 'records'],
        ['/reconciliation/bill', 'bills'],
      ] as const) {
        await open(path);
        await shot(`recon-${name}-${lang}`);
      }
      await open('/reconciliation/supplier');
      await records.first().click();
      await page.waitForURL(/\/reconciliation\/details/);
      await settle();
      await shot(`recon-details-${lang}`);
    }
    expect(browser.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
