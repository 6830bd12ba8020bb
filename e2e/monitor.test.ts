import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chooseLanguage as chooseLanguageIn, openBrowser, screenshotDir } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Online monitor (#4) against the real server: DEMO=1 runs a simulated fleet of 20 trackers over
// real TCP into the gateway (reporting every 10 s), so positions move on the page through the live feed.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;

let server: RunningServer;
let browser: Browser;
let page: Page;

const rows = () => page.locator('.device-list .device-row');
/** How many devices the list holds (it is windowed: only the rows in view are in the DOM). */
const listed = async () => Number((await page.locator('.monitor-list-head').textContent())?.match(/\d+/)?.[0]);
const message = () => page.locator('.ant-message-notice').last();

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** Each listed device's position as the list shows it. */
const positions = () =>
  page.$$eval('.device-row', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-id'), e.querySelector('.device-row-lat')?.textContent])),
  );

/**
 * The ID of a device the server calls moving now, from the "moving" filter's own answer. The fleet stops
 * and starts, so it asks again until one is moving; it leaves the filter on "all".
 */
async function movingDeviceId(): Promise<string> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const answer = page.waitForResponse(
      (r) => r.url().includes('Monitor/GetMonitorList') && (r.request().postData() ?? '').includes('"moving"'),
    );
    await page.locator('[data-filter=moving]').click();
    const rows = ((await (await answer).json()) as { data: { rows: { DeviceID: string }[] } }).data.rows;
    await page.locator('[data-filter=all]').click();
    await expect.poll(listed).toBe(20);
    if (rows[0]) return rows[0].DeviceID;
    await page.waitForTimeout(5000);
  }
  throw new Error('no device was moving in a minute');
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

