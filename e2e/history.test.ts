import { randomBytes } from 'node:crypto';
import { formatInZone } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type DriveFix, driveGt06 } from './lib/gt06-drive.ts';
import { type DemoServer, startDemoServer } from './lib/server.ts';

// History playback (#16): a GT06 tracker drives 15 minutes, stands 15 minutes, drives 15 more, its fixes sent
// over real TCP to the gateway; the replay page lists the stop, moves the player there when it is clicked,
// exports the period as GPX (read back from the download centre) and prints the evidence page.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const DRIVE_ID = '868000000016016';
/** The demo fleet's first tracker (GT06) and its name. */
const DEMO_ID = '868600000000016';
const DEMO_NAME = '沪A0000';
const STEP_S = 30;
const MINUTE = 60_000;

let server: DemoServer;
let browser: Browser;
let page: Page;
let zone = 'Asia/Shanghai';
let adminName = '';
const fixes: DriveFix[] = [];
let t0 = 0;
let period = { start: '', end: '' };

/** East along Shanghai's Yan'an road at 40 km/h, a stop, then north at 50 km/h. */
function buildDrive(start: number): DriveFix[] {
  const out: DriveFix[] = [];
  let lat = 31.2304;
  let lon = 121.4737;
  const perStep = (kmh: number) => (kmh * 1000 * STEP_S) / 3600;
  for (let i = 0; i <= 90; i++) {
    const time = new Date(start + i * STEP_S * 1000);
    if (i <= 30) {
      out.push({ time, lat, lon, speedKmh: i === 30 ? 0 : 40, course: 90 });
      lon += perStep(40) / (111_320 * Math.cos((lat * Math.PI) / 180));
    } else if (i <= 60) {
      out.push({ time, lat, lon, speedKmh: 0, course: 90 });
    } else {
      lat += perStep(50) / 111_320;
      out.push({ time, lat, lon, speedKmh: 50, course: 0 });
    }
  }
  return out;
}

const wall = (ms: number) => formatInZone(new Date(ms), zone);
const mapEl = () => page.locator('[data-player-time]').first();

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function shot(name: string) {
  await page.waitForTimeout(500);
  await browser.shot(name);
}

/**
 * Brings the top of the page or its panels into view. scrollIntoView may also shift the scrollers sideways (the
 * shell's header is wider than a phone), so every one of them is put back to its left edge.
 */
async function scrollPage(to: 'top' | 'bottom') {
  await page.evaluate((where) => {
    const el = document.querySelector(where === 'top' ? '.history-page' : '.history-sidebar');
    el?.scrollIntoView({ block: where === 'top' ? 'start' : 'end' });
    for (let e: Element | null = el; e; e = e.parentElement) e.scrollLeft = 0;
  }, to);
}

async function openStops() {
  await page.locator('.history-tabs .ant-tabs-tab').nth(1).click();
  await expect.poll(() => page.locator('.history-stops .history-row').count(), { timeout: 30_000 }).toBe(1);
}

