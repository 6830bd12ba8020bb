import { API_BASE, DEFAULT_APP_ID, vinCheckDigit } from '@lodestar/domain';
import { cameraJpeg } from '@lodestar/simulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { apiClient } from './lib/api.ts';
import {
  type Browser,
  chooseLanguage as chooseLanguageIn,
  clickToClose,
  logIn,
  openBrowser,
  pickOption,
} from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// /info/installer and /info/task (#20) against the real server: an installer added through the form, a task made
// for it through the form, the installer (over the API, as its phone would) accepting it, recording a device and a
// photo; the task's drawer shows the log, the install info and the photo; a second task is cancelled from the
// drawer after its question. Screenshots in zh, en and fr at 1440 px.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed
const FITTER = { phone: '13812345670', password: 'fit12345', name: '王师傅' };
const DEVICE = '868120398000001';
/** VINs with their check digit set right (the server checks it). */
const vin = (b: string) => `${b.slice(0, 8)}${vinCheckDigit(b)}${b.slice(9)}`;
const VIN = vin('LSVAU2180N2183294');
const VIN_2 = vin('LFV2A21K5D4012345');

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;
let fitterApi: ReturnType<typeof apiClient>;
let fitterToken = '';

const modal = () => page.locator('.form-modal:visible');
const rows = (table: string) => page.locator(`[data-testid=${table}] .ant-table-tbody .ant-table-row`);

async function settle() {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.locator('.page-layout').first().waitFor();
  await settle();
}

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

/** A real JPEG (the simulator's camera picture): the server checks the bytes, the drawer shows it. */
const JPEG = cameraJpeg();

async function uploadAsFitter(taskId: number) {
  const url = new URL(`${API_BASE}Task/UploadPhoto`, server.url);
  url.searchParams.set('format', 'json');
  url.searchParams.set('appid', DEFAULT_APP_ID);
  const form = new FormData();
  form.set('TaskID', String(taskId));
  form.set('DeviceID', DEVICE);
  form.set('Position', '1');
  form.set('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'p.jpg');
  const res = await fetch(url, { method: 'POST', headers: { Authorization: fitterToken }, body: form });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

beforeAll(async () => {
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  api = apiClient(server.url);
  await api.login(ADMIN.phone, ADMIN.password);
  const me = await api.get<{ HoldID: number }>('User/GetUserInfo');
  await api.post('Device/AddDevice', { DeviceID: DEVICE, Protocol: 'gt06', HoldID: me.HoldID });
  browser = await openBrowser();
  page = browser.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('installers and install tasks', () => {
  it('adds an installer through the form and lists it with its score', async () => {
    onTestFailed(() => browser.shot('install-installer-failed'));
    await open('/info/installer');
    await page.locator('[data-testid=installer-add]').click();
    await modal().waitFor();
    await modal().locator('#installer_form_UserName').fill(FITTER.name);
    await modal().locator('#installer_form_Phone').fill(FITTER.phone);
    await modal().locator('#installer_form_UserPassword').fill(FITTER.password);
    await modal().locator('#installer_form_Region').fill('浦东');
    await modal().locator('#installer_form_Company').fill('快装');
    await browser.shot('install-01-installer-form-zh');
    await modal().locator('.ant-modal-footer .ant-btn-primary').click();
    await rows('installer-table').filter({ hasText: FITTER.phone }).waitFor();
    await settle();
    await browser.shot('install-02-installers-zh');
    fitterApi = apiClient(server.url);
    await fitterApi.login(FITTER.phone, FITTER.password);
    const login = await fetch(new URL(`${API_BASE}account/login?format=json&appid=${DEFAULT_APP_ID}`, server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Phone: FITTER.phone, UserPassword: FITTER.password }),
    });
    fitterToken = ((await login.json()) as { data: { token: string } }).data.token;
  });

  it('makes a task for the installer, who accepts it and records a device and a photo, shown in the drawer', async () => {
    onTestFailed(() => browser.shot('install-task-failed'));
    await open('/info/task');
    await page.locator('[data-testid=task-add]').click();
    await modal().waitFor();
    await modal().locator('#task_form_VIN').fill(VIN);
    await modal().locator('#task_form_Customer').fill('张三');
    await modal().locator('#task_form_Project').fill('春季贷款');
    await pickOption(
      modal()
        .locator('.ant-select')
        .filter({ has: page.locator('#task_form_InstallerID') }),
      FITTER.phone,
    );
    await browser.shot('install-03-task-form-zh');
    await modal().locator('.ant-modal-footer .ant-btn-primary').click();
    await rows('task-table').filter({ hasText: VIN }).waitFor();

    const mine = await fitterApi.post<{ rows: { TaskID: number }[] }>('Task/GetMyTasks', {
      PageIndex: 1,
      PageSize: 10,
    });
    const taskId = mine.rows[0]!.TaskID;
    await fitterApi.post('Task/Transition', { TaskID: taskId, To: 2 });
    await fitterApi.post('Task/AddInstallInfo', {
      TaskID: taskId,
      DeviceID: DEVICE,
      Position: 1,
      People: FITTER.name,
      Time: '2026-11-26 10:00:00',
    });
    await uploadAsFitter(taskId);

    await open(`/info/task?TaskID=${taskId}`);
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('.install-drawer').waitFor();
    await drawer.locator('.ip-thumb img').first().waitFor();
    await settle();
    expect(await drawer.locator('.ant-timeline-item').count()).toBe(3);
    expect(await drawer.textContent()).toContain(DEVICE);
    await browser.shot('install-04-drawer-zh');
  });

  it('cancels a task from its drawer after asking', async () => {
    onTestFailed(() => browser.shot('install-cancel-failed'));
    const made = await api.post<{ TaskID: number }>('Task/AddTask', {
      HoldID: (await api.get<{ HoldID: number }>('User/GetUserInfo')).HoldID,
      VIN: VIN_2,
      Customer: '李四',
    });
    await open(`/info/task?TaskID=${made.TaskID}`);
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.locator('[data-testid=task-cancel]').click();
    const ask = page.locator('.ant-modal-confirm:visible');
    await ask.waitFor();
    await browser.shot('install-05-cancel-confirm-zh');
    await clickToClose(ask, ask.locator('.ant-btn-primary'));
    await page.waitForFunction(
      () => document.querySelector('.ant-drawer .ip-status')?.getAttribute('data-status') === '8',
    );
    const task = await api.post<{ Task: { Status: number } }>('Task/GetTask', { TaskID: made.TaskID });
    expect(task.Task.Status).toBe(8);
  });

  it('shows the pages and the drawer in English and French', async () => {
    onTestFailed(() => browser.shot('install-lang-failed'));
    const mine = await fitterApi.post<{ rows: { TaskID: number }[] }>('Task/GetMyTasks', {
      PageIndex: 1,
      PageSize: 10,
    });
    for (const lang of ['en', 'fr'] as const) {
      await open('/info/installer');
      await chooseLanguage(lang);
      await settle();
      await browser.shot(`install-06-installers-${lang}`);
      await open('/info/task');
      await browser.shot(`install-07-tasks-${lang}`);
      await open(`/info/task?TaskID=${mine.rows[0]!.TaskID}`);
      await page.locator('.ant-drawer:visible .ip-thumb img').first().waitFor();
      await settle();
      await browser.shot(`install-08-drawer-${lang}`);
    }
    // The drawer covers the header's language switch: back to a page without it first.
    await open('/info/installer');
    await chooseLanguage('zh');
  });
});
