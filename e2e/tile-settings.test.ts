import { randomBytes } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticBaiduTile } from './lib/baidu-tiles.ts';
import { type Browser, logIn, openBrowser } from './lib/browser.ts';
import { decodePng, encodePng } from './lib/png.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Tile URL templates and keys are server settings (#4): the console asks the configured hosts, with
// the key filled in, for the server's default provider, and never the built-in hosts.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const OSM_KEY = 'osm-key-1';
const BAIDU_KEY = 'baidu-ak-2';
const CONFIGURED = /^https:\/\/(?:[abc]\.osm|bd[0-3]\.baidu)\.tiles\.lodestar\.test\//;
const BUILT_IN = /openstreetmap\.org|autonavi\.com|bdimg\.com|gtimg\.com|google\.com/;
/** Every configured OpenStreetMap tile is this colour, so a screenshot tells it from the offline base. */
const MAGENTA = (() => {
  const data = new Uint8Array(256 * 256 * 3);
  for (let i = 0; i < data.length; i += 3) data.set([255, 0, 255], i);
  return encodePng({ width: 256, height: 256, data });
})();

let server: RunningServer;
let browser: Browser;
let page: Page;
const configured: string[] = [];
const builtIn: string[] = [];

async function serveConfiguredTiles(route: Route) {
  const url = new URL(route.request().url());
  configured.push(url.href);
  const baidu = url.hostname.includes('baidu');
  const [x, y, z] = ['x', 'y', 'z'].map((k) => Number(url.searchParams.get(k)));
  await route.fulfill({
    status: 200,
    contentType: 'image/png',
    headers: { 'access-control-allow-origin': '*' },
    body: baidu ? syntheticBaiduTile(z ?? 0, x ?? 0, y ?? 0) : MAGENTA,
  });
}

/** The share of the map's pixels (inside its edges) that are the configured tiles' magenta. */
async function magentaShare(): Promise<number> {
  const shot = decodePng(await page.locator('.map-canvas').screenshot());
  let hits = 0;
  let all = 0;
  for (let y = 40; y < shot.height - 40; y += 4)
    for (let x = 320; x < shot.width - 40; x += 4) {
      const i = (y * shot.width + x) * 3;
      all++;
      if (shot.data[i]! > 240 && shot.data[i + 1]! < 15 && shot.data[i + 2]! > 240) hits++;
    }
  return hits / all;
}

beforeAll(async () => {
  server = await startDemoServer(3, {
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    MAP_DEFAULT_PROVIDER: 'osm',
    MAP_TILES_OSM: 'https://{s}.osm.tiles.lodestar.test/{z}/{x}/{y}.png?key={key}',
    MAP_TILES_OSM_KEY: OSM_KEY,
    MAP_TILES_BAIDU: 'https://bd{s}.baidu.tiles.lodestar.test/tile?x={x}&y={y}&z={z}&ak={key}',
    MAP_TILES_BAIDU_KEY: BAIDU_KEY,
  });
  browser = await openBrowser();
  page = browser.page;
  page.on('request', (r) => {
    if (BUILT_IN.test(new URL(r.url()).hostname)) builtIn.push(r.url());
  });
  await page.route(CONFIGURED, serveConfiguredTiles);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('tile settings of the server', () => {
  it('shows the default provider from the configured hosts with the key, then Baidu’s configured tiles', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    await page.waitForSelector('.map-canvas[data-ready=true]');
    // MAP_DEFAULT_PROVIDER: nobody chose a map in this browser yet.
    await expect.poll(() => page.locator('.map-canvas').getAttribute('data-provider')).toBe('osm');
    await expect.poll(() => configured.length, { timeout: 20_000 }).toBeGreaterThan(0);
    for (const url of configured)
      expect(url).toMatch(
        new RegExp(`^https://[abc]\\.osm\\.tiles\\.lodestar\\.test/\\d+/\\d+/\\d+\\.png\\?key=${OSM_KEY}$`),
      );
    // What the map draws is those tiles, over most of it (panels and controls aside).
    await expect.poll(magentaShare, { timeout: 20_000 }).toBeGreaterThan(0.6);
    await expect.poll(() => page.locator('.map-offline-notice').count()).toBe(0);
    await browser.shot('63-tile-settings-osm-zh');

    // Another provider's configured templates, in its own (Baidu) numbering, with its own key.
    configured.length = 0;
    await page.locator('.change-map-button').click();
    await page.locator('.change-map-dialog [data-provider=baidu]').click();
    await page.locator('.change-map-dialog .ant-btn-primary').click();
    await expect.poll(() => page.locator('.map-canvas').getAttribute('data-provider')).toBe('baidu');
    // (OpenStreetMap tiles asked for just before the switch may still come in.)
    const baidu = () => configured.filter((u) => new URL(u).hostname.includes('baidu'));
    await expect.poll(() => baidu().length, { timeout: 20_000 }).toBeGreaterThan(0);
    for (const url of baidu()) {
      expect(url).toMatch(
        new RegExp(
          `^https://bd[0-3]\\.baidu\\.tiles\\.lodestar\\.test/tile\\?x=-?\\d+&y=-?\\d+&z=\\d+&ak=${BAIDU_KEY}$`,
        ),
      );
      expect(Number(new URL(url).searchParams.get('z'))).toBeGreaterThanOrEqual(3);
    }
    await expect.poll(() => page.locator('.map-offline-notice').count()).toBe(0);

    // The choice is remembered over the server's default.
    await page.reload();
    await page.waitForSelector('.map-canvas[data-ready=true]');
    await expect.poll(() => page.locator('.map-canvas').getAttribute('data-provider')).toBe('baidu');

    // The built-in hosts were never asked, not even before the settings arrived.
    expect(builtIn).toEqual([]);
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
