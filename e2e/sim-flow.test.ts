import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withLuhn } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// The SIM administration flow of #5 in the console against the real server: stock in from a
// spreadsheet, ship to a customer, request a return, approve it from the header's pending count.
const ADMIN = { phone: '13900000001', password: 'demo1234', name: '王经理', hold: '华东服务商' }; // DEMO=1 seed
const CUSTOMER = '上海快运物流 Shanghai Express'; // an enterprise under the admin's hold
const SUPPLIER = '物联卡供应商 e2e';

const iccids = Array.from({ length: 50 }, (_, i) => withLuhn(`8986001234${String(i).padStart(9, '0')}`));
const msisdns = Array.from({ length: 50 }, (_, i) => `1440612${String(i).padStart(6, '0')}`);

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
let workDir: string;
/** Bodies the console sent to /WorkFlow/CheckWorkFlow, in order. */
const checkBodies: unknown[] = [];

const toast = (text: string, timeout?: number) => browser.toast(text, timeout);
const dialog = () => page.locator('.work-order-dialog');
const approval = () => page.locator('.approval-dialog');
const workRows = () => dialog().locator('.ant-table-tbody .ant-table-row');
const workCount = () => page.locator('.work-count').getAttribute('data-count');

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/**
 * A page of the SIM menu: hover the parent (a popover submenu), click the child. On a busy machine the popover can
 * close while it still animates in (the page under it takes the click), so the hover is tried again.
 */
