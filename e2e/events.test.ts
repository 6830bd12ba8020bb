import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, logIn, openBrowser } from './lib/browser.ts';
import { type DriveFix, driveGt06 } from './lib/gt06-drive.ts';
import { type DemoServer, startDemoServer } from './lib/server.ts';

// Events in the console (#17): a GT06 tracker drives into and out of a record-only fence and another raises SOS
// and power-cut alarms, over real TCP; the monitor toasts each as it arrives (alarms beep unless muted, and count
// on the badge), the mute survives a reload, a toast's "locate" selects the device and "release" releases the
// alarm; zh, en and fr.
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

async function chooseLanguage(lang: 'zh' | 'en' | 'fr') {
  await page.locator('.language-switch').first().click();
  await page.locator(`.ant-dropdown:visible [data-lang=${lang}]`).click();
  await page.waitForFunction((l) => document.documentElement.lang.startsWith(l === 'zh' ? 'zh' : l), lang);
}

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
});
