import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type DriveFix, driveGt06 } from './lib/gt06-drive.ts';
import { type DemoServer, startDemoServer } from './lib/server.ts';

// Events in the console (#17): a GT06 tracker drives into a record-only fence and another raises SOS and power-cut
// alarms, over real TCP; the monitor toasts each as it arrives (alarms beep unless muted, and count on the badge),
// the mute survives a reload, a toast's "release" releases the alarm; the event list filters and exports them;
// the history timeline shows the fence events; the points layer and the full-function models dialog.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const ZONE_ID = '868000000017001';
const ZONE_NAME = '围栏车';
const ALARM_ID = '868000000017002';
const ALARM_NAME = '报警车';
const MODEL = 'GT06N-E2E';
/** The depot: a circle of 200 m in Shanghai, drawn in WGS-84. */
const DEPOT = { lat: 31.2304, lng: 121.4737 };
const FENCE_NAME = '浦西车场';

let server: DemoServer;
let browser: Browser;
let page: Page;
let fenceId = 0;
let holdId = 0;

/** A fix now at a place; `away` metres north of the depot. */
const fixAt = (away: number, alarm?: DriveFix['alarm']): DriveFix => ({
  time: new Date(Math.floor(Date.now() / 1000) * 1000),
  lat: DEPOT.lat + away / 111_320,
  lon: DEPOT.lng,
  speedKmh: 20,
  course: 0,
  ...(alarm ? { alarm } : {}),
});

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

async function shot(name: string) {
  await page.waitForTimeout(400);
  await browser.shot(name);
}

const toasts = (kind: 'is-alarm' | 'is-zone') => page.locator(`.live-alarm-toast.${kind}`);
const badge = () => page.locator('.live-alarms-badge');
const beeps = async () => Number(await page.locator('.live-alarms').getAttribute('data-beeps'));

async function openMonitor() {
  await page.goto(`${server.url}/monitor/online`);
  await expect.poll(() => page.locator('.feed-bar').getAttribute('data-mode'), { timeout: 30_000 }).toBe('live');
  await expect.poll(() => page.locator('.device-list .device-row').count(), { timeout: 30_000 }).toBe(2);
}

/** The badge's count, the alarms toasted since the page opened and not looked at. */
const unread = async () => Number(await badge().getAttribute('data-unread'));

