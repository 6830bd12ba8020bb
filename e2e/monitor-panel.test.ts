import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// The online monitor's device panel (#4): oil, vehicle, the positioning detail and tyre pressure dialogs,
// against the real server with DEMO=1: 20 simulated trackers over real TCP/HTTP. Device ids are the
// simulator's (packages/simulator/src/ids.ts, sensors.ts) and the demo vehicles (packages/db seed-vehicles.ts).
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
/** GT06, first of the fleet: GPS + its serving cell (MCC 460, MNC 0, LAC 0x287D, CI 0x1F71), a demo vehicle. */
const GT06 = '868600000000016';
/** JT/T 808 truck with sensors (odd terminal number): fuel and four tyres, the rear-left one soft. */
const TRUCK = '13900000005';
/** H02: neither a vehicle nor cells / Wi-Fi. */
const BARE = '4100000003';
/** OsmAnd phone with an even id: cell and Wi-Fi. */
const PHONE = '7700000006';

let server: RunningServer;
let browser: Browser;
let page: Page;

const map = () => page.locator('.map-canvas');
/** The live trails drawn: device ID → points (the map container's data-trails, `id:points;…`). */
const trails = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    ((await map().getAttribute('data-trails')) ?? '')
      .split(';')
      .filter(Boolean)
      .map((t) => [t.slice(0, t.lastIndexOf(':')), Number(t.slice(t.lastIndexOf(':') + 1))]),
  );
const listed = async () => Number((await page.locator('.monitor-list-head').textContent())?.match(/\d+/)?.[0]);
const panel = () => page.locator('.device-details');
const rowText = async (label: string) =>
  (await panel().locator('.ant-descriptions-row', { hasText: label }).first().textContent()) ?? '';

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** Narrows the list to one device, opens its panel and waits for its first report to be on it. */
async function openPanel(id: string) {
  await page.fill('.monitor-search-input input', id);
  await expect.poll(listed).toBe(1);
  await page.locator(`.device-row[data-id="${id}"] .device-row-main`).click();
  await expect.poll(() => panel().getAttribute('data-id')).toBe(id);
  await expect.poll(() => panel().locator('.device-coords').count(), { timeout: 60_000 }).toBe(1);
}

/** A screenshot once the dialog's opening animation is over. */
async function shot(name: string) {
  await expect
    .poll(() => page.locator('.ant-modal-wrap .ant-zoom-appear, .ant-modal-wrap .ant-zoom-enter').count())
    .toBe(0);
  await page.waitForTimeout(300);
  await browser.shot(name);
}