async function openMenu(parent: string, child: string, path: string) {
  for (let attempt = 1; ; attempt++) {
    await page.locator('.nav-menu .ant-menu-submenu-title', { hasText: parent }).hover();
    try {
      await page.locator('.nav-popup:visible .ant-menu-item', { hasText: child }).click({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  await page.waitForURL(`**${path}`);
}

async function writeSheet(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SIM');
  sheet.addRow(['ICCID', 'MSISDN', '备注']);
  sheet.addRows(iccids.map((iccid, i) => [iccid, msisdns[i], `e2e ${i + 1}`]));
  const file = join(workDir, 'sims-e2e.xlsx');
  await book.xlsx.writeFile(file);
  return file;
}

async function openApprovals() {
  await page.locator('.work-count').click();
  await dialog().waitFor({ state: 'visible' });
  await dialog().locator('.work-order-table .ant-table-body').waitFor();
}

async function closeApprovals() {
  await dialog().locator('.ant-modal-close').click();
  await dialog().waitFor({ state: 'hidden' });
}

/** The demo's orders, rejected before the test: the "all" filter lists them too. */
let demoOrders = 0;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'lodestar-sim-e2e-'));
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  // The demo's work orders under review are rejected first, so the counts below are this test's own.
  const demo = await api.post<{
    rows: { WorkID: number; WorkType: number; TargetID: string; LockType: number | null }[];
  }>('WorkFlow/GetWorkFlowList', {
    pageIndex: 1,
    pageCount: 1000,
    CheckStatic: 1,
    IDNO: '',
    StartTime: '2000-01-01 00:00:00',
    EndTime: '2100-01-01 00:00:00',
  });
  demoOrders = demo.rows.length;
  if (demo.rows.length)
    await api.post(
      'WorkFlow/CheckWorkFlow',
      demo.rows.map(({ WorkID, WorkType, TargetID, LockType }) => ({
        WorkID,
        WorkType,
        TargetID,
        LockType,
        CheckStatus: 3,
        CheckText: 'e2e: clear the queue',
        ReHoldID: null,
      })),
    );
  // A carrier and supplier of the test's own (the demo's belong to the platform, read-only here).
  const { OperatorID } = await api.post<{ OperatorID: number }>('operator/addoperator', {
    OperatorName: '中国移动 e2e',
    Remark: '',
  });
  await api.post('supplier/addsupplier', {
    SupplierName: SUPPLIER,
    OperatorID,
    Contact: '',
    Phone: '',
    Email: '',
    Remark: '',
  });
  browser = await openBrowser();
  page = browser.page;
  page.on('request', (req) => {
    if (/\/WorkFlow\/CheckWorkFlow/i.test(req.url())) checkBodies.push(req.postDataJSON());
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('SIM administration flow', () => {
  it('imports 50 SIMs, ships 10, requests a return and approves it from the header count', async () => {
    onTestFailed(async () => {
      await browser.shot('sim-flow-failed');
      console.error(server.lines.slice(-30).join('\n'), browser.errors);
    });
    const holds = await api.get<{ HoldID: number; HoldName: string }[]>('hold/getholdselect', { HoldName: '' });
    const holdId = (name: string) => holds.find((h) => h.HoldName === name)?.HoldID;
    const adminHold = holdId(ADMIN.hold);
    const customerHold = holdId(CUSTOMER);
    expect(adminHold && customerHold).toBeTruthy();

    await logIn(page, server.url, ADMIN.phone, ADMIN.password);

    // The pending count lives in the SIM workspace only.
    expect(await page.locator('.work-count').count()).toBe(0);
    await page.locator('.workspace-switch').getByText('SIM卡管理').click();
    await page.waitForURL('**/home/index');
    await expect.poll(workCount).toBe('0');

    // Inbound: a spreadsheet of 50 SIMs from the supplier, through the page.
    const inStock = async () =>
      (await api.post<{ total: number }>('Sim/GetSimList', { PageIndex: 1, PageSize: 1, State: 1 })).total;
    const stockBefore = await inStock(); // the demo provider keeps some cards of its own in stock
    await openMenu('SIM卡管理', '入库', '/manage/warehousing');
    await pickOption(page.locator('.import-form .ant-select').first(), SUPPLIER);
    await page.locator('.import-form input[type=file]').setInputFiles(await writeSheet());
    await page.locator('[data-testid=import-submit]').click();
    await toast('已导入 50 张SIM卡', 60_000);
    expect((await inStock()) - stockBefore).toBe(50);

    // Outbound: the first ten by ICCID range to the customer (which holds demo cards already).
    const inCustomer = async () =>
      (
        await api.post<{ total: number }>('Sim/GetSimList', {
          PageIndex: 1,
          PageSize: 1,
          HoldID: customerHold,
          OnlyHold: true,
        })
      ).total;
    const before = await inCustomer();
    await openMenu('SIM卡管理', '出库', '/manage/outbound');
    await page.locator('[data-testid=outbound-mode]').getByText('ICCID 号段').click();
    await page.fill('[data-testid=outbound-from]', iccids[0] ?? '');
    await page.fill('[data-testid=outbound-to]', iccids[9] ?? '');
    await pickOption(
      page.locator('.outbound-form .ant-tree-select, .outbound-form .ant-select').first(),
      '上海快运物流',
      { option: '.ant-select-tree-title' },
    );
    await page.locator('[data-testid=outbound-submit]').click();
    await page.locator('[data-testid=outbound-confirm]').click();
    await toast('已将 10 张SIM卡出库到');
    expect((await inCustomer()) - before).toBe(10);

    // SIM business: the customer returns one card.
    await openMenu('SIM卡管理', 'SIM业务', '/manage/sim');
    await page.fill('[data-testid=filter-iccid]', iccids[0] ?? '');
    await page.press('[data-testid=filter-iccid]', 'Enter');
    const simRow = page.locator('.ant-table-tbody .ant-table-row', { hasText: iccids[0] ?? '' });
    await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    expect(await simRow.textContent()).toContain(CUSTOMER);
    await simRow.locator('[data-testid=sim-row-actions]').click();
    await page.locator('[data-testid=sim-action-3]').click();
    await page.fill('[data-testid=work-remark]', '客户退卡');
    await page.locator('[data-testid=work-submit]').click();
    await expect.poll(() => simRow.locator('[data-testid=sim-row-pending]').count()).toBe(1);
    await expect.poll(workCount).toBe('1');

    // Two more orders, stop service, by the API: the batch decision below needs more than one.
    await api.post('WorkFlow/AddWorkFlow', { WorkType: 1, TargetIDs: [iccids[1], iccids[2]], WorkCont: '欠费停机' });

    // The approval dialog from the header: under review by default, this month.
    await openApprovals();
    await expect.poll(workCount).toBe('3');
    await expect.poll(() => workRows().count()).toBe(3);
    expect(await dialog().locator('.ant-modal-title').textContent()).toBe('工单审核');
    expect(await dialog().locator('.work-status-filter').textContent()).toBe('审核中');
    const [from, to] = await dialog()
      .locator('.work-range input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    expect(await dialog().locator('.work-pager-size').textContent()).toContain('100');
    expect(await dialog().locator('.work-pager-page').allTextContents()).toEqual(['1']);
    const returnRow = workRows().filter({ hasText: iccids[0] ?? '' });
    expect(await returnRow.textContent()).toContain('退卡');
    expect(await returnRow.textContent()).toContain(msisdns[0]);
    expect(await returnRow.textContent()).toContain('客户退卡');
    expect(await returnRow.textContent()).toContain(ADMIN.name);
    await browser.shot('sim-flow-01-approval-zh');

    // Spec section 8: nothing selected → the message, and nothing is sent.
    await dialog().locator('.work-batch-approve').click();
    await toast('未选择工单');
    expect(checkBodies).toHaveLength(0);

    // Approving a return needs a receiving unit.
    await returnRow.locator('.work-approve').click();
    await approval().waitFor({ state: 'visible' });
    expect(await approval().locator('.ant-modal-title').textContent()).toBe('同意工单（1）');
    expect(await approval().locator('textarea').getAttribute('rows')).toBe('4');
    await approval().locator('.approval-save').click();
    await toast('退卡须选择接收单位');
    expect(checkBodies).toHaveLength(0);
    await pickOption(approval().locator('.receiving-unit'), ADMIN.hold, { option: '.ant-select-tree-title' });
    await approval().locator('textarea').fill('已收到退卡');
    await browser.shot('sim-flow-02-approve-return-zh');
    await approval().locator('.approval-save').click();
    await toast('已同意（1）');
    await approval().waitFor({ state: 'hidden' });
    expect(checkBodies).toEqual([
      [
        {
          WorkID: expect.any(Number),
          WorkType: 3,
          TargetID: iccids[0],
          LockType: null,
          CheckStatus: 2,
          CheckText: '已收到退卡',
          ReHoldID: adminHold,
        },
      ],
    ]);
    // The outer dialog stays open with the list and the count refreshed.
    expect(await dialog().isVisible()).toBe(true);
    await expect.poll(() => workRows().count()).toBe(2);
    await expect.poll(workCount).toBe('2');

    // Batch: select both stop orders and reject them.
    await dialog().locator('.ant-table-thead .ant-checkbox-input').check();
    expect(await dialog().locator('.work-batch .muted').textContent()).toBe('已选：2');
    await dialog().locator('.work-batch-reject').click();
    await approval().waitFor({ state: 'visible' });
    expect(await approval().locator('.receiving-unit').count()).toBe(0);
    await approval().locator('textarea').fill('号码仍在使用');
    await approval().locator('.approval-save').click();
    await toast('已驳回（2）');
    expect(checkBodies[1]).toHaveLength(2);
    expect(checkBodies[1]).toEqual(
      expect.arrayContaining(
        [iccids[1], iccids[2]].map((TargetID) => ({
          WorkID: expect.any(Number),
          WorkType: 1,
          TargetID,
          LockType: null,
          CheckStatus: 3,
          CheckText: '号码仍在使用',
          ReHoldID: null,
        })),
      ),
    );
    await expect.poll(workCount).toBe('0');
    await expect.poll(() => dialog().locator('.ant-table-placeholder').textContent()).toContain('暂无数据');

    // Every state: decided orders show status, reviewer and comment, and no buttons.
    await pickOption(dialog().locator('.work-status-filter'), '全部');
    await expect.poll(() => workRows().count()).toBe(3 + demoOrders);
    const decided = await workRows()
      .filter({ hasText: iccids[0] ?? '' })
      .textContent();
    expect(decided).toContain('已同意');
    expect(decided).toContain('已收到退卡');
    expect(decided).toContain(`退至 ${ADMIN.hold}`);
    expect(await dialog().locator('.work-approve').count()).toBe(0);
    await closeApprovals();

    // The card is back with the receiving unit.
    await page.press('[data-testid=filter-iccid]', 'Enter');
    await expect.poll(() => simRow.textContent()).toContain(ADMIN.hold);
    expect(await simRow.textContent()).not.toContain(CUSTOMER);
    const after = await api.post<{ rows: { HoldID: number; PendingWorkID: number | null }[] }>('Sim/GetSimList', {
      PageIndex: 1,
      PageSize: 10,
      ICCID: iccids[0],
    });
    expect(after.rows).toEqual([expect.objectContaining({ HoldID: adminHold, PendingWorkID: null })]);

    // The dialog in English and French (texts from the server follow the language too).
    await chooseLanguage('en');
    await openApprovals();
    await pickOption(dialog().locator('.work-status-filter'), 'All');
    await expect.poll(() => workRows().count()).toBe(3 + demoOrders);
    expect(await dialog().locator('.ant-modal-title').textContent()).toBe('Work-order approval');
    await expect
      .poll(() =>
        workRows()
          .filter({ hasText: iccids[0] ?? '' })
          .textContent(),
      )
      .toContain('Agreed');
    expect(await dialog().locator('.ant-table-thead').textContent()).toContain('Apply time');
    await browser.shot('sim-flow-03-approval-en');
    await closeApprovals();

    await chooseLanguage('fr');
    await openApprovals();
    await pickOption(dialog().locator('.work-status-filter'), 'Tous');
    await expect.poll(() => workRows().count()).toBe(3 + demoOrders);
    expect(await dialog().locator('.ant-modal-title').textContent()).toBe('Validation des ordres de travail');
    await expect
      .poll(() =>
        workRows()
          .filter({ hasText: iccids[1] ?? '' })
          .textContent(),
      )
      .toContain('Rejeté');
    expect(await dialog().locator('.work-pager-total').textContent()).toBe(`${3 + demoOrders} au total`);
    await browser.shot('sim-flow-04-approval-fr');
    await closeApprovals();

    expect(browser.errors).toEqual([]);
  });
});
