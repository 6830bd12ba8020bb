import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DashboardSummary } from '@lodestar/contract/dashboard';
import type { MonitorCounts } from '@lodestar/contract/monitor';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, screenshotDir } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// The GPS home (#15) against the real server and its simulated demo fleet of 20 trackers.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const FIGURES = ['total', 'online', 'moving', 'offline', 'unused'] as const;

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

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** The five figures as the page shows them. */
const shown = async () => {
  const out: Record<string, number> = {};
  for (const f of FIGURES)
    out[f] = Number(
      ((await page.locator(`[data-testid=dash-${f}] .ant-statistic-content-value`).textContent()) ?? '').replace(
        /\D/g,
        '',
      ),
    );
  return out;
};

/** Refreshes the page's summary and asks the monitor's counts right after, until a moving device held still between. */
async function figuresAgainstMonitor() {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = page.waitForResponse((r) => r.url().includes('Dashboard/GetSummary'));
    await page.locator('.page-layout-extra button').click();
    const summary = ((await (await answer).json()) as { data: DashboardSummary }).data;
    const counts = await api.post<MonitorCounts>('Monitor/GetMonitorCounts', {});
    const fromSummary = [summary.Total, summary.Online, summary.Moving, summary.Offline, summary.Unused];
    const fromMonitor = [counts.all, counts.online, counts.moving, counts.offline, counts.unused];
    if (JSON.stringify(fromSummary) === JSON.stringify(fromMonitor)) {
      await expect.poll(shown).toEqual(Object.fromEntries(FIGURES.map((f, i) => [f, fromSummary[i]])));
      return summary;
    }
    await page.waitForTimeout(1000);
  }
  throw new Error('the dashboard never agreed with Monitor/GetMonitorCounts');
}

describe('GPS home', () => {
  it('shows the demo fleet’s figures, the same as the monitor’s counts, linking to the filtered lists', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('首页');
    // The fleet connects within seconds of the start: wait until all 20 are counted online.
    await expect
      .poll(
        async () => {
          await page.locator('.page-layout-extra button').click();
          return (await shown()).online;
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(20);
    const summary = await figuresAgainstMonitor();
    expect(summary.Total).toBe(20);
    // Today's bar of the online rate has the fleet that reported today.
    expect(summary.OnlineRate7d).toHaveLength(7);
    expect(summary.OnlineRate7d.at(-1)).toMatchObject({ Online: 20, Total: 20, Rate: 100 });
    await page.waitForSelector('[data-testid=dash-online-rate-chart] svg');
    expect(await page.locator('[data-testid=dash-recent] tbody tr.ant-table-row').count()).toBe(10);

    // Each figure opens its filtered device list (of the unit chosen, the user's own at first); today's
    // alarms open the monitor on the alarm filter.
    const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
    const list = (q: string) => `/info/device?HoldID=${root!.HoldID}&${q}`;
    expect(await page.locator('[data-testid=dash-online] a').getAttribute('href')).toBe(list('State=online'));
    expect(await page.locator('[data-testid=dash-unused] a').getAttribute('href')).toBe(list('State=unused'));
    expect(await page.locator('[data-testid=dash-vip-30] a').getAttribute('href')).toBe(list('Vip=30'));
    expect(await page.locator('[data-testid=dash-recent] .ant-card-extra a').getAttribute('href')).toBe(
      list('Recent=1'),
    );
    expect(await page.locator('[data-testid=dash-sims-expiring] a').getAttribute('href')).toBe(
      '/recharge?DisplayState=expiring',
    );
    await page.locator('[data-testid=dash-alarms] .ant-card-extra a').click();
    await page.waitForURL((url) => url.pathname === '/monitor/online');
    await expect
      .poll(() => page.locator('[data-filter=alarm]').getAttribute('class'))
      .toContain('ant-tag-checkable-checked');
    await expect
      .poll(() => page.locator('.filter-all .monitor-filter-count').textContent())
      .toBe(String(summary.Total));

    // A unit chosen in the tree narrows the figures and the links.
    await page.goto(`${server.url}/dashboard`);
    const units = await api.get<{ HoldID: number; HoldName: string }[]>('hold/getholdselect');
    const east = units.find((u) => u.HoldName === '华东服务商')!;
    const eastCounts = await api.post<MonitorCounts>('Monitor/GetMonitorCounts', { HoldID: east.HoldID });
    expect(eastCounts.all).toBeLessThan(20);
    await page.locator('.unit-tree .ant-tree-node-content-wrapper', { hasText: '华东服务商' }).click();
    await expect
      .poll(() => page.locator('[data-testid=dash-online] a').getAttribute('href'))
      .toBe(`/info/device?HoldID=${east.HoldID}&State=online`);
    await expect.poll(async () => (await shown()).total).toBe(eastCounts.all);
    await expect.poll(() => page.locator('[data-testid=dash-unit]').textContent()).toContain('华东服务商');
    await page.locator('.unit-tree .ant-tree-node-content-wrapper', { hasText: 'Lodestar' }).first().click();
    await expect.poll(async () => (await shown()).total).toBe(20);
    // The monitor's map asks for tiles this machine cannot reach; anything else is the page's fault.
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('reads in zh, en and fr at 1440 px', async () => {
    await page.goto(`${server.url}/dashboard`);
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.waitForSelector('[data-testid=dash-online-rate-chart] svg');
      // The language menu closes once the pointer leaves it.
      await page.mouse.move(700, 600);
      await page.waitForSelector('.ant-dropdown:visible', { state: 'detached' }).catch(() => {});
      await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await browser.shot(`dashboard-${lang}`);
      await page.screenshot({ path: join(screenshotDir, `dashboard-${lang}-full.png`), fullPage: true });
    }
    await chooseLanguage('zh');
  });
});