beforeAll(async () => {
  server = await startDemoServer(2, { ADMIN_PHONE, ADMIN_PASSWORD });
  const api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const session = await api.post<{ timeZone?: string; userName: string }>('account/login', {
    Phone: ADMIN_PHONE,
    UserPassword: ADMIN_PASSWORD,
  });
  zone = session.timeZone ?? zone;
  adminName = session.userName;
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  await api.post('Device/AddDevice', {
    DeviceID: DRIVE_ID,
    Protocol: 'gt06',
    HoldID: root?.HoldID,
    DeviceName: '回放测试车',
  });
  // The drive ended a quarter of an hour ago, on whole minutes.
  t0 = Math.floor((Date.now() - 60 * MINUTE) / MINUTE) * MINUTE;
  fixes.push(...buildDrive(t0));
  await driveGt06(server.ports.gt06, DRIVE_ID, fixes);
  period = { start: wall(t0 - 5 * MINUTE), end: wall(Date.now()) };
  browser = await openBrowser();
  page = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('history playback page', () => {
  it('lists the stop, moves the player to it, exports GPX and prints the evidence page', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    const query = `devices=${DRIVE_ID}&start=${encodeURIComponent(period.start)}&end=${encodeURIComponent(period.end)}`;
    await page.goto(`${server.url}/monitor/history?${query}`);
    await expect.poll(() => page.locator('.history-device-tag').getAttribute('data-id')).toBe(DRIVE_ID);

    // The trips around the stop, then the stop itself: arrived when the car stood, left 15 minutes later.
    await expect.poll(() => page.locator('.history-trips .history-row').count(), { timeout: 30_000 }).toBe(2);
    await shot('history-01-trips-zh');
    await openStops();
    const stop = page.locator('.history-stops .history-row').first();
    const arrival = (await stop.getAttribute('data-start')) ?? '';
    const arrivedAt = Date.parse(`${arrival.replace(' ', 'T')}Z`);
    const expected = Date.parse(`${wall(t0 + 15 * MINUTE).replace(' ', 'T')}Z`);
    expect(Math.abs(arrivedAt - expected)).toBeLessThanOrEqual(STEP_S * 1000);
    expect(await stop.locator('.history-stop-duration').textContent()).toMatch(/1[45]分钟/);
    expect(await page.locator('.history-stop-place').textContent()).toBeTruthy();

    // Clicking the stop moves the player to its arrival: the point of the drive sent at that time.
    await stop.click();
    const k = fixes.findIndex((f) => wall(f.time.getTime()) === arrival);
    expect(k).toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await mapEl().getAttribute('data-player-time')))
      .toBe(fixes[k]!.time.getTime() / 1000);
    expect(Number(await mapEl().getAttribute('data-player-index'))).toBe(k);
    // Where the car came to stand: the 30th fix, or the last moving one before it, as the detector judges.
    expect(Math.abs(k - 30)).toBeLessThanOrEqual(1);
    // The map now rests on the stop: a click there opens that point's whole record, with its address.
    const area = (await page.locator('.history-map-area').boundingBox())!;
    await page.mouse.click(area.x + area.width / 2, area.y + area.height / 2);
    const point = page.locator('.history-point');
    await expect.poll(() => point.count(), { timeout: 15_000 }).toBe(1);
    const pointTime = (await point.getAttribute('data-time')) ?? '';
    expect(fixes.some((f) => wall(f.time.getTime()) === pointTime)).toBe(true);
    await expect.poll(() => point.textContent(), { timeout: 15_000 }).toContain('上海');
    expect(await point.textContent()).toMatch(/速度\d+\.\d 公里\/小时/);
    await shot('history-02-stop-zh');

    // Totals: one stop, two trips, about 10 + 12.5 km.
    await page.locator('.history-tabs .ant-tabs-tab').nth(2).click();
    await expect.poll(() => page.locator('.history-summary .history-stop-count').textContent()).toBe('1');
    expect(await page.locator('.history-summary').textContent()).toMatch(/总里程2[12]\.\d\d 公里/);

    // The evidence page: the stop, the totals, who made it.
    const print = await browser.context.newPage();
    await print.setViewportSize({ width: 1440, height: 900 });
    await print.goto(`${server.url}/monitor/history/print?${query}`);
    await expect
      .poll(() => print.locator('.evidence-stops tbody tr.ant-table-row').count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => print.locator('.evidence-canvas').getAttribute('data-ready')).toBe('true');
    expect(await print.locator('.evidence-by').textContent()).toBe(adminName);
    expect(await print.locator('.evidence-trips tbody tr.ant-table-row').count()).toBe(2);
    await print.waitForTimeout(500);
    await print.screenshot({
      path: `${new URL('./screenshots/', import.meta.url).pathname}history-03-print-zh.png`,
      fullPage: true,
    });
    await print.close();

    // GPX of the period through the download centre, read back.
    await page.locator('.history-export').click();
    await page.locator('.history-export-menu .ant-dropdown-menu-item').first().click();
    await expect.poll(() => page.locator('.history-export-started').count(), { timeout: 15_000 }).toBe(1);
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    type Row = { FileID: number; FileName: string; Status: number };
    let file: Row | undefined;
    await expect
      .poll(
        async () => {
          const list = await api.get<{ rows: Row[] }>('Download/GetDownloadList', { PageIndex: 1, PageSize: 20 });
          file = list.rows.find((r) => r.FileName.toLowerCase().endsWith('.gpx'));
          return file?.Status;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const gpx = await api.text('Download/GetFile', { FileID: file!.FileID });
    const points = [...gpx.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"[^>]*>[\s\S]*?<time>([^<]+)<\/time>/g)];
    expect(points).toHaveLength(fixes.length);
    expect(new Date(points[0]![3]!).getTime()).toBe(fixes[0]!.time.getTime());
    expect(Number(points[45]![1])).toBeCloseTo(fixes[45]!.lat, 5);
    expect(Number(points[90]![2])).toBeCloseTo(fixes[90]!.lon, 5);
  });

  it('reads in English and French, and fits a phone', async () => {
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await openStops();
      expect(await page.locator('.history-tabs .ant-tabs-tab').nth(1).textContent()).toBe(
        lang === 'en' ? 'Stops' : 'Arrêts',
      );
      await shot(`history-04-stops-${lang}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // As a phone opens it: the shell folds its menu and unit tree at this width.
    await page.reload();
    try {
      for (const lang of ['zh', 'en', 'fr'] as const) {
        await chooseLanguage(lang);
        await openStops();
        await scrollPage('top');
        await shot(`history-05-phone-top-${lang}`);
        // The panels are under the map; scrolled to, not cut off.
        await scrollPage('bottom');
        await shot(`history-06-phone-panels-${lang}`);
        // Nothing of the page reaches past the screen's right edge (the shell's header is not the page's).
        const right = await page.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('.history-page *')].map((e) => Math.ceil(e.getBoundingClientRect().right)),
          ),
        );
        expect(right).toBeLessThanOrEqual(390);
        const map = await page.locator('.history-map-area').boundingBox();
        const panels = await page.locator('.history-sidebar').boundingBox();
        expect(panels!.y).toBeGreaterThanOrEqual(map!.y + map!.height);
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('adds a second device found by its name, each in its own colour', async () => {
    await chooseLanguage('zh');
    await pickOption(page.locator('.history-device-picker'), DEMO_NAME, {
      option: `.ant-select-item-option:has(.history-device-option[data-id="${DEMO_ID}"])`,
      search: DEMO_NAME,
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('devices')).toBe(`${DRIVE_ID},${DEMO_ID}`);
    await expect.poll(() => page.locator('.history-device-tag').count()).toBe(2);
    const colours = await page
      .locator('.history-device-tag')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(colours).toHaveLength(2);
    expect(new Set(colours).size).toBe(2);
    // The panels list one device at a time; the other is a click away.
    await expect.poll(() => page.locator('.history-active-device .ant-segmented-item').count()).toBe(2);
    await shot('history-07-two-devices-zh');
  });

  it('opens a device from the monitor row menu for today so far', async () => {
    await chooseLanguage('zh');
    await page.goto(`${server.url}/monitor/online`);
    await page.fill('.monitor-search-input input', DRIVE_ID);
    const row = page.locator(`.device-row[data-id="${DRIVE_ID}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.locator('.row-more').click();
    await page.locator('.row-menu:visible .ant-dropdown-menu-item', { hasText: '历史回放' }).click();
    await page.waitForURL(/\/monitor\/history\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('devices')).toBe(DRIVE_ID);
    expect(url.searchParams.get('start')).toBe(`${wall(Date.now()).slice(0, 10)} 00:00:00`);
    // Tiles cannot load here (no network); no script error may have happened.
    expect(browser.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('refuses a period over 30 days in the form and on the server, with the spec message', async () => {
    const now = Date.now();
    const long = new URLSearchParams({
      devices: DRIVE_ID,
      start: wall(now - 40 * 24 * 60 * MINUTE),
      end: wall(now),
    });
    await page.goto(`${server.url}/monitor/history?${long}`);
    await expect.poll(() => page.locator('.history-period-problem').textContent()).toContain('轨迹查询最多30天');
    await browser.toast('轨迹查询最多30天');
    expect(await page.locator('.history-search').isDisabled()).toBe(true);
    await shot('history-08-too-long-zh');
    // The presets past 30 days are there, refused with the reason.
    await page.locator('.history-preset').click();
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled').allTextContents())
      .toEqual(['最近2个月', '最近3个月']);
    await shot('history-09-presets-zh');
    await page.keyboard.press('Escape');
  });
});
