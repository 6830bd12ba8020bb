import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, signOut } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// The online monitor's row-action menu and view settings (#4) against the real server: DEMO=1 runs 20
// simulated trackers over real TCP; the H02 ones (IDs 41…) answer commands, the lock (S20) among them.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
/** Registered here and never reporting: inactivated until activated from the menu. */
const SILENT_ID = '868000000009999';
/** Registered by the last test and never reporting: the console calls it unused. */
const UNUSED_ID = '868000000009998';

let server: RunningServer;
let browser: Browser;
let page: Page;
/** A demo device whose vehicle carries a life status. */
let carId = '';
/** A demo OsmAnd phone with a vehicle (the demo binds some): no immobiliser on that protocol. */
let phoneId = '';

const listed = async () => Number((await page.locator('.monitor-list-head').textContent())?.match(/\d+/)?.[0]);
const row = (id: string) => page.locator(`.device-row[data-id="${id}"]`);
const menu = () => page.locator('.row-menu:visible');
const menuItem = (text: string) => menu().locator('.ant-dropdown-menu-item', { hasText: text });

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** Narrows the list to one device by its ID. */
async function only(id: string) {
  await page.fill('.monitor-search-input input', id);
  await expect.poll(listed).toBe(1);
  await expect.poll(() => row(id).count()).toBe(1);
}

/** Lets a menu or dialog finish its opening animation before a screenshot. */
const settle = () => page.waitForTimeout(600);

