import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Photos (#18): "take a photo" on a simulated JT/T 808 terminal over real TCP (0x8801); the simulator uploads a
// JPEG (0x0800 / 0x0801, one packet lost and asked again with 0x8800), the server stores it, the grid shows it.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
/** The demo fleet's first JT/T 808 terminal (packages/simulator ids.ts). */
const CAMERA_ID = '13900000002';

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

describe('photos', () => {
  it('takes a photo on a terminal and shows it in the grid and the viewer', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    // The terminal must be connected for the command to go out at once.
    await page.goto(`${server.url}/monitor/online`);
    await expect
      .poll(() => page.locator(`.device-row[data-id="${CAMERA_ID}"]`).getAttribute('data-status'), { timeout: 60_000 })
      .toMatch(/^(?!unused)/);
    await page.goto(`${server.url}/monitor/photo`);
    await expect.poll(() => page.locator('.photo-page .ant-empty').count()).toBe(1);
    await page.locator('.take-photo').click();
    const dialog = page.locator('.take-photo-dialog');
    await dialog.locator('.take-device').fill(CAMERA_ID);
    await settle();
    await browser.shot('p01-take-photo-zh');
    await dialog.locator('.ant-btn-primary').click();
    await browser.toast('拍照指令已排队');

    // Asked again until the upload is stored: the newest first, its thumbnail drawn from Photo/GetPhoto.
    const thumb = page.locator('.photo-thumb').first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.photos-count').waitFor();
          return thumb.count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(1);
    await expect
      .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await settle();
    await browser.shot('p02-photo-grid-zh');
    await thumb.click();
    const viewer = page.locator('.photo-viewer');
    await expect.poll(() => viewer.textContent()).toContain(CAMERA_ID);
    await expect.poll(() => viewer.locator('.photo-download').getAttribute('href')).toMatch(/^blob:/);
    await settle();
    await browser.shot('p03-photo-viewer-zh');
    await viewer.locator('.ant-modal-close').click();
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await settle();
      await browser.shot(`p04-photo-grid-${lang}`);
    }
    await chooseLanguage('zh');
  });
});
