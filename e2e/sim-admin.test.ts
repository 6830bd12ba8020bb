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

// The SIM administration "information management" pages of #5 against the real server:
// carriers, packages (yuan on screen, fen on the wire), suppliers, field errors that keep what
// was typed, delete with a question, and permissions that persist.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const DISPATCHER = { phone: '13900000003', name: '李调度' }; // an ordinary user below the admin

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

const modal = () => page.locator('.form-modal:visible');
const rows = () => page.locator('.paged-table .ant-table-tbody .ant-table-row');
const row = (text: string) => rows().filter({ hasText: text });
const toast = (text: string, timeout?: number) => browser.toast(text, timeout);
const fieldError = (id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function settle() {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400); // the table's loading blur fades out
}

async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.locator('.page-layout').first().waitFor();
  await settle();
}

async function save() {
  await modal().locator('.ant-modal-footer .ant-btn-primary').click();
}

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

describe('SIM information management', () => {
  it('adds a carrier; a refused save names the field and keeps the typed values', async () => {
    onTestFailed(() => browser.shot('sim-admin-carrier-failed'));
    await open('/account/isp');
    await page.getByRole('button', { name: '新增' }).click();
    await modal().waitFor();

    // Client rule: empty name.
    await save();
    await expect.poll(() => fieldError('form_OperatorName').textContent()).toBe('请输入名称');

    await page.fill('#form_OperatorName', '中国联通 e2e');
    await page.fill('#form_Remark', '物联网专网');
    await save();
    await toast('已保存');
    await row('中国联通 e2e').waitFor();
    expect(await row('中国联通 e2e').textContent()).toContain('物联网专网');

    // Server rule: the same name again is refused; the dialog stays with the input and says which field.
    await page.getByRole('button', { name: '新增' }).click();
    await page.fill('#form_OperatorName', '中国联通 e2e');
    await page.fill('#form_Remark', '第二次');
    await save();
    const alert = modal().locator('.form-modal-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('OperatorName');
    await expect.poll(() => fieldError('form_OperatorName').textContent()).toContain('OperatorName');
    expect(await page.inputValue('#form_OperatorName')).toBe('中国联通 e2e');
    expect(await page.inputValue('#form_Remark')).toBe('第二次');
    await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await modal().waitFor({ state: 'hidden' });
    expect(await row('中国联通 e2e').count()).toBe(1);
  });

  it('keeps a dragged column width after a reload (spec section 9)', async () => {
    onTestFailed(() => browser.shot('sim-admin-widths-failed'));
    await open('/account/isp');
    const first = () => page.locator('.paged-table thead th').first();
    const before = (await first().boundingBox())?.width ?? 0;
    const handle = await first().locator('.paged-table-resize').boundingBox();
    if (!handle) throw new Error('no resize handle');
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(handle.x + 40, y, { steps: 4 });
    await page.mouse.move(handle.x + 80, y, { steps: 4 });
    await page.mouse.up();
    const dragged = (await first().boundingBox())?.width ?? 0;
    expect(dragged).toBeGreaterThan(before + 60);
    await page.reload();
    await settle();
    expect(Math.round((await first().boundingBox())?.width ?? 0)).toBe(Math.round(dragged));
    // A double-click on the handle gives the column its own width back.
    await first().locator('.paged-table-resize').dblclick();
    await expect.poll(async () => Math.round((await first().boundingBox())?.width ?? 0)).toBe(Math.round(before));
  });

  it('exports the carrier list to Excel and finds it ready in the download centre', async () => {
    onTestFailed(() => browser.shot('sim-admin-export-failed'));
    await open('/account/isp');
    await page.locator('[data-testid=crud-export] button').click();
    await page.locator('.ant-notification-notice', { hasText: '打开下载中心' }).getByText('打开下载中心').click();
    await page.waitForURL(/\/user\/download$/);
    const entry = page.locator('.ant-table-tbody .ant-table-row', { hasText: /^运营商-\d{8}-\d{6}\.xlsx/ }).first();
    await entry.locator('[data-status="1"]', { hasText: '就绪' }).waitFor({ timeout: 20_000 });
    const download = page.waitForEvent('download');
    await entry.locator('[data-testid=download-file]').click();
    expect((await download).suggestedFilename()).toMatch(/^运营商-\d{8}-\d{6}\.xlsx$/);
  });

  it('adds a package priced in yuan, stored in fen and shown back with two decimals', async () => {
    onTestFailed(() => browser.shot('sim-admin-package-failed'));
    await open('/account/package');
    await page.getByRole('button', { name: '新增' }).click();
    await modal().waitFor();
    await page.fill('#form_PackageName', '年包 24.5 e2e');
    await pickOption(modal().locator('.ant-select').first(), '中国联通 e2e');
    await page.fill('#form_DataMB', '300');
    await page.fill('#form_PriceYuan', '24.555');
    await save();
    await expect.poll(() => fieldError('form_PriceYuan').textContent()).toContain('最多两位小数');
    // Nothing typed is lost by the error.
    expect(await page.inputValue('#form_PackageName')).toBe('年包 24.5 e2e');
    expect(await page.inputValue('#form_DataMB')).toBe('300');

    await page.fill('#form_PriceYuan', '24.5');
    await save();
    await toast('已保存');
    await row('年包 24.5 e2e').waitFor();
    expect(await row('年包 24.5 e2e').locator('.money').textContent()).toBe('24.50');

    const list = await api.post<{ rows: { PackageName: string; PriceFen: number; DataMB: number }[] }>(
      'package/getpackagelist',
      { PageIndex: 1, PageSize: 20, PackageName: '年包 24.5 e2e' },
    );
    expect(list.rows).toEqual([expect.objectContaining({ PriceFen: 2450, DataMB: 300 })]);

    // Editing shows the stored price in yuan again, and 0.29 goes in as 29 fen (no float drift).
    await row('年包 24.5 e2e').getByRole('button', { name: '编辑' }).click();
    await modal().waitFor();
    expect(await page.inputValue('#form_PriceYuan')).toBe('24.50');
    await page.fill('#form_PriceYuan', '0.29');
    await save();
    await toast('已保存');
    await expect.poll(() => row('年包 24.5 e2e').locator('.money').textContent()).toBe('0.29');
    const after = await api.post<{ rows: { PriceFen: number }[] }>('package/getpackagelist', {
      PageIndex: 1,
      PageSize: 20,
      PackageName: '年包 24.5 e2e',
    });
    expect(after.rows[0]?.PriceFen).toBe(29);
  });

  it('adds a supplier of a carrier and filters by carrier', async () => {
    onTestFailed(() => browser.shot('sim-admin-supplier-failed'));
    await api.post('operator/addoperator', { OperatorName: '中国电信 e2e', Remark: '' });
    await open('/account/supplier');
    await page.getByRole('button', { name: '新增' }).click();
    await modal().waitFor();
    await page.fill('#form_SupplierName', '华南物联 e2e');
    await page.fill('#form_Phone', '12345');
    await save();
    await expect.poll(() => fieldError('form_Phone').textContent()).toBe('手机号格式错误');
    expect(await fieldError('form_OperatorID').textContent()).toBe('请选择运营商');
    await pickOption(modal().locator('.ant-select').first(), '中国联通 e2e');
    await page.fill('#form_Phone', '13512345678');
    await page.fill('#form_Contact', '陈经理');
    await save();
    await toast('已保存');
    const supplier = row('华南物联 e2e');
    await supplier.waitFor();
    expect(await supplier.textContent()).toContain('中国联通 e2e');
    expect(await supplier.textContent()).toContain('13512345678');

    // The carrier filter asks the server: another carrier's suppliers list nothing.
    await pickOption(page.locator('.filter-form .ant-select').first(), '中国电信 e2e');
    await page.locator('.filter-form button[type=submit]').click();
    await expect.poll(() => row('华南物联 e2e').count()).toBe(0);
    await pickOption(page.locator('.filter-form .ant-select').first(), '中国联通 e2e');
    await page.press('#filter_SupplierName', 'Enter');
    await expect.poll(() => row('华南物联 e2e').count()).toBe(1);
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    onTestFailed(() => browser.shot('sim-admin-delete-failed'));
    await api.post('cardtype/addcardtype', { CardTypeName: '贴片卡 e2e', OperatorID: 0, Remark: '' });
    await open('/account/card');
    const card = row('贴片卡 e2e');
    await card.waitFor();
    await card.getByRole('button', { name: '删除' }).click();
    const pop = page.locator('.ant-popconfirm:visible');
    await pop.waitFor();
    expect(await pop.textContent()).toContain('贴片卡 e2e');
    await pop.getByRole('button', { name: '取消' }).click();
    await pop.waitFor({ state: 'hidden' });
    expect(await card.count()).toBe(1);

    await card.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '删除' }).click();
    await toast('已删除');
    await expect.poll(() => row('贴片卡 e2e').count()).toBe(0);
    const left = await api.post<{ total: number }>('cardtype/getcardtypelist', {
      PageIndex: 1,
      PageSize: 20,
      CardTypeName: '贴片卡 e2e',
    });
    expect(left.total).toBe(0);
  });

  it('grants a function to an account and it persists', async () => {
    onTestFailed(() => browser.shot('sim-admin-permission-failed'));
    const before = await api.post<{ rows: { UserID: number; Funs: number[] }[] }>('User/GetUserList', {
      PageIndex: 1,
      PageSize: 20,
      Keyword: DISPATCHER.phone,
    });
    const dispatcher = before.rows[0];
    expect(dispatcher?.Funs).not.toContain(16);

    await open('/account/permission');
    await row(DISPATCHER.name).click();
    await page.waitForURL(`**/account/permission?UserID=${dispatcher?.UserID}`);
    const carriers = page.locator('.fn-matrix [data-fn="16"] input');
    const account = page.locator('.fn-matrix [data-fn="3"] input');
    await carriers.waitFor({ state: 'attached' });
    expect(await carriers.isChecked()).toBe(false);
    await page.locator('.fn-matrix [data-fn="16"] .ant-checkbox-wrapper').click();
    await expect.poll(() => carriers.isChecked()).toBe(true);
    // The parent menu entry comes with it: a carrier page is unreachable without "information management".
    expect(await account.isChecked()).toBe(true);
    await page.locator('.perm-matrix').getByRole('button', { name: '保存' }).click();
    await toast('已保存');

    await page.reload();
    await page.locator('.fn-matrix [data-fn="16"] input').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.fn-matrix [data-fn="16"] input').isChecked()).toBe(true);
    const after = await api.post<{ rows: { Funs: number[] }[] }>('User/GetUserList', {
      PageIndex: 1,
      PageSize: 20,
      Keyword: DISPATCHER.phone,
    });
    expect(after.rows[0]?.Funs).toEqual(expect.arrayContaining([3, 16, ...(dispatcher?.Funs ?? [])]));

    // Cancel all in the SIM area clears it and saving removes them again.
    await page.locator('.fn-group[data-group=sim]').getByRole('button', { name: '取消全选' }).click();
    await expect.poll(() => page.locator('.fn-matrix [data-fn="16"] input').isChecked()).toBe(false);
    await page.locator('.perm-matrix').getByRole('button', { name: '保存' }).click();
    await toast('已保存');
    const cleared = await api.post<{ rows: { Funs: number[] }[] }>('User/GetUserList', {
      PageIndex: 1,
      PageSize: 20,
      Keyword: DISPATCHER.phone,
    });
    expect(cleared.rows[0]?.Funs.filter((f) => f <= 24)).toEqual([]);
  });

  it('adds an account to the chosen unit and offers to grant it functions', async () => {
    onTestFailed(() => browser.shot('sim-admin-user-failed'));
    await open('/account/user');
    await page.getByRole('button', { name: '新增账号' }).click();
    await modal().waitFor();
    await page.fill('#form_UserName', '测试员 e2e');
    await page.fill('#form_Phone', '13700000099');
    await page.fill('#form_UserPassword', 'abc123');
    await page.fill('#form_ConfirmPassword', 'abc124');
    await save();
    await expect.poll(() => fieldError('form_ConfirmPassword').textContent()).toBe('两次输入的密码不一致');
    await page.fill('#form_ConfirmPassword', 'abc123');
    await save();
    await page.locator('.ant-message-notice', { hasText: '去分配权限' }).waitFor();
    await row('测试员 e2e').waitFor();
    expect(await row('测试员 e2e').textContent()).toContain('13700000099');
    await page.locator('.ant-message-notice').getByRole('button', { name: '去分配权限' }).click();
    await page.waitForURL('**/account/permission?UserID=*');
    await page.locator('.perm-matrix', { hasText: '测试员 e2e' }).waitFor();
  });

  it('resets an account’s password, and the account logs in with the new one', async () => {
    onTestFailed(() => browser.shot('sim-admin-reset-failed'));
    await open('/account/user');
    await row('测试员 e2e').waitFor();
    await row('测试员 e2e').getByRole('button', { name: '重置密码' }).click();
    await modal().waitFor();
    await page.fill('#reset_NewPass', 'newpass88');
    await page.fill('#reset_ConfirmPass', 'newpass88');
    await save();
    await toast('已重置“测试员 e2e”的密码');
    const other = apiClient(server.url);
    await expect(other.login('13700000099', 'abc123')).rejects.toThrow();
    await other.login('13700000099', 'newpass88');
  });

  it('adds, moves and removes a customer in the tree', async () => {
    onTestFailed(() => browser.shot('sim-admin-hold-failed'));
    await open('/account/hold');
    const tree = page.locator('.hold-admin-tree');
    await tree.locator('.ant-tree-title', { hasText: '冷链车队' }).click();
    await page.getByRole('button', { name: '新增下级' }).click();
    await modal().waitFor();
    await page.fill('#form_HoldName', 'e2e 分队');
    await save();
    await toast('已保存');
    await tree.locator('.ant-tree-title', { hasText: 'e2e 分队' }).waitFor();
    expect(await page.locator('.hold-admin-detail .ant-descriptions').textContent()).toContain('冷链车队');

    await page.getByRole('button', { name: '迁移' }).click();
    await modal().waitFor();
    await pickOption(modal().locator('.ant-select'), '杭州车贷金融', { option: '.ant-select-tree-title' });
    await save();
    await toast('已保存');
    const holds = await api.get<{ HoldID: number; HoldName: string; parentHoldId: number | null }[]>(
      'hold/getholdselect',
      { HoldName: '' },
    );
    const moved = holds.find((h) => h.HoldName === 'e2e 分队');
    expect(holds.find((h) => h.HoldID === moved?.parentHoldId)?.HoldName).toBe('杭州车贷金融');

    await page.locator('.hold-admin-actions').getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('e2e 分队');
    await clickToClose(confirm, confirm.getByRole('button', { name: '删除' }));
    await toast('已删除');
    await expect.poll(() => tree.locator('.ant-tree-title', { hasText: 'e2e 分队' }).count()).toBe(0);
  });

  it('shows the pages in zh, en and fr', async () => {
    onTestFailed(() => browser.shot('sim-admin-languages-failed'));
    const titles = {
      zh: ['运营商', '套餐', '权限'],
      en: ['Carriers', 'Packages', 'Permissions'],
      fr: ['Opérateurs', 'Forfaits', 'Permissions'],
    } as const;
    for (const lang of ['zh', 'en', 'fr'] as const) {
      if (lang !== 'zh') await chooseLanguage(lang);
      const pages = ['/account/isp', '/account/package', `/account/permission`];
      for (const [i, path] of pages.entries()) {
        await open(path);
        if (path === '/account/permission') {
          await row(DISPATCHER.name).click();
          await page.locator('.fn-matrix').waitFor();
        }
        await settle();
        expect(await page.locator('.page-layout-title').textContent()).toBe(titles[lang][i]);
        await browser.shot(`sim-admin${path.replace(/\//g, '-')}-${lang}`);
      }
    }
    await chooseLanguage('zh');
    expect(browser.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
