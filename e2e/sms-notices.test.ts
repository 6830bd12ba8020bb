import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, clickToClose, completeSandboxPayment, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Issue #6 SMS and notices against the real server: manage/record's send dialog (number check by
// line, parts and cost, input kept on a refusal, the local provider's log line), manage/msg buying a
// pack through the payment sandbox, and /message with the header bell.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed, 华东服务商

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

const modal = () => page.locator('.ant-modal:visible');
const balance = async () => (await api.post<{ Balance: number }>('Sms/GetSmsBalance', {})).Balance;
const unread = () => api.post<number>('Notice/GetUnreadCount');

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

describe('SMS and notices', () => {
  it('sends SMS from manage/record: bad line named, cost shown, refusal keeps the input, log line written', async () => {
    onTestFailed(() => browser.shot('sms-send-failed'));
    const sims = await api.post<{ rows: { MSISDN: string }[] }>('Sim/GetSimList', { PageIndex: 1, PageSize: 2 });
    const [a, b] = sims.rows.map((r) => r.MSISDN) as [string, string];
    const before = await balance();
    await page.goto(`${server.url}/manage/record`);
    await page.getByTestId('sms-local-provider').first().waitFor();
    await page.getByTestId('sms-send').click();
    await modal().waitFor();

    await page.getByTestId('sms-numbers').fill(`${a}\n${b}, 12ab`);
    const content = '终端SIM卡即将到期，请及时续费。'.repeat(5); // 85 characters: two UCS-2 parts
    await page.getByTestId('sms-content').fill(content);
    await modal().locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => modal().locator('.ant-form-item-explain-error').first().textContent()).toContain('第 2 行');
    await expect
      .poll(() => page.getByTestId('sms-counter').textContent())
      .toContain(`${[...content].length} / 500 字符 · 每个号码 2 条`);
    expect(await page.getByTestId('sms-cost').textContent()).toBe('4');
    expect(await page.getByTestId('sms-balance').textContent()).toBe(String(before));

    // A number that is not one of ours: the server refuses, everything typed stays.
    await page.getByTestId('sms-numbers').fill(`${a}\n13999999999`);
    await modal().locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('sms-send-error').waitFor();
    expect(await page.getByTestId('sms-numbers').inputValue()).toBe(`${a}\n13999999999`);
    expect(await page.getByTestId('sms-content').inputValue()).toBe(content);
    expect(await balance()).toBe(before);

    const logged = server.lines.length;
    await page.getByTestId('sms-numbers').fill(`${a}, ${b}`);
    await modal().locator('.ant-modal-footer .ant-btn-primary').click();
    await modal().waitFor({ state: 'hidden' });
    expect(await balance()).toBe(before - 4);
    await expect
      .poll(() => server.lines.slice(logged).filter((l) => l.includes('[local SMS provider] SMS #')).length)
      .toBe(2);
    expect(server.lines.slice(logged).some((l) => l.includes(a) && l.includes('not delivered'))).toBe(true);
    await expect.poll(() => page.locator('.paged-table .ant-table-row', { hasText: a }).count()).toBeGreaterThan(0);
    await browser.shot('sms-record-zh');
  });

  it('buys an SMS pack in the payment sandbox; the payer gets a notice and the bell counts it', async () => {
    onTestFailed(() => browser.shot('sms-pack-failed'));
    const before = await balance();
    const unreadBefore = await unread();
    await page.goto(`${server.url}/manage/msg`);
    await page.locator('label:has([data-testid=sms-pack-sms500])').click();
    await page.locator('.ant-radio-wrapper', { hasText: '微信支付' }).click();
    await page.getByTestId('sms-buy').click();
    await modal().waitFor();
    // The renewal feature's payment dialog, shared.
    await completeSandboxPayment(page);
    expect(await balance()).toBe(before + 500);
    expect(await unread()).toBe(unreadBefore + 1);
    await page.getByTestId('pay-done').click();
    await expect.poll(() => page.getByTestId('notice-bell').getAttribute('data-count')).toBe(String(unreadBefore + 1));
  });

  it('opens a notice from /message, marks it read, then marks all read', async () => {
    onTestFailed(() => browser.shot('notices-failed'));
    const count = await unread();
    await page.getByTestId('notice-bell').click();
    await page.waitForURL(/\/message$/);
    const paid = page.getByTestId('notice-item').filter({ hasText: '支付成功' });
    await paid.waitFor();
    await browser.shot('notices-zh');
    await paid.click();
    await page.waitForURL(/\/reports\/payOrder\?OrderNo=S/);
    await expect.poll(unread).toBe(count - 1);
    await page.goto(`${server.url}/message`);
    await page.getByTestId('notice-mark-all').click();
    await clickToClose(page.locator('.ant-popconfirm:visible'), page.locator('.ant-popconfirm .ant-btn-primary'));
    await expect.poll(unread).toBe(0);
    await expect.poll(() => page.getByTestId('notice-bell').getAttribute('data-count')).toBe('0');
  });
});
