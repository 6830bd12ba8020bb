import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, clickToClose, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// /info/enterprise (#15) against the real server: the tree-table of the demo's units, an enterprise added
// with its administrator through the form (a refused save keeps what was typed), that administrator logging
// in, and a removal refused with its reason while the unit holds a device. Screenshots in zh, en and fr.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商
const NEW_ADMIN = { phone: '13911112222', password: 'new12345', name: '钱经理' };
const UNIT = '宁波港运 e2e';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

const modal = () => page.locator('.form-modal:visible');
const lines = () => page.locator('[data-testid=enterprise-table] .ant-table-tbody .ant-table-row');
const line = (text: string) => lines().filter({ hasText: text });
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

describe('enterprises', () => {
  it('shows the sub-units as a tree-table that expands', async () => {
    onTestFailed(() => browser.shot('enterprise-tree-failed'));
    await open('/info/enterprise');
    await line('上海快运物流').waitFor();
    expect(await line('冷链车队').count()).toBe(0);
    await line('上海快运物流').locator('.ant-table-row-expand-icon').click();
    await line('冷链车队').waitFor();
    await line('城配车队').waitFor();
    await settle();
    await browser.shot('enterprise-01-tree-zh');
  });

  it('adds an enterprise with its administrator; a refused save keeps what was typed', async () => {
    onTestFailed(() => browser.shot('enterprise-add-failed'));
    await open('/info/enterprise');
    await page.getByRole('button', { name: '新增企业' }).click();
    await modal().waitFor();
    await save();
    await expect.poll(() => fieldError('enterprise_Address').textContent()).toBe('请输入地址');

    await page.fill('#enterprise_HoldName', UNIT);
    await page.fill('#enterprise_Phone', ADMIN.phone); // taken: the server refuses it
    await page.fill('#enterprise_UserName', NEW_ADMIN.name);
    await page.fill('#enterprise_UserPassword', NEW_ADMIN.password);
    await page.fill('#enterprise_ConfirmPassword', NEW_ADMIN.password);
    await page.fill('#enterprise_Contact', '钱先生');
    await page.fill('#enterprise_Address', '宁波市北仑区港口路 8 号');
    await page.fill('#enterprise_DefaultProvince', '浙江');
    await modal().locator('section[data-group=gps] .fn-group-head .ant-checkbox-input').check();
    await browser.shot('enterprise-02-form-zh');
    await save();
    await expect.poll(() => fieldError('enterprise_Phone').textContent()).toContain('Phone');
    expect(await page.inputValue('#enterprise_HoldName')).toBe(UNIT);
    expect(await page.inputValue('#enterprise_Address')).toBe('宁波市北仑区港口路 8 号');

    await page.fill('#enterprise_Phone', NEW_ADMIN.phone);
    await save();
    await browser.toast('已保存');
    await line(UNIT).waitFor();
    expect(await line(UNIT).textContent()).toContain(NEW_ADMIN.phone);
  });

  it('lets the new administrator log in, standing in its own unit', async () => {
    const other = await openBrowser();
    try {
      await logIn(other.page, server.url, NEW_ADMIN.phone, NEW_ADMIN.password);
      await expect.poll(() => other.page.locator('.unit-panel-current').textContent()).toBe(UNIT);
    } finally {
      await other.close();
    }
  });

  it('refuses the administrator outside its log-in hours, saying so on the login page', async () => {
    const found = await api.post<{ rows: { HoldID: number }[] }>('Enterprise/GetEnterpriseList', {
      PageIndex: 1,
      PageSize: 10,
      Keyword: UNIT,
    });
    // A window that opens two hours from now, in the administrator's zone (the form's default, Asia/Shanghai).
    const clock = (h: number) =>
      new Date(Date.now() + h * 3_600_000).toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Shanghai',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    const HoldID = found.rows[0]!.HoldID;
    await api.post('Enterprise/ModifyEnterprise', { HoldID, AccessStart: clock(2), AccessEnd: clock(3) });
    const other = await openBrowser();
    try {
      const p = other.page;
      await p.goto(`${server.url}/login`);
      await p.fill('#password-login_Phone', NEW_ADMIN.phone);
      await p.fill('#password-login_UserPassword', NEW_ADMIN.password);
      await p.locator('.agreement-check input').first().check();
      await p.press('#password-login_UserPassword', 'Enter');
      await other.toast('当前不在账号允许的登录时段内');
      expect(p.url()).toContain('/login');
    } finally {
      await other.close();
      await api.post('Enterprise/ModifyEnterprise', { HoldID, AccessStart: '', AccessEnd: '' });
    }
  });

  it('refuses to remove a unit that holds a device, and says why', async () => {
    onTestFailed(() => browser.shot('enterprise-remove-failed'));
    const found = await api.post<{ rows: { HoldID: number }[] }>('Enterprise/GetEnterpriseList', {
      PageIndex: 1,
      PageSize: 10,
      Keyword: UNIT,
    });
    await api.post('Device/AddDevice', {
      DeviceID: '869000000099001',
      Protocol: 'gt06',
      HoldID: found.rows[0]!.HoldID,
    });
    await open('/info/enterprise');
    await line(UNIT).locator('[data-testid=enterprise-remove]').click();
    await clickToClose(
      page.locator('.ant-modal-confirm:visible'),
      page.locator('.ant-modal-confirm .ant-btn-dangerous'),
    );
    await expect.poll(() => page.locator('[data-testid=enterprise-refusal]').textContent()).toBe('该单位下还有设备: 1');
    await line(UNIT).waitFor();
    await browser.shot('enterprise-03-refused-zh');
  });

  it('reads in English and French, nothing cut off', async () => {
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await open('/info/enterprise');
      await line('上海快运物流').locator('.ant-table-row-expand-icon').click();
      await line('冷链车队').waitFor();
      await settle();
      await browser.shot(`enterprise-04-tree-${lang}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Add enterprise' : 'Ajouter une entreprise' }).click();
      await modal().waitFor();
      await settle();
      await browser.shot(`enterprise-05-form-${lang}`);
      await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
      await open('/info/user');
      await browser.shot(`enterprise-06-users-${lang}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Add account' : 'Ajouter un compte' }).click();
      await modal().waitFor();
      await settle();
      await browser.shot(`enterprise-07-user-form-${lang}`);
      await modal().locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    }
    await chooseLanguage('zh');
    await open('/info/user');
    await browser.shot('enterprise-06-users-zh');
  });

  it('/info/user grants permissions in a dialog, kept by the server', async () => {
    onTestFailed(() => browser.shot('enterprise-permissions-failed'));
    await open('/info/user');
    const row = page.locator('.paged-table .ant-table-row').filter({ hasText: NEW_ADMIN.phone });
    await row.getByRole('button', { name: '权限' }).click();
    await modal().waitFor();
    await settle();
    await browser.shot('enterprise-08-permissions-zh');
    await modal().locator('section[data-group=gps] .fn-group-head .ant-checkbox-input').uncheck();
    await save();
    await browser.toast('已保存');
    const users = await api.post<{ rows: { Phone: string; Funs: number[] }[] }>('User/GetUserList', {
      PageIndex: 1,
      PageSize: 10,
      Keyword: NEW_ADMIN.phone,
    });
    expect(users.rows[0]?.Funs).toEqual([]);
  });
});
