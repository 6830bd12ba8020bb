import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// The user lives in Kiritimati (UTC+14), the browser in Pago Pago (UTC-11): 25 hours apart, so the
// browser's calendar day is never the user's, whatever the hour the test runs.
const USER_ZONE = 'Pacific/Kiritimati';
const BROWSER_ZONE = 'Pacific/Pago_Pago';
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
const api = () => apiClient(server.url);

/** Today as the user's wall clock shows it, 'YYYY-MM-DD'. */
const userToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: USER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

beforeAll(async () => {
  server = await startServer({ DEMO: '0', ADMIN_PHONE, ADMIN_PASSWORD, GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  browser = await openBrowser({ timezoneId: BROWSER_ZONE });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the user's time zone and language", () => {
  it("opens the operation log on the user's today, and saves the language picked on the log-in page", async () => {
    const admin = api();
    await admin.login(ADMIN_PHONE, ADMIN_PASSWORD);
    await admin.post('User/SaveSettings', { TimeZone: USER_ZONE, Language: 'zh' });
    const carrier = `TZ-${randomBytes(3).toString('hex')}`;
    await admin.post('operator/addoperator', { OperatorName: carrier, Remark: '' });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);

    // English picked on the log-in page, before logging in.
    await page.goto(`${server.url}/login`);
    await page.locator('.language-switch').first().click();
    await page.locator('.ant-dropdown:visible [data-lang=en]').click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('en'));
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);

    await page.goto(`${server.url}/log`);
    const row = page.locator('.ant-table-row', { hasText: carrier });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Add carrier');
    // The range ends at the end of the user's today, not the browser's (a day earlier there).
    const end = await page.locator('.ant-picker-range input').nth(1).inputValue();
    expect(end).toBe(`${userToday()} 23:59:59`);
    await browser.shot('user-zone-log-en');

    // The profile learned the language the interface speaks, and the settings page says so.
    await expect.poll(async () => (await admin.get<{ Language: string }>('User/GetUserInfo')).Language).toBe('en');
    await page.goto(`${server.url}/user/info`);
    const language = page.locator('.settings-card .ant-form-item', { hasText: 'Language' }).locator('.ant-select');
    await expect.poll(() => language.textContent()).toBe('English');
    await browser.shot('user-zone-settings-en');
  });
});
