import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Send message (#18): from the monitor's row menu to a simulated JT/T 808 terminal over real TCP (0x8300, answered
// by its general reply), then the message in the device's history on /monitor/message.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const TEXT = `前方施工，请减速 ${randomBytes(2).toString('hex')}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
const settle = () => page.waitForTimeout(600);

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('send message', () => {
  it('sends a text from the row menu and shows it acknowledged in the device’s message history', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    // The first JT/T 808 terminal of the demo fleet, once it reports.
    const row = page.locator('.device-row[data-id^="139"]').first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toMatch(/^(?!unused)/);
    const id = (await row.getAttribute('data-id')) ?? '';
    await row.locator('.row-more').click();
    await page.locator('.row-menu:visible .ant-dropdown-menu-item', { hasText: '下发消息' }).click();
    const dialog = page.locator('.send-message-dialog');
    await expect.poll(() => dialog.locator('.message-devices').inputValue()).toBe(id);
    // The counter follows the text, at most 200.
    await dialog.locator('.message-text textarea').fill(TEXT);
    await expect.poll(() => dialog.locator('.ant-input-data-count').textContent()).toBe(`${TEXT.length} / 200`);
    await dialog.locator('.message-send').click();
    await expect
      .poll(() => dialog.locator('.batch-count[data-status=acknowledged]').textContent(), { timeout: 60_000 })
      .toBe('已应答 1');
    await settle();
    await browser.shot('m01-message-dialog-zh');
    await dialog.locator('.ant-modal-close').click();

    await page.goto(`${server.url}/monitor/message?DeviceID=${id}`);
    const list = page.locator('[data-testid=message-list]');
    const first = list.locator('.ant-table-row').first();
    await expect.poll(() => first.textContent(), { timeout: 20_000 }).toContain(TEXT);
    await expect.poll(() => first.locator('.message-status').getAttribute('data-status')).toBe('acknowledged');
    await settle();
    await browser.shot('m02-message-page-zh');
    // Nothing chosen: "select target data".
    await page.locator('.message-send-card .message-devices').fill('');
    await page.locator('.message-send-card .message-text textarea').fill('x');
    await page.locator('.message-send-card .message-send').click();
    await expect
      .poll(() => page.locator('.message-send-card .ant-form-item-explain-error').first().textContent())
      .toBe('请选择目标数据');

    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await expect.poll(() => first.locator('.message-status').textContent()).not.toBe('已应答');
      await settle();
      await browser.shot(`m03-message-page-${lang}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await settle();
    await browser.shot('m04-message-page-fr-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await chooseLanguage('zh');
  });
});
