import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Debian's chromium with a fresh profile (playwright-core refuses --user-data-dir in args). */
export async function openBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'lodestar-chromium-'));
  mkdirSync(screenshotDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    context,
    page,
    errors,
    shot: async (name) => {
      await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Logs in through the login page with a password (agreement ticked) and waits for the shell. */
export async function logIn(page: Page, baseUrl: string, phone: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#password-login_Phone', phone);
  await page.fill('#password-login_UserPassword', password);
  await page.locator('.agreement-check input').first().check();
  await page.press('#password-login_UserPassword', 'Enter');
  await page.waitForSelector('.app-header');
}
