import { randomBytes } from 'node:crypto';
import type { FenceRow } from '@lodestar/contract/zones';
import gcoord from 'gcoord';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser } from './lib/browser.ts';
import { type DriveFix, driveGt06 } from './lib/gt06-drive.ts';
import { type DemoServer, startDemoServer } from './lib/server.ts';

// Geo-fences (#17) in the browser: a polygon drawn by clicking the map (Amap, GCJ-02) is stored in WGS-84,
// a VIP GT06 tracker is bound to it, driven through it over real TCP, and the fence's enter/leave events and
// the alarm show in the console. Screenshots of the fence page, the drawing and the road page in zh, en, fr.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const DRIVE_ID = '868000000017017';
const DRIVE_NAME = '围栏测试车';
/** Where the map is brought by a first fence made through the API: People's Square, Shanghai (WGS-84). */
const ANCHOR: [number, number] = [121.4737, 31.2304];
const FENCE_NAME = 'E2E 多边形围栏';

let server: DemoServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
let holdId = 0;

const mapCanvas = () => page.locator('.zones-map .map-canvas');

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function shot(name: string) {
  await page.waitForTimeout(600);
  await browser.shot(name);
}

/** Clicks the map at an offset from its centre, in pixels. */
async function clickMap(dx: number, dy: number) {
  const box = await mapCanvas().boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
  await page.waitForTimeout(120);
}

const toGcj = (p: [number, number]) => gcoord.transform(p, gcoord.WGS84, gcoord.GCJ02) as [number, number];
const metres = (a: [number, number], b: [number, number]) => {
  const k = 111_320;
  return Math.hypot((a[0] - b[0]) * k * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * k);
};

/** West to east through `centre` at 36 km/h (10 m/s), a fix every 10 s, ending a minute ago. */
function driveThrough(centre: [number, number], halfLengthM: number): DriveFix[] {
  const steps = Math.ceil((2 * halfLengthM) / 100);
  const end = Date.now() - 60_000;
  const perDeg = 111_320 * Math.cos((centre[1] * Math.PI) / 180);
  return Array.from({ length: steps + 1 }, (_, i) => ({
    time: new Date(end - (steps - i) * 10_000),
    lat: centre[1],
    lon: centre[0] + (-halfLengthM + i * 100) / perDeg,
    speedKmh: 36,
    course: 90,
  }));
}

