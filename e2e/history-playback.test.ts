import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { HISTORY_ADMIN, type HistoryServer, inAdminZone, startHistoryServer } from './lib/history-server.ts';

// History playback (#16): the track on the map, the player and the timeline against the real server,
// over a day of 10-second positions (with a two-hour gap, alarms and every speed class) per device.
let server: HistoryServer;
let browser: Browser;
let page: Page;

const box = () => page.locator('.history-map .map-canvas');
const attr = async (name: string) => box().getAttribute(name);
const num = async (name: string) => Number(await attr(name));

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang, { x: 700, y: 880 });

const open = async (ids: string[]) => {
  const d = server.devices[0];
  if (!d) throw new Error('no device');
  const q = new URLSearchParams({ devices: ids.join(','), start: inAdminZone(d.from), end: inAdminZone(d.to) });
  await page.goto(`${server.url}/monitor/history?${q}`);
  await expect.poll(() => attr('data-track-ready'), { timeout: 30_000 }).not.toBeNull();
};

beforeAll(async () => {
  server = await startHistoryServer({
    devices: [
      { deviceId: 'H0000001', days: 1, stepMs: 10_000 },
      { deviceId: 'H0000002', days: 1, stepMs: 10_000 },
    ],
  });
  browser = await openBrowser({ timezoneId: 'Asia/Shanghai' });
  page = browser.page;
  await logIn(page, server.url, HISTORY_ADMIN.phone, HISTORY_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('history playback', () => {
  it('draws the track, plays, steps, seeks on the timeline and shows a clicked point', async () => {
    await open(['H0000001']);
    expect(await num('data-track-points')).toBeGreaterThan(10);
    await expect.poll(() => page.locator('[data-testid=speed-legend] .history-legend-item').count()).toBe(4);
    // As points, then as a line again.
    expect(await attr('data-track-mode')).toBe('line');
    await page.locator('.history-mode').getByText('点').click();
    await expect.poll(() => attr('data-track-mode')).toBe('point');
    expect(await num('data-track-points')).toBeGreaterThan(10);
    await browser.shot('history-points');
    await page.locator('.history-mode').getByText('线').click();
    await expect.poll(() => attr('data-track-mode')).toBe('line');
    const start = await num('data-player-time');
    expect(await num('data-player-index')).toBe(0);

    // Step forward: the next point of the track, 10 s on.
    await page.locator('.history-step-forward').click();
    await expect.poll(() => num('data-player-index')).toBe(1);
    expect(await num('data-player-time')).toBe(start + 10);
    await page.locator('.history-step-back').click();
    await expect.poll(() => num('data-player-index')).toBe(0);

    // Play at 1000×: the time moves on by about a thousand track seconds a second, then pause with space.
    await page.locator('.history-rate-presets').getByText('1000×').click();
    await expect.poll(() => page.locator('.history-player').getAttribute('data-rate')).toBe('1000');
    await page.locator('.history-play').click();
    await page.waitForTimeout(1500);
    await page.locator('.history-timeline').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.history-player').getAttribute('data-playing')).toBe('false');
    const played = (await num('data-player-time')) - start;
    expect(played).toBeGreaterThan(500);
    expect(played).toBeLessThan(5000);
    // Arrow keys step too.
    const index = await num('data-player-index');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => num('data-player-index')).toBe(index + 1);

    // A click at the middle of the timeline jumps to the middle of the period.
    const d = server.devices[0] as { from: number; to: number };
    const tl = await page.locator('.history-timeline').boundingBox();
    if (!tl) throw new Error('no timeline');
    await page.mouse.click(tl.x + tl.width / 2, tl.y + tl.height / 2);
    const mid = (d.from + d.to) / 2000;
    await expect
      .poll(async () => Math.abs((await num('data-player-time')) - mid))
      .toBeLessThan(((d.to - d.from) / 1000) * 0.01);

    // Click where the vehicle is: that point's record.
    const at = await page.evaluate(() => {
      const el = document.querySelector('.history-map .map-canvas') as HTMLElement;
      return {
        x: Number(el.dataset.vehicleX),
        y: Number(el.dataset.vehicleY),
        rect: el.getBoundingClientRect().toJSON(),
      };
    });
    await page.mouse.click(at.rect.x + at.x, at.rect.y + at.y);
    await expect.poll(() => page.locator('.history-point').count()).toBe(1);
    // A point under the vehicle: points lie ~10 m apart, under a pixel at this zoom, so one of those
    // within a minute of the vehicle's time.
    const t = (await num('data-player-time')) * 1000;
    const left = d.from + Math.floor((t - d.from) / 10_000) * 10_000;
    const near = Array.from({ length: 13 }, (_, k) => inAdminZone(left + (k - 6) * 10_000));
    await expect.poll(() => page.locator('.history-point').getAttribute('data-time')).toBeOneOf(near);
    await expect.poll(() => page.locator('.history-point').textContent()).toContain('°');
    await browser.shot('history-one-device');
  });

  it('replays two devices together, each in its own colour, on one time axis', async () => {
    await open(['H0000001', 'H0000002']);
    await expect.poll(() => page.locator('[data-testid=speed-legend]').count()).toBe(0);
    await expect.poll(() => page.locator('.history-timeline').getAttribute('data-rows')).toBe('2');
    expect(await attr('data-vehicles')).toBe('2');
  });

  it('reads in zh, en and fr at 1440 px', async () => {
    await open(['H0000001']);
    for (const lang of ['zh', 'en', 'fr'] as const) {
      await chooseLanguage(lang);
      await browser.shot(`history-${lang}`);
    }
    await chooseLanguage('zh');
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