describe('online monitor', () => {
  it('shows the simulated fleet live, filters, follows, releases an alarm, and changes the map', async () => {
    await page.goto(`${server.url}/login`);
    await page.fill('#password-login_Phone', ADMIN_PHONE);
    await page.fill('#password-login_UserPassword', ADMIN_PASSWORD);
    await page.locator('.agreement-check input').first().check();
    await page.press('#password-login_UserPassword', 'Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`${server.url}/monitor/online`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('在线监控');
    // The simulated devices are listed and drawn on the map (icons or clusters).
    await expect.poll(() => rows().count(), { timeout: 60_000 }).toBeGreaterThan(5);
    await expect.poll(() => page.locator('.filter-all .monitor-filter-count').textContent()).toBe('20');
    await page.waitForSelector('.map-canvas[data-ready=true]');
    await expect
      .poll(() => page.locator('.map-canvas').getAttribute('data-rendered-devices'), { timeout: 60_000 })
      .toMatch(/^[1-9]\d*$/);

    // Live: the feed is open and a vehicle moves without reloading (the simulated fleet parks for its first minute).
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-mode'), { timeout: 20_000 }).toBe('live');
    const before = await positions();
    await expect
      .poll(
        async () => {
          const now = await positions();
          return Object.keys(now).some((id) => before[id] && before[id] !== ',' && now[id] !== before[id]);
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);
    await expect.poll(() => page.locator('.map-offline-notice').textContent()).toContain('离线底图');
    await browser.shot('20-monitor-zh');

    // Filter to "moving": the list shows exactly what the server answered for that filter.
    const moving = page.waitForResponse(
      (r) => r.url().includes('Monitor/GetMonitorList') && (r.request().postData() ?? '').includes('"moving"'),
    );
    await page.locator('[data-filter=moving]').click();
    const answer = (await (await moving).json()) as { data: { rows: { Status: string }[] } };
    expect(answer.data.rows.every((r) => r.Status === 'moving')).toBe(true);
    await expect.poll(listed).toBe(answer.data.rows.length);
    if (answer.data.rows.length === 0)
      await expect
        .poll(() => page.locator('.device-list-empty .ant-empty-description').textContent())
        .toBe('查询无数据');
    await page.locator('[data-filter=all]').click();
    await expect.poll(() => rows().count()).toBeGreaterThan(5);

    // Another unit in the unit tree narrows the list, the counts and the live feed to its subtree.
    await page.locator('.unit-tree .ant-tree-node-content-wrapper', { hasText: '华东服务商' }).click();
    await expect
      .poll(async () => Number(await page.locator('.filter-all .monitor-filter-count').textContent()))
      .toBeLessThan(20);
    await expect.poll(listed).toBeLessThan(20);
    await page.locator('.unit-tree .ant-tree-node-content-wrapper', { hasText: 'Lodestar' }).first().click();
    await expect.poll(() => page.locator('.filter-all .monitor-filter-count').textContent()).toBe('20');
    await expect.poll(listed).toBe(20);

    // Follow a moving one (a toggle), then see it under "followed". The list is windowed, so a moving device
    // may be below the fold: ask the server through the "moving" filter, then find it by its ID.
    const followedId = await movingDeviceId();
    await page.fill('.monitor-search-input input', followedId);
    // The server answers the search once typing pauses.
    await expect.poll(listed).toBe(1);
    const first = page.locator(`.device-row[data-id="${followedId}"]`);
    await expect.poll(() => first.count()).toBe(1);
    await first.locator('.follow-toggle').click();
    await expect.poll(() => first.locator('.follow-toggle').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('.filter-followed .monitor-filter-count').textContent()).toBe('1');

    // Details of the followed device, with its live trail.
    await first.locator('.device-row-main').click();
    await expect.poll(() => page.locator('.device-details').getAttribute('data-id')).toBe(followedId);
    await expect.poll(() => page.locator('.device-details').textContent()).toContain('设备号');
    // Its address from the offline geocoder: country, province and city in Chinese (中国上海市, 中国广东省深圳市…).
    await expect
      .poll(() => page.locator('.device-address').textContent(), { timeout: 15_000 })
      .toMatch(/^中国.+市离线地址/);
    // The map brings it into the part not covered by the details panel.
    await expect
      .poll(
        async () => {
          const x = Number(await page.locator('.map-canvas').getAttribute('data-selected-x'));
          const width = await page.locator('.map-canvas').evaluate((e) => e.clientWidth);
          const panel = await page.locator('.device-details').evaluate((e) => e.clientWidth);
          return x > 0 && x < width - panel;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Its live trail grows as positions arrive.
    const trailPoints = async () => Number(await page.locator('.map-canvas').getAttribute('data-trail-points'));
    await expect.poll(trailPoints, { timeout: 30_000 }).toBeGreaterThan(2);
    await browser.shot('21-monitor-details-zh');
    await page.fill('.monitor-search-input input', '');
    await expect.poll(listed).toBe(20);

    // Release an alarm: a device in alarm if there is one now, else the selected one; the reason is required.
    const alarmCount = Number(await page.locator('.filter-alarm .monitor-filter-count').textContent());
    if (alarmCount > 0) {
      await page.locator('[data-filter=alarm]').click();
      await expect.poll(() => rows().count()).toBeGreaterThan(0);
      await rows().first().locator('.device-row-main').click();
    }
    await page.locator('.details-release').click();
    await page.locator('.release-alarm-dialog .ant-btn-primary').click();
    await expect.poll(() => page.locator('.release-alarm-dialog').textContent()).toContain('请输入解除报警的原因');
    await page.fill('#release-alarm_Reason', '已与司机确认，误报');
    await page.locator('.release-alarm-dialog .ant-btn-primary').click();
    await expect.poll(() => message().textContent()).toBe('报警已解除');
    await expect.poll(() => page.locator('.release-alarm-dialog:visible').count(), { timeout: 10_000 }).toBe(0);
    if (alarmCount > 0) await page.locator('[data-filter=all]').click();

    // Search by ID: the simulated H02 trackers (IDs 41…) answer the arm command; the success message shows once
    // the device has acknowledged it.
    await page.fill('.monitor-search-input input', '41000');
    await expect
      .poll(async () => {
        const ids = await rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
        return ids.length > 0 && ids.every((id) => id?.startsWith('41'));
      })
      .toBe(true);
    await rows().first().locator('.device-row-main').click();
    await page.locator('.details-arm').click();
    await expect.poll(() => page.getByText('指令已下发，等待设备应答…').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('设防成功').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.fill('.monitor-search-input input', '');
    await expect.poll(listed).toBe(20);

    // Batch search over the limit says so (spec section 5: at most 1000).
    const tooMany = Array.from({ length: 1001 }, (_, i) => `X${i}`).join(',');
    await page.fill('.monitor-search-input input', tooMany);
    await page.press('.monitor-search-input input', 'Enter');
    await expect.poll(() => page.locator('.monitor-search-error').textContent()).toContain('选择过多');
    await page.fill('.monitor-search-input input', '');
    await page.press('.monitor-search-input input', 'Enter');

    // Change the map to OpenStreetMap (WGS-84).
    await page.locator('.change-map-button').click();
    await page.locator('.change-map-dialog [data-provider=osm]').click();
    await expect.poll(() => page.locator('.change-map-dialog input[value=osm]').isChecked()).toBe(true);
    await page.locator('.change-map-dialog .ant-btn-primary').click();
    await expect.poll(() => page.locator('.map-canvas').getAttribute('data-provider')).toBe('osm');
    await expect.poll(() => page.locator('.change-map-button').textContent()).toContain('OpenStreetMap');

    // English.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
    await chooseLanguage('en');
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('Online monitor');
    await expect.poll(() => page.locator('.filter-moving').textContent()).toMatch(/^Moving\d+$/);
    await expect.poll(() => page.locator('.feed-bar').textContent()).toBe('Live');
    await page.waitForTimeout(1500);
    await browser.shot('22-monitor-en');

    // With the live feed down, the page says so and polls on a countdown that can be paused and turned off.
    await page.routeWebSocket(/\/API\/ws/, (ws) => ws.close({ code: 1011, reason: 'test: feed down' }));
    await page.reload();
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-mode'), { timeout: 20_000 }).toBe('polling');
    await expect.poll(() => page.locator('.feed-countdown').textContent()).toMatch(/^Refresh in \d+ s$/);
    const polled = await page.waitForResponse((r) => r.url().includes('Monitor/GetMonitorList'), { timeout: 15_000 });
    expect(polled.ok()).toBe(true);
    await browser.shot('23-monitor-polling-en');
    await page.locator('.feed-pause').click();
    await expect.poll(() => page.locator('.feed-countdown').textContent()).toBe('Paused');
    await page.locator('.feed-pause').click();
    await expect.poll(() => page.locator('.feed-countdown').textContent()).toMatch(/^Refresh in \d+ s$/);
    await page.locator('.feed-switch').click();
    await expect.poll(() => page.locator('.feed-countdown').textContent()).toBe('Auto refresh off');
    await page.unrouteAll();

    // French, with the live feed back: a fresh tab, since the closed-socket route stays on the old one.
    const old = page;
    page = await browser.context.newPage();
    await old.close();
    await page.goto(`${server.url}/monitor/online`);
    await chooseLanguage('fr');
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('Suivi en ligne');
    await expect.poll(() => page.locator('.filter-moving').textContent()).toMatch(/^En route\d+$/);
    await expect.poll(() => page.locator('.feed-bar').textContent(), { timeout: 20_000 }).toBe('En direct');
    await page.locator('.device-list .device-row').first().click();
    await page.waitForSelector('.device-details');
    await expect.poll(() => page.locator('.device-address').textContent(), { timeout: 15_000 }).toMatch(/, Chine/);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(screenshotDir, '24-monitor-details-fr.png') });
  });
});