beforeAll(async () => {
  server = await startDemoServer(0, { ADMIN_PHONE, ADMIN_PASSWORD });
  const api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  holdId = root!.HoldID;
  for (const [DeviceID, DeviceName] of [
    [ZONE_ID, ZONE_NAME],
    [ALARM_ID, ALARM_NAME],
  ])
    await api.post('Device/AddDevice', { DeviceID, Protocol: 'gt06', HoldID: holdId, DeviceName, Model: MODEL });
  // A device's first report activates it, and its VIP (which fences need) starts then.
  await driveGt06(server.ports.gt06, ZONE_ID, [fixAt(1000)]);
  await driveGt06(server.ports.gt06, ALARM_ID, [fixAt(3000)]);
  ({ FenceID: fenceId } = await api.post<{ FenceID: number }>('Fence/AddFence', {
    HoldID: holdId,
    FenceName: FENCE_NAME,
    Geometry: { type: 'Circle', Center: [DEPOT.lng, DEPOT.lat], Radius: 200 },
    RecordType: 'both',
    TriggerAlarm: false,
  }));
  await api.post('Fence/BindDevices', { FenceID: fenceId, DeviceIDs: [ZONE_ID] });
  await api.post('Poi/AddPoi', {
    HoldID: holdId,
    PoiName: '加油站',
    Kind: 'poi',
    Icon: 'fuel',
    Lat: DEPOT.lat + 0.004,
    Lng: DEPOT.lng + 0.004,
  });
  await api.post('Poi/AddPoi', {
    HoldID: holdId,
    PoiName: '风险点',
    Kind: 'risk',
    Icon: 'warning',
    Lat: DEPOT.lat - 0.004,
    Lng: DEPOT.lng - 0.004,
  });
  browser = await openBrowser();
  page = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('events in the console', () => {
  it('toasts a fence entry and device alarms live, beeps unless muted, and the mute survives a reload', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await openMonitor();
    // A click: browsers let a page make sound only after one.
    await page.locator('.monitor-list-head').click();
    expect(await unread()).toBe(0);
    expect(await beeps()).toBe(0);

    // The fence is record-only: its entry toasts, without sound and without counting as an alarm.
    await driveGt06(server.ports.gt06, ZONE_ID, [fixAt(0)]);
    await expect.poll(() => toasts('is-zone').count(), { timeout: 15_000 }).toBe(1);
    const zoneToast = toasts('is-zone').first();
    expect(await zoneToast.locator('.live-alarm-title').getAttribute('data-type')).toBe('fenceEnter');
    expect(await zoneToast.textContent()).toContain(`${ZONE_NAME} · 进入围栏`);
    expect(await zoneToast.locator('.live-alarm-zone').textContent()).toBe(FENCE_NAME);
    expect(await zoneToast.locator('.live-alarm-release').count()).toBe(0);
    expect(await unread()).toBe(0);
    expect(await beeps()).toBe(0);
    await shot('events-01-zone-toast-zh');
    // "Locate" selects the device on the map (a zone toast closes by itself after a few seconds).
    await zoneToast.locator('.live-alarm-locate').click();
    await expect.poll(() => page.locator('.device-details').getAttribute('data-id')).toBe(ZONE_ID);

    // A device's own SOS: an alarm toast with "release", the badge counts it, a beep.
    await driveGt06(server.ports.gt06, ALARM_ID, [fixAt(3000, 'sos')]);
    await expect.poll(() => toasts('is-alarm').count(), { timeout: 15_000 }).toBe(1);
    expect(await toasts('is-alarm').first().textContent()).toContain(`${ALARM_NAME} · SOS求救`);
    await expect.poll(unread).toBe(1);
    await expect.poll(beeps).toBe(1);
    await shot('events-02-alarm-toast-zh');

    // "Release" opens the monitor's release dialog for the alarm's device.
    await toasts('is-alarm').first().locator('.live-alarm-release').click();
    const dialog = page.locator('.release-alarm-dialog');
    await expect.poll(() => dialog.locator('.ant-modal-title').textContent()).toContain(ALARM_NAME);
    await dialog.locator('textarea').fill('已电话确认，误报');
    await dialog.locator('.ant-btn-primary').click();
    await browser.toast('报警已解除');
    await expect.poll(() => toasts('is-alarm').count()).toBe(0);

    // The badge's list names it; opening it marks the alarms read.
    await badge().click();
    await expect.poll(() => page.locator('.live-alarms-item').count()).toBe(2);
    await expect.poll(unread).toBe(0);
    await page.keyboard.press('Escape');

    // Muted: the next alarm toasts and counts, silently; still muted after a reload.
    await page.locator('.live-alarms-mute').click();
    await expect.poll(() => page.locator('.live-alarms-mute').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.locator('.feed-bar').getAttribute('data-mode'), { timeout: 30_000 }).toBe('live');
    await expect.poll(() => page.locator('.live-alarms-mute').getAttribute('aria-pressed')).toBe('true');
    await page.locator('.monitor-list-head').click();
    await driveGt06(server.ports.gt06, ALARM_ID, [fixAt(3000, 'powerCut')]);
    await expect.poll(() => toasts('is-alarm').count(), { timeout: 15_000 }).toBe(1);
    expect(await toasts('is-alarm').first().textContent()).toContain('断电');
    await expect.poll(unread).toBe(1);
    expect(await beeps()).toBe(0);

    // Leaving the fence (well past the hysteresis) toasts too; in English, then French.
    await chooseLanguage('en');
    await driveGt06(server.ports.gt06, ZONE_ID, [fixAt(1000)]);
    await expect
      .poll(() => page.locator('.live-alarm-toast.is-zone .live-alarm-title[data-type=fenceLeave]').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await page.locator('.live-alarm-title[data-type=fenceLeave]').textContent()).toContain('Fence left');
    await shot('events-03-toasts-en');
    await chooseLanguage('fr');
    await badge().click();
    await expect.poll(() => page.locator('.live-alarms-list').textContent()).toContain('Coupure d’alimentation');
    await shot('events-04-badge-fr');
    await page.keyboard.press('Escape');
    // Put back: the power cut's alarm stays raised for the list below, the sound on.
    await page.locator('.live-alarms-mute').click();
    await expect.poll(() => page.locator('.live-alarms-mute').getAttribute('aria-pressed')).toBe('false');
    await chooseLanguage('zh');
  });

  it('lists, filters and exports the events, and links a fence to its own', async () => {
    await page.goto(`${server.url}/monitor/event`);
    const rows = page.locator('[data-testid=events-table] tbody tr.ant-table-row');
    // enter, leave, SOS, power cut (state changes too: online, ignition…).
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    const types = () =>
      page
        .locator('[data-testid=events-table] .events-type')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    // Polled: on a busy machine the list may first answer before the last of the previous test's events is stored.
    await expect
      .poll(types, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['fenceEnter', 'fenceLeave', 'sos', 'powerCut']));
    // Newest first: the leave came after the entry.
    const all = await types();
    expect(all.indexOf('fenceLeave')).toBeLessThan(all.indexOf('fenceEnter'));
    const released = page.locator('[data-testid=events-table] tr', { has: page.locator('[data-type=sos]') });
    expect(await released.textContent()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d.*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await shot('events-04-list-zh');

    // Alarms only: the device's two, not the record-only fence's.
    await page.locator('.events-alarm-only').click();
    await page.locator('.filter-form .ant-btn-primary').click();
    // Polled as a whole: the unfiltered list shown until the filtered one answers holds both alarms too.
    await expect
      .poll(async () => {
        const shown = await types();
        return (
          shown.includes('sos') && shown.includes('powerCut') && shown.every((t) => t === 'sos' || t === 'powerCut')
        );
      })
      .toBe(true);

    // Types: the fence events only (the alarm-only switch off again).
    await page.locator('.events-alarm-only').click();
    await pickOption(page.locator('.events-types'), '进入围栏');
    await pickOption(page.locator('.events-types'), '离开围栏');
    await page.keyboard.press('Escape');
    await page.locator('.filter-form .ant-btn-primary').click();
    await expect.poll(async () => (await types()).sort()).toEqual(['fenceEnter', 'fenceLeave']);
    expect(await rows.first().textContent()).toContain(FENCE_NAME);

    // Export: the download centre gets the .xlsx of what is shown.
    await page.locator('[data-testid=events-export] button').click();
    await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    type File = { FileID: number; FileName: string; Status: number };
    await expect
      .poll(
        async () => {
          const list = await api.get<{ rows: File[] }>('Download/GetDownloadList', { PageIndex: 1, PageSize: 20 });
          return list.rows.find((r) => r.FileName.toLowerCase().endsWith('.xlsx'))?.Status;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // From the fence page: ?FenceID= narrows the list to that fence's events.
    await page.goto(`${server.url}/monitor/event?FenceID=${fenceId}`);
    await expect.poll(() => page.locator('.events-zone-tag').textContent()).toContain(String(fenceId));
    await expect.poll(async () => (await types()).sort()).toEqual(['fenceEnter', 'fenceLeave']);

    // The replay link opens the history around the event.
    await page.locator('.events-locate').first().click();
    await page.waitForURL(/\/monitor\/history\?devices=/);
    expect(new URL(page.url()).searchParams.get('devices')).toBe(ZONE_ID);
    // The timeline marks the fence events of the replayed period: the entry and the leave.
    await expect
      .poll(() => page.locator('.history-timeline-events').getAttribute('data-events'), { timeout: 30_000 })
      .toBe('2');
    await page.locator('.history-timeline-event[data-type=fenceEnter]').hover();
    await expect.poll(() => page.locator('.ant-tooltip:visible').textContent()).toContain(`进入围栏 · ${FENCE_NAME}`);
    await shot('events-05-timeline-zh');

    for (const lang of ['en', 'fr'] as const) {
      await page.goto(`${server.url}/monitor/event`);
      await chooseLanguage(lang);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      await shot(`events-06-list-${lang}`);
    }
    // A phone: the filters wrap, the table scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await shot('events-07-list-phone-fr');
    await page.setViewportSize({ width: 1440, height: 900 });
    await chooseLanguage('zh');
  });

  it('draws the points on the maps, with a toggle', async () => {
    await openMonitor();
    const map = page.locator('.monitor-map .map-canvas');
    await expect.poll(() => map.getAttribute('data-pois'), { timeout: 15_000 }).toBe('2');
    await page.locator('.monitor-map .points-toggle').click();
    await expect.poll(() => map.getAttribute('data-pois')).toBeNull();
    await page.locator('.monitor-map .points-toggle').click();
    await expect.poll(() => map.getAttribute('data-pois')).toBe('2');
    await shot('events-08-points-zh');
  });

  it('lets the platform administrator say which models are full-function', async () => {
    await page.goto(`${server.url}/info/device`);
    await page.locator('[data-testid=full-function-models]').click();
    const toggle = page.locator(`.full-function-switch[data-model="${MODEL}"]`);
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('false');
    await shot('events-09-models-zh');
    await toggle.click();
    await browser.toast('已保存');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    const models = await api.post<{ rows: { Model: string; FullFunction: boolean; DeviceCount: number }[] }>(
      'DeviceModel/GetModelList',
      { PageIndex: 1, PageSize: 50 },
    );
    expect(models.rows.find((m) => m.Model === MODEL)).toEqual({ Model: MODEL, FullFunction: true, DeviceCount: 2 });
  });
});