async function closeDialog(selector: string) {
  await page.locator(`${selector} .ant-modal-close`).click();
  await expect.poll(() => page.locator(`${selector}:visible`).count()).toBe(0);
}

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('online monitor device panel', () => {
  it('shows oil, vehicle, positioning detail and tyre pressure in zh, en and fr', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    await expect
      .poll(() => page.locator('.filter-all .monitor-filter-count').textContent(), { timeout: 60_000 })
      .toBe('20');

    // GT06 with a demo vehicle: plate and owner, and its serving cell in the positioning dialog.
    await openPanel(GT06);
    await expect.poll(() => panel().locator('.vehicle-plate').count()).toBe(1);
    expect((await panel().locator('.vehicle-owner').textContent())?.length).toBeGreaterThan(0);
    expect(await rowText('油量')).toContain('—');
    expect(await panel().locator('.details-tires').count()).toBe(0);
    await panel().locator('.details-positioning').click();
    const positioning = page.locator('.positioning-dialog');
    await expect.poll(() => positioning.locator('.positioning-type .ant-tag').getAttribute('data-type')).toBe('gps');
    await expect.poll(() => positioning.locator('.positioning-cells tbody tr').count()).toBe(1);
    expect(await positioning.locator('.positioning-cells tbody tr td').allTextContents()).toEqual([
      '460',
      '0',
      '10365',
      '8049',
      '—',
    ]);
    expect(await positioning.locator('.positioning-wifi').textContent()).toContain('无 WIFI 热点');
    await shot('40-panel-positioning-zh');
    await closeDialog('.positioning-dialog');

    // The truck: oil in litres, no vehicle, and the tyre pressure dialog with the soft tyre marked.
    await openPanel(TRUCK);
    await expect.poll(() => panel().locator('.details-tires').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => rowText('油量')).toMatch(/油量\d+\.\d 升/);
    expect(await panel().locator('.no-vehicle').textContent()).toBe('无车辆信息');
    await shot('41-panel-truck-zh');
    await panel().locator('.details-tires').click();
    const tires = page.locator('.tire-dialog');
    await expect.poll(() => tires.locator('.tire[data-position]').count()).toBe(4);
    expect(await tires.locator('.tire[data-position="3"]').getAttribute('data-level')).toBe('low');
    expect(await tires.locator('.tire[data-position="3"]').textContent()).toContain('胎压过低');
    expect(await tires.locator('.tire[data-position="1"]').getAttribute('data-level')).toBe('normal');
    expect(await tires.locator('.tire[data-position="1"]').textContent()).toMatch(/轮胎 1 · 左 · 前轴2\d\d kPa/);
    await shot('42-panel-tires-zh');
    await closeDialog('.tire-dialog');

    // H02 without vehicle or cells: spec section 8's texts.
    await openPanel(BARE);
    await expect.poll(() => panel().locator('.no-vehicle').textContent()).toBe('无车辆信息');
    expect(await panel().locator('.details-tires').count()).toBe(0);
    await panel().locator('.details-positioning').click();
    await expect
      .poll(() => page.locator('.positioning-dialog .positioning-none .ant-empty-description').textContent())
      .toBe('暂无LBS/WIFI信息');
    await shot('43-panel-no-lbs-zh');
    await closeDialog('.positioning-dialog');

    // English: the phone's cell and Wi-Fi access points, then the truck's tyres.
    await chooseLanguage('en');
    await openPanel(PHONE);
    await panel().locator('.details-positioning').click();
    await expect.poll(() => page.locator('.positioning-dialog .positioning-wifi tbody tr').count()).toBe(2);
    expect(await page.locator('.positioning-dialog .positioning-wifi tbody tr').first().textContent()).toMatch(
      /^02:4C:[0-9A-F:]+:10-\d+ dBm$/,
    );
    expect(await page.locator('.positioning-dialog .positioning-cells tbody tr').count()).toBe(1);
    expect(await page.locator('.positioning-dialog').textContent()).toContain('WIFI access points (2)');
    await shot('44-panel-wifi-en');
    await closeDialog('.positioning-dialog');
    await openPanel(TRUCK);
    await expect.poll(() => rowText('Oil level')).toMatch(/Oil level\d+\.\d L/);
    await expect.poll(() => panel().locator('.details-tires').textContent()).toBe('Tire pressure');
    await panel().locator('.details-tires').click();
    await expect.poll(() => page.locator('.tire-dialog .tire-low').textContent()).toContain('Low pressure');
    await shot('45-panel-tires-en');
    await closeDialog('.tire-dialog');

    // French: the spec texts on the bare H02, and the GT06's vehicle.
    await chooseLanguage('fr');
    await openPanel(BARE);
    await expect.poll(() => panel().locator('.no-vehicle').textContent()).toBe('Aucune information sur le véhicule');
    await panel().locator('.details-positioning').click();
    await expect
      .poll(() => page.locator('.positioning-dialog .positioning-none .ant-empty-description').textContent())
      .toBe('Aucune information LBS/WIFI');
    await shot('46-panel-no-lbs-fr');
    await closeDialog('.positioning-dialog');
    await openPanel(TRUCK);
    await panel().locator('.details-tires').click();
    await expect.poll(() => page.locator('.tire-dialog .tire-low').textContent()).toContain('Pression basse');
    await shot('47-panel-tires-fr');
    await closeDialog('.tire-dialog');

    expect(browser.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('draws a live trail for every followed device, seeded from its track and growing from the feed', async () => {
    // Two devices moving in the same city, so one map view shows both trails.
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    type Moving = { DeviceID: string; Lat: number; Lng: number };
    let pair: [Moving, Moving] | undefined;
    for (let attempt = 0; attempt < 24 && !pair; attempt++) {
      const { rows } = await api.post<{ rows: Moving[] }>('Monitor/GetMonitorList', { Status: 'moving' });
      for (const a of rows)
        for (const b of rows)
          if (!pair && a.DeviceID < b.DeviceID && Math.hypot(a.Lat - b.Lat, a.Lng - b.Lng) < 0.5) pair = [a, b];
      if (!pair) await page.waitForTimeout(5000);
    }
    expect(pair, 'two devices moving in one city within two minutes').toBeDefined();
    const ids = pair!.map((d) => d.DeviceID);

    await chooseLanguage('zh');
    await page.locator('.device-details button[aria-label]').first().click();
    await expect.poll(() => panel().count()).toBe(0);
    await expect.poll(() => map().getAttribute('data-trails')).toBeNull();
    // The two by a batch search: the map fits them once their list is in (not the list before it).
    const batch = page.waitForResponse(
      (r) => r.url().includes('Monitor/GetMonitorList') && (r.request().postData() ?? '').includes(ids.join(',')),
    );
    await page.fill('.monitor-search-input input', ids.join(','));
    await page.press('.monitor-search-input input', 'Enter');
    const answered = ((await (await batch).json()) as { data: { rows: Moving[] } }).data.rows;
    await expect.poll(listed).toBe(2);
    const mid = [0, 1].map((i) => (answered[0]![i ? 'Lat' : 'Lng'] + answered[1]![i ? 'Lat' : 'Lng']) / 2);
    // Displayed in GCJ-02 (Amap), a few hundred metres from WGS-84.
    await expect
      .poll(async () => {
        const [lng = 0, lat = 0] = ((await map().getAttribute('data-center')) ?? '').split(',').map(Number);
        return Math.hypot(lng - mid[0]!, lat - mid[1]!);
      })
      .toBeLessThan(0.03);
    for (const id of ids) {
      const seeded = page.waitForResponse(
        (r) => r.url().includes('History/GetTrack') && (r.request().postData() ?? '').includes(id),
      );
      await page.locator(`.device-row[data-id="${id}"] .follow-toggle`).click();
      // Following is enough: no device is selected, the trail starts from its last half hour of track.
      const track = ((await (await seeded).json()) as { data: unknown[] }).data;
      expect(track.length).toBeGreaterThan(1);
      await expect.poll(async () => (await trails())[id]).toBeGreaterThanOrEqual(track.length);
    }
    expect(Object.keys(await trails()).sort()).toEqual([...ids].sort());
    expect(await map().getAttribute('data-trail-mode')).toBe('line');

    // Both grow from the live feed (a moving tracker reports a new position every 10 s).
    const before = await trails();
    for (const id of ids)
      await expect
        .poll(async () => (await trails())[id], { timeout: 45_000 })
        .toBeGreaterThan(before[id] ?? Number.POSITIVE_INFINITY);
    expect(await page.locator('.trail-cap-notice').count()).toBe(0);
    await page.waitForTimeout(1500);
    await browser.shot('48-monitor-followed-trails-zh');

    // English, as points: a followed device's switch stays on (its trail is always drawn), the mode applies to all.
    await chooseLanguage('en');
    await page.locator(`.device-row[data-id="${ids[0]}"] .device-row-main`).click();
    await expect.poll(() => panel().getAttribute('data-id')).toBe(ids[0]);
    const trailSwitch = panel().locator('.trail-switch');
    expect(await trailSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await trailSwitch.isDisabled()).toBe(true);
    expect(await trailSwitch.getAttribute('title')).toBe('Followed devices always show their live trail');
    await panel().locator('.device-trail-controls').getByText('Points', { exact: true }).click();
    await expect.poll(() => map().getAttribute('data-trail-mode')).toBe('point');
    await page.locator('.device-details button[aria-label]').first().click();
    // Both in view again: the followed filter (of the batch) fits the map to them.
    const closeUp = Number(await map().getAttribute('data-zoom'));
    await page.locator('[data-filter=followed]').click();
    await expect
      .poll(() => page.locator('.filter-followed').getAttribute('class'))
      .toContain('ant-tag-checkable-checked');
    await expect.poll(async () => Number(await map().getAttribute('data-zoom'))).toBeLessThan(closeUp);
    expect(await listed()).toBe(2);
    expect(Object.keys(await trails()).sort()).toEqual([...ids].sort());
    await page.waitForTimeout(1500);
    await browser.shot('49-monitor-followed-trails-en');

    // Unfollowed, a device's trail goes.
    await page.locator(`.device-row[data-id="${ids[1]}"] .follow-toggle`).click();
    await expect.poll(async () => Object.keys(await trails())).toEqual([ids[0]]);
    expect(browser.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