beforeAll(async () => {
  server = await startDemoServer(1, { ADMIN_PHONE, ADMIN_PASSWORD });
  api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  holdId = root?.HoldID ?? 0;
  await api.post('Device/AddDevice', { DeviceID: DRIVE_ID, Protocol: 'gt06', HoldID: holdId, DeviceName: DRIVE_NAME });
  // Activation starts the device's VIP (geo-fences are VIP-only, spec section 6).
  await api.post('Device/Activate', { DeviceID: DRIVE_ID });
  await api.post('Fence/AddFence', {
    HoldID: holdId,
    FenceName: 'E2E 参照圆',
    Geometry: { type: 'Circle', Center: [ANCHOR[0] + 0.02, ANCHOR[1] + 0.02], Radius: 300 },
    RecordType: 'none',
    TriggerAlarm: false,
  });
  await api.post('Fence/AddFence', {
    HoldID: holdId,
    FenceName: 'E2E 参照圆 2',
    Geometry: { type: 'Circle', Center: [ANCHOR[0] - 0.02, ANCHOR[1] - 0.02], Radius: 300 },
    RecordType: 'none',
    TriggerAlarm: false,
  });
  browser = await openBrowser();
  page = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('geo-fence page', () => {
  it('draws a polygon fence, binds a VIP device, and sees it enter and leave', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/fence`);
    await expect.poll(() => mapCanvas().getAttribute('data-ready')).toBe('true');
    await expect.poll(() => mapCanvas().getAttribute('data-zones')).toBe('2');
    expect(await mapCanvas().getAttribute('data-zone-labels')).toContain('E2E 参照圆');
    await shot('zones-fence-list-zh');

    // Draw: four corners around the map's centre (the two reference circles frame it), then Enter.
    await page.locator('.zone-add').click();
    await expect.poll(() => mapCanvas().getAttribute('data-draw-tool')).toBe('polygon');
    await clickMap(-160, -110);
    await clickMap(170, -120);
    await clickMap(150, 130);
    await clickMap(-40, 60); // removed again by Backspace
    await expect.poll(() => mapCanvas().getAttribute('data-sketch')).toBe('4');
    await page.keyboard.press('Backspace');
    await clickMap(-170, 120);
    await shot('zones-fence-drawing-zh');
    await page.keyboard.press('Enter');
    await expect.poll(() => mapCanvas().getAttribute('data-draft')).toBe('polygon:4');

    // Save without a name: the spec's "enter fence name"; with one, the fence is stored.
    await page.locator('.zone-save').click();
    await expect
      .poll(() => page.locator('.fence-form .ant-form-item-explain-error').first().textContent())
      .toBe('请输入围栏名称');
    await page.locator('#fence_FenceName').fill(FENCE_NAME);
    await page.locator('#fence_SpeedLimit').fill('80');
    await shot('zones-fence-form-zh');
    const center = (await mapCanvas().getAttribute('data-center'))?.split(',').map(Number) as [number, number];
    await page.locator('.zone-save').click();
    await expect.poll(() => page.locator('.fence-form').count()).toBe(0);

    const { rows } = await api.post<{ rows: FenceRow[] }>('Fence/GetFenceList', {
      HoldID: holdId,
      Keyword: FENCE_NAME,
      PageIndex: 1,
      PageSize: 10,
    });
    const fence = rows[0] as FenceRow;
    expect(fence.FenceName).toBe(FENCE_NAME);
    expect(fence.Geometry.type).toBe('Polygon');
    const ring = fence.Geometry.type === 'Polygon' ? (fence.Geometry.coordinates[0] as [number, number][]) : [];
    expect(ring).toHaveLength(5);
    // Drawn on a GCJ-02 map and stored in WGS-84: the polygon's middle, shown again in GCJ-02, is where the
    // map's centre was (within the clicks' asymmetry), while in WGS-84 it lies hundreds of metres away.
    const middle: [number, number] = [
      ring.slice(0, 4).reduce((s, p) => s + p[0], 0) / 4,
      ring.slice(0, 4).reduce((s, p) => s + p[1], 0) / 4,
    ];
    const span = metres(ring[0] as [number, number], ring[2] as [number, number]);
    expect(metres(toGcj(middle), center)).toBeLessThan(span / 8);
    expect(metres(middle, center)).toBeGreaterThan(300);

    // Bind the tracker: found by its ID in the dialog.
    await page.locator(`.zone-list-name[data-zone-id="${fence.FenceID}"]`).click();
    await page.locator('.zone-bind').click();
    await page.locator('.zone-bind-dialog .ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.locator('.zone-bind-error').textContent()).toBe('请选择目标数据');
    await page.locator('.zone-bind-devices input').fill(DRIVE_ID);
    await page.locator(`.zone-bind-option[data-id="${DRIVE_ID}"]`).click();
    await shot('zones-fence-bind-zh');
    await page.locator('.zone-bind-dialog .ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => page.locator(`.zone-devices .zone-device[data-id="${DRIVE_ID}"]`).count()).toBe(1);

    // Drive through it over real TCP, the monitor open: in on the west edge, out on the east. The monitor
    // toasts the fence's crossing live (the events helper's alarm display).
    await page.goto(`${server.url}/monitor/online`);
    await expect.poll(() => page.locator(`[data-id="${DRIVE_ID}"][data-status]`).count()).toBeGreaterThan(0);
    // Toasts fade: every one shown is recorded as it appears, so the check does not race the drive.
    await page.evaluate((id) => {
      const seen: string[] = [];
      (window as unknown as { __zoneToasts: string[] }).__zoneToasts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(`.live-alarm-title[data-device="${id}"]:not([data-seen])`)) {
          el.setAttribute('data-seen', '1');
          seen.push(el.getAttribute('data-type') ?? '');
        }
      }).observe(document.body, { childList: true, subtree: true });
    }, DRIVE_ID);
    await driveGt06(server.ports.gt06, DRIVE_ID, driveThrough(middle, span));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __zoneToasts: string[] }).__zoneToasts), {
        timeout: 30_000,
      })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^fence(Enter|Leave)$/)]));
    await shot('zones-monitor-alarm-zh');
    // The tile hosts are out of reach here (the offline base layer shows); no other error.
    expect(browser.errors.filter((e) => !/tile|404|ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  });

  it('lists the fence’s enter and leave among its recent events', async () => {
    await page.goto(`${server.url}/monitor/fence`);
    await page.locator('.zone-list-name', { hasText: FENCE_NAME }).click();
    await expect
      .poll(() => page.locator('.zone-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))), {
        timeout: 30_000,
      })
      .toEqual(['fenceLeave', 'fenceEnter']);
    await shot('zones-fence-events-zh');
  });

  it('draws a road with its corridor, and shows the pages in en and fr at 1440 px', async () => {
    await page.goto(`${server.url}/monitor/road`);
    await expect.poll(() => mapCanvas().getAttribute('data-ready')).toBe('true');
    await page.locator('.zone-add').click();
    await expect.poll(() => mapCanvas().getAttribute('data-draw-tool')).toBe('line');
    await clickMap(-200, 40);
    await clickMap(-20, -60);
    await clickMap(180, 20);
    await page.keyboard.press('Enter');
    await expect.poll(() => mapCanvas().getAttribute('data-draft')).toBe('line:3');
    await page.locator('#road_RoadName').fill('E2E 路线');
    await page.locator('#road_SegmentLimits_1').fill('40');
    await shot('zones-road-drawing-zh');
    await page.locator('.zone-save').click();
    await expect.poll(() => page.locator('.road-form').count()).toBe(0);
    await expect.poll(() => page.locator('.zone-list-name').allTextContents()).toContain('E2E 路线');

    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.goto(`${server.url}/monitor/road`);
      await page.locator('.zone-list-name').first().click();
      await shot(`zones-road-panel-${lang}`);
      await page.locator('.zone-add').click();
      await clickMap(-100, 0);
      await clickMap(100, 40);
      await shot(`zones-road-drawing-${lang}`);
      await page.goto(`${server.url}/monitor/fence`);
      await page.locator(`.zone-list-name`, { hasText: FENCE_NAME }).click();
      await expect.poll(() => page.locator('.zone-device').count()).toBe(1);
      await shot(`zones-fence-panel-${lang}`);
      await page.locator('.zone-edit').click();
      await expect.poll(() => mapCanvas().getAttribute('data-draft')).toBe('polygon:4');
      await shot(`zones-fence-edit-${lang}`);
      await page.locator('.ant-tabs-tab').nth(1).click();
      await shot(`zones-points-${lang}`);
    }
  });
});
