import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPlacement, type Rect, syntheticBaiduTile, type View } from './lib/baidu-tiles.ts';
import { type Browser, logIn, openBrowser, screenshotDir } from './lib/browser.ts';
import { decodePng } from './lib/png.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Baidu's tiles are re-tiled onto Web Mercator in the browser (#4). Baidu's tile hosts are answered
// here with synthetic tiles whose pixels say where they lie in Baidu's grid; a screenshot of the map
// must show each of them on its BD-09 point, to a pixel or two.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const BAIDU_TILE_HOSTS = /^https:\/\/maponline\d\.bdimg\.com\/tile\//;

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Baidu tiles asked for, as level/x/y. */
const requested: string[] = [];

async function serveSyntheticTiles(route: Route) {
  const url = new URL(route.request().url());
  const [x, y, z] = ['x', 'y', 'z'].map((k) => Number(url.searchParams.get(k)));
  requested.push(`${z}/${x}/${y}`);
  await route.fulfill({
    status: 200,
    contentType: 'image/png',
    headers: { 'access-control-allow-origin': '*' },
    body: syntheticBaiduTile(z ?? 0, x ?? 0, y ?? 0),
  });
}

async function chooseMap(provider: string) {
  await page.locator('.change-map-button').click();
  await page.locator(`.change-map-dialog [data-provider=${provider}]`).click();
  await page.locator('.change-map-dialog .ant-btn-primary').click();
  await expect.poll(() => page.locator('.map-canvas').getAttribute('data-provider')).toBe(provider);
}

async function view(): Promise<View> {
  const canvas = page.locator('.map-canvas');
  const [lng = Number.NaN, lat = Number.NaN] = ((await canvas.getAttribute('data-center')) ?? '')
    .split(',')
    .map(Number);
  const zoom = Number(await canvas.getAttribute('data-zoom'));
  const { width, height } = await canvas.evaluate((e) => ({ width: e.clientWidth, height: e.clientHeight }));
  return { lng, lat, zoom, width, height };
}

/** What covers the map: panels, buttons and MapLibre's controls, as rectangles of the map (with their shadows). */
async function covered(): Promise<Rect[]> {
  const map = await page.locator('.map-canvas').boundingBox();
  if (!map) throw new Error('no map');
  const boxes = await page
    .locator('.device-details, .monitor-map-tools, .maplibregl-ctrl, .map-offline-notice, .map-clicked')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as Rect));
  return boxes.map((b) => ({ x: b.x - map.x - 12, y: b.y - map.y - 12, width: b.width + 24, height: b.height + 24 }));
}

/** Screenshots the map until the synthetic tiles are all in place, and returns the last check. */
async function placementWhenSettled(name: string) {
  let last: ReturnType<typeof checkPlacement> | undefined;
  let lastView: View | undefined;
  let png: Buffer | undefined;
  let exclude: Rect[] = [];
  await expect
    .poll(
      async () => {
        const before = await view();
        png = await page.locator('.map-canvas').screenshot();
        const after = await view();
        if (JSON.stringify(before) !== JSON.stringify(after)) return 'moving';
        lastView = after;
        exclude = await covered();
        last = checkPlacement(decodePng(png), after, { exclude });
        return last.clean >= 300 && last.placed >= last.clean * 0.95 ? 'placed' : JSON.stringify(last);
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe('placed');
  if (!last || !lastView || !png) throw new Error('no check');
  writeFileSync(join(screenshotDir, `${name}.png`), png);
  return { result: last, view: lastView, shot: decodePng(png), exclude };
}

beforeAll(async () => {
  server = await startDemoServer(3, { ADMIN_PHONE, ADMIN_PASSWORD });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Baidu tiles', () => {
  it('says so when they cannot be reached, then places them exactly on their BD-09 points', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    await page.waitForSelector('.map-canvas[data-ready=true]');
    await expect
      .poll(() => page.locator('.map-canvas').getAttribute('data-rendered-devices'), { timeout: 60_000 })
      .toMatch(/^[1-9]\d*$/);

    // Unreachable (as on this offline machine): every re-tiled tile fails, and the map says so.
    await page.route(BAIDU_TILE_HOSTS, (route) => route.abort('internetdisconnected'));
    await chooseMap('baidu');
    await expect.poll(() => page.locator('.map-offline-notice').count(), { timeout: 20_000 }).toBe(1);
    await browser.shot('60-baidu-unreachable-zh');

    // Reachable: a fresh source (through another map and back) over the fitted view of the fleet.
    await page.unrouteAll();
    await page.route(BAIDU_TILE_HOSTS, serveSyntheticTiles);
    await chooseMap('osm');
    await chooseMap('baidu');
    const wide = await placementWhenSettled('61-baidu-fleet-zh');
    await expect.poll(() => page.locator('.map-offline-notice').count()).toBe(0);
    console.log('fleet view', wide.view, wide.result);
    // The same screenshot against a view 3 pixels off fails: the check sees a small misplacement.
    const shifted = checkPlacement(wide.shot, wide.view, { shift: [3, 0], exclude: wide.exclude });
    expect(shifted.placed).toBeLessThan(shifted.clean * 0.2);

    // A device's street level (the map zooms to 15 on it).
    await page.locator('.device-list .device-row .device-row-main').first().click();
    await expect.poll(async () => (await view()).zoom, { timeout: 15_000 }).toBeGreaterThanOrEqual(15);
    const street = await placementWhenSettled('62-baidu-street-zh');
    console.log('street view', street.view, street.result);

    // Source tiles come from the level just sharper than each map tile's.
    const levels = new Set(requested.map((r) => Number(r.split('/')[0])));
    expect([...levels].every((l) => l >= 3 && l <= 18)).toBe(true);
    expect(levels.has(Math.min(18, Math.round(street.view.zoom + 1) + 1))).toBe(true);
  });
});
