import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PolicyRow } from '@lodestar/contract/insurance';
import type { Distribution } from '@lodestar/contract/spread';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './lib/api.ts';
import { type Browser, chooseLanguage as chooseLanguageIn, logIn, openBrowser, pickOption } from './lib/browser.ts';
import { type RunningServer, startDemoServer } from './lib/server.ts';

// The business map (/spread), insurance (/insurance), provinces and system info (#21) against the real server and
// its simulated demo fleet of 20 trackers driving in Chinese and French cities.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startDemoServer(20, { ADMIN_PHONE, ADMIN_PASSWORD });
  browser = await openBrowser();
  page = browser.page;
  api = apiClient(server.url);
  await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

const tableNames = (testId: string) =>
  page.locator(`[data-testid=${testId}] tbody tr.ant-table-row td:first-child`).allTextContents();

describe('business map', () => {
  it('shows the fleet by province, drills into Guangdong and one of its cities, in zh, en and fr', async () => {
    // The fleet reports within seconds: wait until Guangdong's trackers are located.
    const country = async () => api.post<Distribution>('Spread/GetDistribution', { Level: 'country', Kind: 'devices' });
    await expect
      .poll(async () => (await country()).Rows.find((r) => r.Code === '44')?.Count ?? 0, {
        timeout: 60_000,
        interval: 2000,
      })
      .toBeGreaterThan(0);
    const national = await country();
    // Paris, Lyon and Marseille are outside China: counted as without a known place.
    expect(national.Total + national.Unlocated).toBe(20);

    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/spread`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('业务分布热力图');
    await page.waitForSelector('[data-testid=spread-map] canvas');
    await expect.poll(() => tableNames('spread-table'), { timeout: 15_000 }).toContain('广东');
    await browser.shot('spread-country-zh');

    await page.locator('[data-testid=spread-table] tbody tr', { hasText: '广东' }).click();
    await expect.poll(() => page.locator('[data-testid=spread-crumbs]').textContent()).toContain('广东');
    const gd = await api.post<Distribution>('Spread/GetDistribution', {
      Level: 'province',
      Code: '44',
      Kind: 'devices',
    });
    // The fleet drives around Shenzhen and Guangzhou (15 km): it may cross into a neighbouring city meanwhile.
    await expect.poll(() => tableNames('spread-table')).toEqual(expect.arrayContaining([expect.stringMatching(/市$/)]));
    expect(gd.Rows.every((r) => ['深圳市', '广州市', '东莞市', '佛山市', '惠州市', '中山市'].includes(r.Name))).toBe(
      true,
    );
    await page.waitForSelector('[data-testid=spread-map] canvas');
    await page.waitForTimeout(500);
    await browser.shot('spread-province-zh');

    await chooseLanguage('en');
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('Spread heat map');
    await expect.poll(() => page.locator('[data-testid=spread-crumbs]').textContent()).toContain('Guangdong');
    await page.waitForTimeout(500);
    await browser.shot('spread-province-en');

    // One city: its outline, its heat cells and the server's count of it.
    const answer = page.waitForResponse(
      (r) => r.url().includes('Spread/GetDistribution') && (r.request().postData() ?? '').includes('"city"'),
    );
    await page.locator('[data-testid=spread-table] tbody tr.ant-table-row').first().click();
    const city = ((await (await answer).json()) as { data: Distribution }).data;
    expect(city.Level).toBe('city');
    expect(city.Heat.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid=spread-crumbs]').textContent())
      .toBe(`China/Guangdong/${city.Name}`);
    await expect.poll(() => page.locator('[data-testid=spread-total]').textContent()).toContain(String(city.Total));

    await chooseLanguage('fr');
    await page.locator('[data-testid=spread-up]').click();
    await expect.poll(() => page.locator('[data-testid=spread-crumbs]').textContent()).toBe('Chine/Guangdong');
    await page.waitForTimeout(500);
    await browser.shot('spread-province-fr');
    await page.locator('[data-testid=spread-up]').click();
    await expect.poll(() => tableNames('spread-table')).toContain('Guangdong');
    await page.waitForTimeout(500);
    await browser.shot('spread-country-fr');
    await chooseLanguage('zh');
  });
});

describe('insurance', () => {
  it('lists policies by state, adds one through the form with its PDF, in zh, en and fr', async () => {
    const { VehicleID } = await api.post<{ VehicleID: number }>('Vehicle/AddVehicle', {
      HoldID: (await api.get<{ HoldID: number }[]>('hold/getholdselect'))[0]!.HoldID,
      Plate: '粤B12345',
    });
    await api.post('Insurance/AddPolicy', {
      VehicleID,
      Insurer: '中国人保',
      PolicyNo: 'PICC-2026-001',
      PolicyType: 'compulsory',
      Premium: 95000,
      StartDate: addDays(today, -350),
      EndDate: addDays(today, 15),
    });
    await api.post('Insurance/AddPolicy', {
      VehicleID,
      Insurer: '平安保险',
      PolicyNo: 'PA-2025-778',
      PolicyType: 'commercial',
      Premium: 350000,
      StartDate: addDays(today, -400),
      EndDate: addDays(today, -35),
    });

    await page.goto(`${server.url}/insurance`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('保险');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('即将到期');

    // The bell's link: only the expiring ones.
    await page.goto(`${server.url}/insurance?State=expiring`);
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('PICC-2026-001');

    await page.goto(`${server.url}/insurance`);
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await pickOption(dialog.locator('[data-testid=policy-vehicle]'), '粤B12345', { search: 'B123' });
    await dialog.locator('[data-testid=policy-insurer]').fill('太平洋保险');
    await dialog.locator('[data-testid=policy-no]').fill('CPIC-9');
    await dialog.locator('[data-testid=policy-premium]').fill('1200.50');
    await dialog
      .locator('input[data-testid=policy-end], [data-testid=policy-end] input')
      .first()
      .fill(addDays(today, 365));
    // Closes the date picker's panel (typed dates apply as typed), which covers the dialog's buttons.
    await dialog.locator('.ant-modal-title').click();
    await dialog.locator('.ant-btn-primary').click();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    const added = (
      await api.post<{ rows: PolicyRow[] }>('Insurance/GetPolicyList', { PageIndex: 1, PageSize: 10, Keyword: 'CPIC' })
    ).rows[0]!;
    expect(added).toMatchObject({ Plate: '粤B12345', Premium: 120050, State: 'active', EndDate: addDays(today, 365) });

    const pdf = join(tmpdir(), `policy-${randomBytes(4).toString('hex')}.pdf`);
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'CPIC-9' });
    await row.locator('input[type=file]').setInputFiles(pdf);
    await expect.poll(() => row.textContent()).toContain('查看');
    await browser.shot('insurance-zh');
    await chooseLanguage('en');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('Expiring');
    await browser.shot('insurance-en');
    await chooseLanguage('fr');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('Bientôt échue');
    await browser.shot('insurance-fr');
    await chooseLanguage('zh');
  });
});

describe('provinces and system info', () => {
  it('shows the provinces with their devices and the system figures, in zh, en and fr', async () => {
    await page.goto(`${server.url}/province`);
    await expect.poll(() => page.locator('.page-layout-title').textContent()).toBe('线路与省份管理');
    const guangdong = page.locator('[data-testid=province-table] tbody tr.ant-table-row', { hasText: '广东' });
    await guangdong.locator('.ant-checkbox-input').check();
    await page.locator('[data-testid=province-save]').click();
    await expect
      .poll(
        async () =>
          (await api.post<{ rows: { Code: string; Selected: boolean }[] }>('Province/GetProvinceList', {})).rows.find(
            (r) => r.Code === '44',
          )?.Selected,
      )
      .toBe(true);
    await browser.shot('province-zh');
    await page.goto(`${server.url}/system`);
    await page.waitForSelector('[data-testid=system-info]');
    await expect.poll(() => page.locator('[data-testid=system-info]').textContent()).toContain('PostgreSQL');
    await browser.shot('system-zh');
    for (const lang of ['en', 'fr'] as const) {
      await chooseLanguage(lang);
      await page.goto(`${server.url}/province`);
      await page.waitForSelector('[data-testid=province-table] tbody tr.ant-table-row');
      await browser.shot(`province-${lang}`);
      await page.goto(`${server.url}/system`);
      await page.waitForSelector('[data-testid=system-info]');
      await browser.shot(`system-${lang}`);
    }
    await chooseLanguage('zh');
    expect(browser.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
