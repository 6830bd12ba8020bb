import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// Batch commands (#18) against the real server: DEMO=1 runs 20 simulated trackers over real TCP (GT06, JT/T 808
// and H02 answer a position query; the two OsmAnd phones take no command), plus a JT/T 808 terminal registered
// here that never connects, whose command stays queued until it is cancelled.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const ASLEEP_ID = '13900009999';

let server: RunningServer;
let browser: Browser;
let page: Page;

const listed = async () => Number((await page.locator('.monitor-list-head').textContent())?.match(/\d+/)?.[0]);
const dialog = () => page.locator('.batch-dialog');
const count = (status: string) =>
  dialog()
    .locator(`.batch-count[data-status=${status}]`)
    .textContent()
    .then((t) => Number(t?.match(/\d+/)?.[0]));
const settle = () => page.waitForTimeout(600);

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** Picks a command type in the dialog's type picker. */
async function chooseType(type: string) {
  await pickOption(dialog().locator('.command-type'), '', { option: `.command-type-option[data-type=${type}]` });
}

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  const api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
  const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
  await api.post('Device/AddDevice', {
    DeviceID: ASLEEP_ID,
    Protocol: 'jt808',
    HoldID: root?.HoldID,
    DeviceName: '休眠终端',
  });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('batch command', () => {
  it('checks the parameters in the form, then sends a position query to 21 devices and follows it live', async () => {
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    await expect.poll(listed, { timeout: 60_000 }).toBe(21);
    // Every simulated tracker connected and reporting, so a command goes out at once.
    await expect
      .poll(() => page.locator('.device-row[data-status=unused]').count(), { timeout: 60_000 })
      .toBeLessThanOrEqual(1);

    await page.locator('.batch-command').click();
    await expect
      .poll(() => dialog().locator('.batch-source .ant-segmented-item-selected').textContent())
      .toBe('所选设备 (21)');

    // A parameter out of the spec's range is named in the form and nothing is sent.
    await chooseType('speedAlarm');
    await expect.poll(() => dialog().locator('.command-unsupported').textContent()).toContain('21 台设备中 15 台支持');
    await dialog().locator('.param-maxSpeedKmh input').fill('80');
    await dialog().locator('.param-overspeedSeconds input').fill('256');
    await dialog().locator('.batch-send').click();
    await expect.poll(() => dialog().locator('.ant-form-item-explain-error').textContent()).toBe('取值范围 1 – 255');
    await settle();
    await browser.shot('c01-batch-form-range-zh');

    await chooseType('positionQuery');
    await expect.poll(() => dialog().locator('.command-unsupported').textContent()).toContain('21 台设备中 19 台支持');
    const sent = page.waitForResponse((r) => r.url().includes('Command/SendBatch'));
    await dialog().locator('.batch-send').click();
    expect((await (await sent).json()).code).toBe(200);

    // The progress table, asked again every second: the connected trackers answer, the phones fail as
    // unsupported, the sleeping terminal's command waits.
    await expect.poll(() => count('acknowledged'), { timeout: 60_000 }).toBe(18);
    await expect.poll(() => count('failed')).toBe(2);
    await expect.poll(() => count('queued')).toBe(1);
    // The failed rows say why, on whichever page of the table they fall.
    let why = '';
    for (let p = 1; p <= 3 && !why; p++) {
      await dialog().locator(`.batch-rows .ant-pagination-item-${p}`).click();
      why = (await dialog().locator('.batch-rows tr[data-status=failed]').allTextContents()).join(' ');
    }
    expect(why).toContain('unsupported protocol');
    await dialog().locator('.batch-rows .ant-pagination-item-1').click();
    await settle();
    await browser.shot('c02-batch-progress-zh');

    // Cancel the queued one, after the question.
    await dialog().locator('.batch-cancel').click();
    await page.locator('.cancel-queued-confirm .ant-btn-dangerous').click();
    await expect.poll(() => count('cancelled')).toBe(1);
    await expect.poll(() => count('queued')).toBe(0);
    // Retry the failed ones: queued again, and the phones fail again as unsupported.
    await dialog().locator('.batch-retry').click();
    await browser.toast('已重新排队');
    await expect.poll(() => count('failed'), { timeout: 30_000 }).toBe(2);
    await settle();
    await browser.shot('c03-batch-cancelled-retried-zh');

    // The result as .xlsx in the download centre.
    await dialog().locator('.export-button, button:has-text("导出")').first().click();
    await expect.poll(() => page.locator('.ant-message-notice').count()).toBeGreaterThan(0);
  });

  it('shows the form in English and French', async () => {
    await dialog().locator('.ant-modal-footer .ant-btn').click();
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.locator('.batch-command').click();
      await chooseType('setParameters');
      await expect.poll(() => dialog().locator('.param-reportSeconds input').inputValue()).toBe('30');
      await settle();
      await browser.shot(`c04-batch-form-${lang}`);
      await chooseType('engineStop');
      await expect.poll(() => dialog().locator('.command-password').count()).toBe(1);
      await settle();
      await browser.shot(`c05-batch-immobiliser-${lang}`);
      await dialog().locator('.ant-modal-footer .ant-btn').first().click();
    }
    await chooseLanguage('zh');
  });
});
