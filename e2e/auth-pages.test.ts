import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// The forget-password and register pages against the real server, for phones with and without an
// account: the page answers alike, only the phone's holder reads the difference (docs/SECURITY.md).
const DEMO_USER_PHONE = '13900000003'; // seeded by DEMO=1
const NO_ACCOUNT_PHONE = '13655556666';
const NEW_PHONE = '13655557777';
// A phone gets one code a minute whatever the purpose, so the register page asks for another taken phone.
const ADMIN_PHONE = '13800000000';

let server: RunningServer;
let browser: Browser;
let page: Page;

const noticeFor = (phone: string, from: number) =>
  server.lines.slice(from).find((l) => l.includes(`SMS to ${phone} (written here only`));

beforeAll(async () => {
  server = await startServer({
    DEMO: '1',
    ADMIN_PHONE,
    ADMIN_PASSWORD: `e2e${randomBytes(6).toString('hex')}`,
    GATEWAY_DISABLED: '1',
    LOG_LEVEL: 'warn',
  });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('forget-password and register pages', () => {
  it('resets a password from the forget page; a phone without an account is told so by SMS only', async () => {
    await page.goto(`${server.url}/forget`);
    await expect.poll(() => page.locator('.auth-title').textContent()).toBe('找回密码');

    // No account: the page says a text went out, the text says why no code came, a code is refused.
    await page.fill('#forget_Phone', NO_ACCOUNT_PHONE);
    let from = server.lines.length;
    await page.locator('.send-code').click();
    await browser.toast('短信已发送，请查收');
    await expect.poll(() => noticeFor(NO_ACCOUNT_PHONE, from)).toContain('no account uses it');
    await page.fill('#forget_SMSCode', '123456');
    await page.fill('#forget_NewPass', 'reset2026');
    await page.fill('#forget_Confirm', 'reset2026');
    await page.locator('#forget button[type=submit]').click();
    await browser.toast('验证码无效');

    await page.reload();
    await page.fill('#forget_Phone', DEMO_USER_PHONE);
    from = server.lines.length;
    await page.locator('.send-code').click();
    const code = await server.smsCode(DEMO_USER_PHONE, from);
    await browser.toast('短信已发送，请查收');
    await page.fill('#forget_SMSCode', code);
    await page.fill('#forget_NewPass', 'reset2026');
    await page.fill('#forget_Confirm', 'reset2026');
    await browser.shot('auth-01-forget-zh');
    await page.locator('#forget button[type=submit]').click();
    await browser.toast('密码已修改，请重新登录');
    await page.waitForURL('**/login');
  });

  it('registers a new phone; a taken phone gets a notice instead of a code', async () => {
    await page.goto(`${server.url}/register`);
    await expect.poll(() => page.locator('.auth-title').textContent()).toBe('注册账号');
    await page.fill('#register-phone_Phone', ADMIN_PHONE);
    await page.locator('.slider-handle').focus();
    await page.keyboard.press('End');
    let from = server.lines.length;
    await page.locator('.send-code').click();
    await browser.toast('短信已发送，请查收');
    await expect.poll(() => noticeFor(ADMIN_PHONE, from)).toContain('already has an account');

    await page.reload();
    await page.fill('#register-phone_Phone', NEW_PHONE);
    await page.locator('.slider-handle').focus();
    await page.keyboard.press('End');
    from = server.lines.length;
    await page.locator('.send-code').click();
    const code = await server.smsCode(NEW_PHONE, from);
    await page.fill('#register-phone_SMSCode', code);
    await page.locator('#register-phone button[type=submit]').click();
    await page.fill('#register-info_UserName', '王先生');
    await page.fill('#register-info_UserPassword', 'drive2026');
    await page.fill('#register-info_Confirm', 'drive2026');
    await page.locator('#register-info button[type=submit]').click();
    await page.fill('#register-vehicle_Plate', '沪B20260');
    await page.locator('#register-vehicle button[type=submit]').click();
    await expect.poll(() => page.locator('.ant-result-title').textContent()).toBe('注册成功');
    await browser.shot('auth-02-registered-zh');
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
