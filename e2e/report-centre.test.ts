import { randomBytes } from 'node:crypto';
import type { ReportResult } from '@lodestar/contract/report-centre';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// The report centre (#21) against the real server and its simulated demo fleet: today's mileage as the fleet drives.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  browser = await openBrowser();
  page = browser.page;
  api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang, { x: 700, y: 700 });

const pad = (n: number) => String(n).padStart(2, '0');
/** Today on the administrator's wall clock (Asia/Shanghai, UTC+8 all year). */
function today(): { StartTime: string; EndTime: string } {
  const s = new Date(Date.now() + 8 * 3_600_000);
  const d = `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())}`;
  return { StartTime: `${d} 00:00:00`, EndTime: `${d} 23:59:59` };
}

describe('Report centre', () => {
  it('shows today’s daily mileage with its chart and exports it to XLSX into the download centre', async () => {
    // The demo fleet drives from the start: wait until its trips (open ones included) have some distance.
    await expect
      .poll(
        async () => {
          const r = await api.post<ReportResult>('Report/Run', {
            Type: 'mileageDaily',
            ...today(),
            PageIndex: 1,
            PageSize: 100,
          });
          return r.Totals.Distance ?? 0;
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toBeGreaterThan(0);

    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/report/mileageDaily`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toContain('每日里程');
    await page.waitForSelector('[data-testid=report-chart] svg');
    await page.waitForSelector('[data-testid=report-table] tbody tr.ant-table-row');
    await page.waitForSelector('[data-testid=totals-row]');
    // Sorting goes to the server: the longest day first.
    await page.locator('[data-testid=report-table] th', { hasText: '里程' }).first().click();
    await page.locator('[data-testid=report-table] th', { hasText: '里程' }).first().click();
    await expect
      .poll(() => page.locator('[data-testid=report-table] th.ant-table-column-sort').count())
      .toBeGreaterThan(0);

    const before = await api.get<{ rows: { FileID: number; FileName: string; Status: number }[] }>(
      'Download/GetDownloadList',
      { PageIndex: 1, PageSize: 50 },
    );
    await page.locator('[data-testid=report-export] button').click();
    await page.waitForSelector('.ant-notification-notice');
    await expect
      .poll(
        async () => {
          const list = await api.get<{ rows: { FileID: number; FileName: string; Status: number }[] }>(
            'Download/GetDownloadList',
            { PageIndex: 1, PageSize: 50 },
          );
          return list.rows
            .filter((r) => !before.rows.some((b) => b.FileID === r.FileID) && r.Status === 1)
            .map((r) => r.FileName);
        },
        { timeout: 30_000 },
      )
      .toEqual([expect.stringMatching(/^每日里程-\d{8}-\d{6}\.xlsx$/)]);
    await page.locator('.ant-notification-notice a').first().click();
    await page.waitForURL((u) => u.pathname === '/user/download');
    await expect.poll(() => page.locator('tbody tr', { hasText: '每日里程' }).count()).toBeGreaterThan(0);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('reads in zh, en and fr at 1440 px', async () => {
    await page.goto(`${server.url}/report/mileageDaily`);
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.waitForSelector('[data-testid=report-chart] svg');
      await page.waitForSelector('[data-testid=report-table] tbody tr.ant-table-row');
      await expect.poll(() => page.locator('[data-testid=report-table] .ant-spin-spinning').count()).toBe(0);
      await browser.shot(`report-centre-${lang}`);
    }
    await page.goto(`${server.url}/report/stops`);
    await page.waitForSelector('[data-testid=report-centre][data-type=stops]');
    await browser.shot('report-centre-stops-fr');
    await chooseLanguage('zh');
  });
});
