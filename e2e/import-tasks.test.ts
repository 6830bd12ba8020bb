import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vinCheckDigit } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Browser, logIn, openBrowser, screenshotDir } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Task/ImportTasks from /info/task (#20) through the batch import dialog: a .csv with a bad row, its row error
// named by row and column, "import the good rows", the task in the list. Screenshot in zh at 1440 px.
const ADMIN = { phone: '13900000001', password: 'demo1234' }; // DEMO=1 seed
const VIN_BODY = 'LSVAU2180N2183294';
const VIN = `${VIN_BODY.slice(0, 8)}${vinCheckDigit(VIN_BODY)}${VIN_BODY.slice(9)}`;

let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;

const dialog = () => page.locator('.ant-modal:visible', { has: page.locator('[data-testid=info-import-file]') });

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'import-tasks-'));
  server = await startServer({ DEMO: '1', GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  browser = await openBrowser();
  page = browser.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, server.url, ADMIN.phone, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

it('imports install tasks from a sheet on /info/task, naming the bad row', async () => {
  const file = join(workDir, '工单.csv');
  writeFileSync(file, `车架号,客户,费用(元)\n${VIN},导入客户,12.5\nLSVAU21,,abc\n`);
  await page.goto(`${server.url}/info/task`);
  await page.locator('[data-testid=task-table]').waitFor();
  await page.locator('[data-testid=batch-import]').click();
  await dialog().waitFor({ state: 'visible' });
  await dialog().locator('input[type=file]').setInputFiles(file);
  await dialog().locator('[data-testid=info-import-submit]').click();
  await dialog().locator('[data-testid=info-import-result]').waitFor({ timeout: 60_000 });
  await expect.poll(() => dialog().locator('[data-testid=info-import-close]').isEnabled()).toBe(true);
  const errors = await dialog().locator('[data-testid=info-import-errors]').textContent();
  expect(errors).toContain('车架号');
  expect(errors).toContain('客户');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshotDir, 'import-tasks-zh-1440.png') });
  await dialog().locator('[data-testid=info-import-good]').click();
  await expect.poll(() => dialog().locator('[data-testid=info-import-result] .ant-alert').textContent()).toMatch(/1/);
  await expect.poll(() => dialog().locator('[data-testid=info-import-close]').isEnabled()).toBe(true);
  await dialog().locator('[data-testid=info-import-close]').click();
  await expect.poll(() => page.locator('[data-testid=task-table]').textContent()).toContain('导入客户');
});