async function openMenu(id: string) {
  await row(id).locator('.row-more').click();
  await expect.poll(() => menu().count()).toBe(1);
}

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  const api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  await api.post('Device/AddDevice', {
    DeviceID: SILENT_ID,
    Protocol: 'gt06',
    HoldID: root?.HoldID,
    DeviceName: '静默测试车',
  });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('monitor row actions and view settings', () => {
  it('opens the row menu with the gated extras, changes a life status, activates, locks an H02 tracker', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    const listAnswer = page.waitForResponse((r) => r.url().includes('Monitor/GetMonitorList'));
    await page.goto(`${server.url}/monitor/online`);
    const rows = (
      (await (await listAnswer).json()) as {
        data: { rows: { DeviceID: string; Protocol: string; VehicleLifeStatus: number | null }[] };
      }
    ).data.rows;
    await expect.poll(listed, { timeout: 60_000 }).toBe(21);
    // The demo seed binds vehicles with a life status to some devices; the rows carry it as a tag.
    const financed = rows.find((r) => r.VehicleLifeStatus === 1 || r.VehicleLifeStatus === 2);
    expect(financed).toBeDefined();
    carId = financed!.DeviceID;
    phoneId = rows.find((r) => r.Protocol === 'osmand' && r.VehicleLifeStatus !== null)?.DeviceID ?? '';
    expect(phoneId).not.toBe('');
    await only(carId);
    // Wait for its first report (the live feed makes its state normal), so it counts as activated.
    await expect.poll(() => row(carId).getAttribute('data-status'), { timeout: 30_000 }).not.toBe('unused');
    const tag = row(carId).locator('.life-tag');
    await expect.poll(() => tag.textContent()).toBe(financed!.VehicleLifeStatus === 1 ? '正常' : '逾期');

    // The super administrator holds 76, 83 and 163: the extras show, policy management because the row has a status.
    await openMenu(carId);
    const texts = await menu().locator('.ant-dropdown-menu-item').allTextContents();
    expect(texts).toEqual(
      expect.arrayContaining(['详情', '设防', '撤防', '激活', '锁车（断油断电）', '解锁（恢复油电）', '保单管理']),
    );
    // A device that reports is activated already: the item is there but disabled.
    await expect.poll(() => menuItem('激活').getAttribute('aria-disabled')).toBe('true');
    await settle();
    await browser.shot('30-monitor-row-menu-zh');

    // Policy management: change the life status; the tag follows.
    await menuItem('保单管理').click();
    const dialog = page.locator('.life-status-dialog');
    await expect.poll(() => dialog.locator('.life-status-current').textContent()).toBe(await tag.textContent());
    await dialog.locator('.life-option-repossessed').click();
    await settle();
    await browser.shot('31-monitor-life-status-zh');
    await dialog.locator('.ant-btn-primary').click();
    await expect.poll(() => page.getByText(/车辆状态已改为已收车/).count()).toBeGreaterThan(0);
    await expect.poll(() => tag.textContent()).toBe('已收车');
    await expect.poll(() => page.locator('.life-status-dialog:visible').count()).toBe(0);

    // Activate the silent device from its menu, after confirming.
    await only(SILENT_ID);
    await openMenu(SILENT_ID);
    await menuItem('激活').click();
    // The browser asks for reduced motion: the confirm is there at once, with no zoom-in under way to lose the click.
    await page.locator('.activate-confirm').waitFor();
    expect(await page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-appear-active').count()).toBe(0);
    await page.locator('.activate-confirm .ant-btn-primary').click();
    await expect.poll(() => page.getByText(/静默测试车 已于 .+ 激活/).count()).toBeGreaterThan(0);
    await openMenu(SILENT_ID);
    await expect.poll(() => menuItem('激活').getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // Lock a simulated H02 tracker: confirmation first, then the success message once it acknowledges S20.
    const h02 = rows.find((r) => r.Protocol === 'h02');
    expect(h02).toBeDefined();
    await only(h02!.DeviceID);
    await openMenu(h02!.DeviceID);
    await menuItem('锁车').click();
    const confirm = page.locator('.lock-confirm');
    await expect.poll(() => confirm.textContent()).toContain('行驶中的车辆会停下');
    // The user's own password again: nothing is sent without it.
    const password = (dialog: typeof confirm) =>
      dialog.locator('input.immobiliser-password, .immobiliser-password input');
    await confirm.locator('.ant-btn-primary').click();
    await expect.poll(() => page.getByText('请输入密码').count()).toBeGreaterThan(0);
    await password(confirm).fill(ADMIN_PASSWORD);
    await settle();
    await browser.shot('32-monitor-lock-confirm-zh');
    await confirm.locator('.ant-btn-primary').click();
    await expect.poll(() => page.getByText('指令已下发，等待设备应答…').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('锁车成功：设备已断油断电').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await browser.shot('33-monitor-locked-zh');
    // Restored, so the demo car drives on.
    await openMenu(h02!.DeviceID);
    await menuItem('解锁').click();
    await password(page.locator('.unlock-confirm')).fill(ADMIN_PASSWORD);
    await page.locator('.unlock-confirm .ant-btn-primary').click();
    await expect.poll(() => page.getByText('解锁成功：设备已恢复油电').count(), { timeout: 60_000 }).toBeGreaterThan(0);
  });

  it('saves the view settings per user and applies them to the list and the map labels, after a reload too', async () => {
    await page.fill('.monitor-search-input input', '');
    await expect.poll(listed).toBe(21);
    await expect.poll(() => page.locator('.device-row .device-row-status').count()).toBeGreaterThan(0);
    expect(await page.locator('.device-row .device-row-time').count()).toBe(0);

    await page.locator('.view-settings-button').click();
    const dialog = page.locator('.view-settings-dialog');
    const option = (group: string, text: string) => dialog.locator(group).getByText(text, { exact: true });
    await option('.view-settings-list', '状态').click();
    await option('.view-settings-list', '定位时间').click();
    await option('.view-settings-map', '设备号').click();
    await option('.view-settings-map', '速度').click();
    await settle();
    await browser.shot('34-monitor-view-settings-zh');
    await dialog.locator('.ant-btn-primary').click();

    const check = async () => {
      await expect.poll(() => page.locator('.device-row .device-row-time').count()).toBeGreaterThan(0);
      expect(await page.locator('.device-row .device-row-status').count()).toBe(0);
      // The selected device's label on the map: name, ID and speed.
      const id = await page.locator('.device-row').first().getAttribute('data-id');
      await page.locator('.device-row').first().locator('.device-row-main').click();
      await expect
        .poll(() => page.locator('.map-canvas').getAttribute('data-selected-label'), { timeout: 20_000 })
        .toMatch(new RegExp(`^.+ · ${id} · \\d+ km/h$`));
    };
    await check();
    await browser.shot('35-monitor-view-applied-zh');
    await page.reload();
    await expect.poll(listed, { timeout: 30_000 }).toBe(21);
    await check();
  });

  it('shows the menu and the dialogs in English and French', async () => {
    await page.locator('.device-details button[aria-label]').first().click();
    await chooseLanguage('en');
    const id = (await page.locator('.device-row').first().getAttribute('data-id')) ?? '';
    await openMenu(id);
    await expect.poll(() => menu().textContent()).toContain('Lock (cut fuel/power)');
    await settle();
    await browser.shot('36-monitor-row-menu-en');
    await page.keyboard.press('Escape');
    await page.locator('.view-settings-button').click();
    await expect.poll(() => page.locator('.view-settings-dialog').textContent()).toContain('Labels on the map');
    await settle();
    await browser.shot('37-monitor-view-settings-en');
    await page.locator('.view-settings-dialog .ant-btn:not(.ant-btn-primary):not(.view-settings-reset)').click();

    await chooseLanguage('fr');
    await only(phoneId);
    await openMenu(phoneId);
    await expect.poll(() => menu().textContent()).toContain('Gestion des polices');
    await settle();
    await browser.shot('38-monitor-row-menu-fr');
    // An OsmAnd phone has no downlink: lock and unlock are disabled with the reason, which the server
    // also answers (spec section 8: unsupported protocol, route tests).
    const lock = menu().locator('.ant-dropdown-menu-item-danger');
    await expect.poll(() => lock.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => lock.getAttribute('title')).toMatch(/^Protocole non pris en charge.*osmand/);
    await settle();
    await browser.shot('41-monitor-unsupported-fr');
    await page.keyboard.press('Escape');
    await page.locator('.view-settings-button').click();
    await expect.poll(() => page.locator('.view-settings-dialog').textContent()).toContain('Étiquettes sur la carte');
    await settle();
    await browser.shot('40-monitor-view-settings-fr');
  });
  it('shows an ordinary user no extras and no commands, and the server refuses them too', async () => {
    await signOut(page, server.url);
    await logIn(page, server.url, '13900000003', 'demo1234');
    await page.goto(`${server.url}/monitor/online`);
    await expect.poll(() => page.locator('.device-list .device-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const id = (await page.locator('.device-row').first().getAttribute('data-id')) ?? '';
    await openMenu(id);
    // The menu may open before its items are drawn: wait for them rather than read them once.
    const keys = () =>
      menu()
        .locator('.ant-dropdown-menu-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')?.replace(/^.*-/, '')));
    // History playback (36) and live track (50) are the ordinary user's too; commands and the extras are not.
    await expect.poll(keys).toEqual(['details', 'follow', 'trail', 'history', 'liveTrack']);
    await settle();
    await browser.shot('42-monitor-row-menu-user-zh');
    const api = apiClient(server.url);
    await api.login('13900000003', 'demo1234');
    for (const path of ['Command/Lock', 'Device/Activate', 'Vehicle/SetLifeStatus'])
      await expect(api.post(path, { DeviceID: id, VehicleLifeStatus: 2 })).rejects.toThrow(/ 403 /);
  });

  it('disarms an H02 tracker, says a device that never reported is unused, and a batch of unknown IDs has no data', async () => {
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
    await api.post('Device/AddDevice', {
      DeviceID: UNUSED_ID,
      Protocol: 'gt06',
      HoldID: root?.HoldID,
      DeviceName: '从未上报测试车',
    });
    await signOut(page, server.url);
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    const listAnswer = page.waitForResponse((r) => r.url().includes('Monitor/GetMonitorList'));
    await page.goto(`${server.url}/monitor/online`);
    const rows = ((await (await listAnswer).json()) as { data: { rows: { DeviceID: string; Protocol: string }[] } })
      .data.rows;
    await expect.poll(listed, { timeout: 60_000 }).toBe(22);
    // The language is kept per user: the admin chose French above.
    await chooseLanguage('zh');
    const panel = page.locator('.device-details');

    // Disarm: the success message of spec section 4 once the tracker acknowledged (SCF), not when the call returns.
    const h02 = rows.filter((r) => r.Protocol === 'h02').at(-1);
    expect(h02).toBeDefined();
    await only(h02!.DeviceID);
    // After its first report: a device that reports is not unused, and has a session to take commands.
    await expect.poll(() => row(h02!.DeviceID).getAttribute('data-status'), { timeout: 30_000 }).not.toBe('unused');
    await row(h02!.DeviceID).locator('.device-row-main').click();
    await expect.poll(() => panel.getAttribute('data-id')).toBe(h02!.DeviceID);
    expect(await panel.locator('.device-unused').count()).toBe(0);
    await panel.locator('.details-disarm').click();
    await expect.poll(() => page.getByText('指令已下发，等待设备应答…').count()).toBeGreaterThan(0);
    expect(await page.getByText('撤防成功').count()).toBe(0);
    await browser.toast('撤防成功', 60_000);
    const commands = await api.post<{ CommandID: number; Type: string; Status: string }[]>('Command/GetCommandList', {
      DeviceID: h02!.DeviceID,
    });
    expect(commands.find((c) => c.Type === 'disarm')?.Status).toBe('acknowledged');
    await browser.shot('43-monitor-disarmed-zh');

    // A device registered but never heard from: its panel says so (spec section 8: device unused).
    await only(UNUSED_ID);
    expect(await row(UNUSED_ID).getAttribute('data-status')).toBe('unused');
    await row(UNUSED_ID).locator('.device-row-main').click();
    await expect.poll(() => panel.getAttribute('data-id')).toBe(UNUSED_ID);
    await expect.poll(() => panel.locator('.device-unused').textContent()).toBe('设备未启用：从未上报过位置');
    await browser.shot('44-monitor-unused-zh');
    await panel.locator('button[aria-label]').first().click();

    // A batch of device IDs none of which exists: the server answers no rows and the list says so.
    await page.fill('.monitor-search-input input', '');
    await expect.poll(listed).toBe(22);
    const batch = page.waitForResponse(
      (r) => r.url().includes('Monitor/GetMonitorList') && (r.request().postData() ?? '').includes('NOSUCH0001'),
    );
    await page.fill('.monitor-search-input input', 'NOSUCH0001,NOSUCH0002');
    await page.press('.monitor-search-input input', 'Enter');
    expect(((await (await batch).json()) as { data: { rows: unknown[] } }).data.rows).toEqual([]);
    await expect.poll(listed).toBe(0);
    await expect.poll(() => page.locator('.device-list-empty .ant-empty-description').textContent()).toBe('查询无数据');
  });
});
