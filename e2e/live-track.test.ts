import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, screenshotDir } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Live track (#16) against the real server: DEMO=1 runs 20 simulated trackers over real TCP into the
// gateway, reporting every 10 s (parked for their first minute), so a followed device's trail grows
// through the live feed.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
/** DEMO=1 seed: the 华东服务商 unit's administrator, who may not see the root unit's devices. */
const UNIT_ADMIN = { phone: '13900000001', password: 'demo1234' };
/** Registered at the root unit here and never reporting. */
const SILENT_ID = '868000000009997';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
/** The moving device the first test follows. */
let movingId = '';

const canvas = () => page.locator('.map-canvas');
const trailPoints = async () => Number(await canvas().getAttribute('data-trail-points'));

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, the demo users' zone. */
const shanghai = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** How many points the server holds for the device in the last 30 minutes. */
const serverPoints = async (id: string) =>
  (
    await api.post<unknown[]>('History/GetTrack', {
      DeviceID: id,
      StartTime: shanghai(Date.now() - 30 * 60_000),
      EndTime: shanghai(Date.now() + 60_000),
    })
  ).length;

/** A device the server calls moving, asked until the simulated fleet has left its parking. */
async function movingDevice(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const { rows } = await api.post<{ rows: { DeviceID: string; Speed: number | null }[] }>('Monitor/GetMonitorList', {
      Status: 'moving',
    });
    const fast = rows.find((r) => (r.Speed ?? 0) > 5);
    if (fast) return fast.DeviceID;
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error('no device was moving in 150 s');
}

/** The page as a phone opens it (390 px wide from the start: the side panels fold), with its panel open. */
async function phoneShots(lang: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.waitForSelector('.map-canvas[data-ready=true]');
  await expect.poll(trailPoints, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.mouse.move(200, 600);
  await page.waitForTimeout(1500);
  // The menu and the unit tree fold away: the map has nearly the whole width.
  expect(await page.locator('.live-track-body').evaluate((e) => e.clientWidth)).toBeGreaterThan(300);
  await browser.shot(`82-live-track-phone-${lang}`);
  // Folded at first on a phone; opened, it lies along the map's bottom edge.
  expect(await page.locator('.live-track-fields').count()).toBe(0);
  await page.locator('.live-track-panel-toggle').click();
  await expect.poll(() => page.locator('.live-track-fields').count()).toBe(1);
  await page.waitForTimeout(500);
  await browser.shot(`82-live-track-phone-panel-${lang}`);
}

async function desktop() {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await page.waitForSelector('.map-canvas[data-ready=true]');
}

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  await api.post('Device/AddDevice', { DeviceID: SILENT_ID, Protocol: 'gt06', HoldID: root?.HoldID });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live track', () => {
  it('opens from the monitor in a new tab, preloads 30 minutes, grows live, pauses and resumes', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    const id = await movingDevice();
    movingId = id;

    // The monitor's row menu opens the device's live track in a tab of its own.
    await page.goto(`${server.url}/monitor/online`);
    await page.fill('.monitor-search-input input', id);
    const row = page.locator(`.device-row[data-id="${id}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.locator('.row-more').click();
    const opened = browser.context.waitForEvent('page');
    await page.locator('.row-menu:visible .ant-dropdown-menu-item', { hasText: '实时跟踪' }).click();
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === '/monitor/track');
    expect(new URL(tab.url()).searchParams.get('device')).toBe(id);
    // noopener: the new page has no handle on the monitor.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    // The page itself: the last 30 minutes as the server answered them, then the live feed.
    const preload = page.waitForResponse((r) => r.url().includes('History/GetTrack'));
    await page.goto(`${server.url}/monitor/track?device=${id}`);
    const preloaded = ((await (await preload).json()) as { data: unknown[] }).data.length;
    expect(preloaded).toBeGreaterThan(0);
    await page.waitForSelector('.map-canvas[data-ready=true]');
    await expect.poll(trailPoints, { timeout: 15_000 }).toBeGreaterThanOrEqual(preloaded);
    expect(await canvas().getAttribute('data-trail-mode')).toBe('line');
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-mode'), { timeout: 20_000 }).toBe('live');
    // The device's icon is drawn, and its panel says where it is (offline geocoder: 中国…市).
    await expect.poll(() => canvas().getAttribute('data-rendered-devices')).toBe('1');
    await expect.poll(() => page.locator('.live-track-panel').getAttribute('data-id')).toBe(id);
    await expect
      .poll(() => page.locator('.live-track-panel .device-address').textContent(), { timeout: 15_000 })
      .toMatch(/^中国/);

    // New live positions extend the trail.
    const start = await trailPoints();
    await expect.poll(trailPoints, { timeout: 40_000, interval: 500 }).toBeGreaterThan(start);
    await browser.shot('80-live-track-zh');

    // Pause: the server goes on storing the device's reports, the trail does not grow.
    await page.locator('.feed-pause').click();
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-held')).toBe('true');
    await expect.poll(() => page.locator('.feed-countdown').textContent()).toBe('已暂停');
    await page.waitForTimeout(1200); // TrailLayer hands data to the map at most once a second
    const paused = await trailPoints();
    const storedAtPause = await serverPoints(id);
    await expect.poll(() => serverPoints(id), { timeout: 40_000, interval: 1000 }).toBeGreaterThan(storedAtPause);
    await page.waitForTimeout(1500);
    expect(await trailPoints()).toBe(paused);

    // Resume: what arrived meanwhile goes on, and the trail continues.
    await page.locator('.feed-pause').click();
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-held')).toBe('false');
    await expect.poll(trailPoints, { timeout: 10_000 }).toBeGreaterThan(paused);

    // Line or point.
    await page.locator('.live-track-mode .ant-segmented-item', { hasText: '点' }).click();
    await expect.poll(() => canvas().getAttribute('data-trail-mode')).toBe('point');
    await page.waitForTimeout(800);
    await browser.shot('81-live-track-points-zh');
    await page.locator('.live-track-mode .ant-segmented-item', { hasText: '线' }).click();
    await expect.poll(() => canvas().getAttribute('data-trail-mode')).toBe('line');

    // A phone: the map the whole width, the panel collapsible along its bottom.
    await phoneShots('zh');
    await desktop();

    for (const [lang, title] of [
      ['en', 'Live track'],
      ['fr', 'Suivi en direct'],
    ] as const) {
      await chooseLanguage(lang);
      await expect.poll(() => page.locator('.page-layout-title').textContent()).toMatch(new RegExp(`^${title} · `));
      await page.waitForTimeout(1200);
      await browser.shot(`83-live-track-${lang}`);
      await phoneShots(lang);
      await desktop();
    }
    await chooseLanguage('zh');
  });

  it('polls on a countdown while the live feed is down: the trail grows from History/GetTrack, pause and off stop it', async () => {
    const tab = await browser.context.newPage();
    try {
      await tab.routeWebSocket(/\/API\/ws/, (ws) => ws.close({ code: 1011, reason: 'test: feed down' }));
      await tab.goto(`${server.url}/monitor/track?device=${movingId}`);
      const points = async () => Number(await tab.locator('.map-canvas').getAttribute('data-trail-points'));
      await expect.poll(() => tab.locator('.feed-bar').getAttribute('data-mode'), { timeout: 20_000 }).toBe('polling');
      await expect.poll(() => tab.locator('.feed-countdown').textContent()).toMatch(/^\d+ 秒后刷新$/);
      await expect.poll(points, { timeout: 15_000 }).toBeGreaterThan(0);
      const before = await points();
      // A report every 10 s, a refresh every 10 s: the trail grows without the feed.
      await expect.poll(points, { timeout: 45_000, interval: 1000 }).toBeGreaterThan(before);
      await tab.screenshot({ path: `${screenshotDir}/89-live-track-polling-zh.png` });

      // Paused, the countdown stops and nothing is asked for.
      await tab.locator('.feed-pause').click();
      await expect.poll(() => tab.locator('.feed-countdown').textContent()).toBe('已暂停');
      let asked = 0;
      tab.on('request', (r) => {
        if (r.url().includes('History/GetTrack')) asked++;
      });
      await tab.waitForTimeout(12_000);
      expect(asked).toBe(0);
      await tab.locator('.feed-pause').click();
      await expect.poll(() => tab.locator('.feed-countdown').textContent()).toMatch(/^\d+ 秒后刷新$/);
      await expect.poll(() => asked, { timeout: 15_000 }).toBeGreaterThan(0);

      // Off.
      await tab.locator('.feed-switch').click();
      await expect.poll(() => tab.locator('.feed-countdown').textContent()).toBe('自动刷新已关闭');
    } finally {
      await tab.close();
    }
  });

  it('says when a device has no position, and gives the server message for one not the user’s', async () => {
    // Never reported: no trail, no icon, and the page says so.
    await page.goto(`${server.url}/monitor/track?device=${SILENT_ID}`);
    await expect.poll(() => page.locator('.live-track-empty').textContent(), { timeout: 15_000 }).toContain('30');
    expect(await trailPoints()).toBe(0);
    await browser.shot('87-live-track-empty-zh');

    // Without a device: the monitor's search picks one.
    await page.goto(`${server.url}/monitor/track`);
    await page.fill('.monitor-search-input input', SILENT_ID);
    await page.locator(`.live-track-result[data-id="${SILENT_ID}"]`).click();
    await page.waitForURL((url) => url.searchParams.get('device') === SILENT_ID);

    // Another unit's administrator (a browser of their own): the device is refused like a missing one,
    // with the server's message.
    const other = await openBrowser();
    try {
      await logIn(other.page, server.url, UNIT_ADMIN.phone, UNIT_ADMIN.password);
      const messages: string[] = [];
      for (const device of [SILENT_ID, '868000000009996']) {
        const answer = other.page.waitForResponse((r) => r.url().includes('History/GetTrack'));
        await other.page.goto(`${server.url}/monitor/track?device=${device}`);
        const { msg } = (await (await answer).json()) as { msg: string };
        expect(msg).toBeTruthy();
        messages.push(msg);
        await expect.poll(() => other.page.locator('.live-track-error .ant-result-title').textContent()).toBe(msg);
      }
      expect(messages[0]).toBe(messages[1]);
      await other.shot('88-live-track-refused-zh');
    } finally {
      await other.close();
    }
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
