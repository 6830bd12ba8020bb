import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

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
  /**
   * Waits for a toast with this text that appeared after the user's last click or key press (and after the last
   * toast this waited for). Toasts live one or two seconds, a loaded machine can miss one between two looks, and
   * one that says the same as an earlier ("saved", "saved") may still be fading out, so the page records every
   * toast as it appears (RECORD_TOASTS) and this reads the record, not the screen.
   */
  toast(text: string, timeout?: number): Promise<void>;
  close(): Promise<void>;
}

declare global {
  interface Window {
    __toasts?: Element[];
    __toastsRead?: number;
    __toastsFrom?: number;
  }
}

/** Runs in every document before its scripts: keeps each antd message notice that is added, in order. */
const RECORD_TOASTS = `(() => {
  const seen = (window.__toasts = []);
  window.__toastsRead = 0;
  window.__toastsFrom = 0;
  // What the page shows after an input is the answer to it; toasts from before are someone else's.
  const mark = () => { window.__toastsFrom = seen.length; };
  addEventListener('pointerdown', mark, true);
  addEventListener('keydown', mark, true);
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        if (!(n instanceof Element)) continue;
        if (n.matches('.ant-message-notice')) seen.push(n);
        else for (const el of n.querySelectorAll('.ant-message-notice')) seen.push(el);
      }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The browsers open in this test file: e2e/lib/failure-shots.ts photographs them when a test fails. */
const openBrowsers = new Set<Browser>();

/**
 * A screenshot of every browser still open, named `name` (`name-2`, … after the first). A page that does not answer
 * within 5 s is left out: this runs after a failure, whose own error is the one to report.
 */
export async function shotOpenBrowsers(name: string): Promise<void> {
  let n = 0;
  for (const browser of openBrowsers) {
    const file = n++ ? `${name}-${n}` : name;
    await Promise.race([browser.shot(file), new Promise((r) => setTimeout(r, 5000))]).catch(() => {});
  }
}

/** A phone's screen (390×844, touch, mobile viewport rules) as the installer's view is tested on. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * Debian's chromium with a fresh profile (playwright-core refuses --user-data-dir in args). `timezoneId`
 * puts the browser in another zone than the machine's (e.g. one other than the user's); `phone` makes it a phone.
 */
export async function openBrowser(options: { timezoneId?: string; phone?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'lodestar-chromium-'));
  mkdirSync(screenshotDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 900 },
    // The console turns antd's motion off for it: a click during a dialog's zoom-in could be lost under load.
    reducedMotion: 'reduce',
    ...(options.phone ? PHONE : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.addInitScript(RECORD_TOASTS);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  const browser: Browser = {
    context,
    page,
    errors,
    shot: async (name) => {
      await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
    },
    toast: async (text, timeout = 15_000) => {
      try {
        await page.waitForFunction(
          (t) => {
            const seen = window.__toasts ?? [];
            // A detached notice keeps its text, so a toast that has already faded still counts.
            for (let i = Math.max(window.__toastsRead ?? 0, window.__toastsFrom ?? 0); i < seen.length; i++)
              if (seen[i]?.textContent?.includes(t)) {
                window.__toastsRead = i + 1;
                return true;
              }
            return false;
          },
          text,
          { timeout },
        );
      } catch (error) {
        // Say what was shown instead (an error reply's toast is the usual reason), not only that time ran out.
        const shown = await page
          .evaluate(() => (window.__toasts ?? []).slice(-5).map((n) => n.textContent ?? ''))
          .catch(() => []);
        throw new Error(`no toast "${text}" within ${timeout} ms; the last ones shown: ${JSON.stringify(shown)}`, {
          cause: error,
        });
      }
    },
    close: async () => {
      openBrowsers.delete(browser);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
  openBrowsers.add(browser);
  return browser;
}

/**
 * Forgets the session. The storage is cleared on a same-origin document that runs none of the console's code (its
 * icon): cleared under the shell, a reply still on its way could write the session back before the next page
 * loaded, and the log-in page then sent the browser on to the shell, so its form never came (seen in CI at 1f4e09f).
 */
export async function signOut(page: Page, baseUrl: string): Promise<void> {
  const icon = await page.goto(`${baseUrl}/favicon.svg`);
  if (!icon?.headers()['content-type']?.includes('svg')) throw new Error('signOut: /favicon.svg is not the icon');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
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

/**
 * Clicks a dialog's (or popconfirm's) button until the dialog closes. Under load a click can land while the dialog
 * still zooms in and be lost: the dialog stays, its button idle (CI: sim-admin at 4bf2835, enterprise at 12359d8,
 * whose screenshot shows the confirm still open). A dialog still open 3 s after a click is clicked again; a button
 * whose call is running shows it loading and ignores the click, so the action is not sent twice.
 */
export async function clickToClose(dialog: Locator, button: Locator, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt === attempts;
    await button.click({ timeout: 10_000 }).catch((err: unknown) => {
      if (last) throw err;
    });
    const closed = await dialog.waitFor({ state: 'hidden', timeout: last ? 30_000 : 3_000 }).then(
      () => true,
      () => false,
    );
    if (closed) return;
    if (last) throw new Error(`the dialog stayed open after ${attempts} clicks of its button`);
  }
}

/**
 * Completes the payment dialog's sandbox order and waits until the dialog shows the result. Complete is clicked again
 * while the order still waits and the button is free: in CI at ff6b713 the dialog showed no result for 30 s after one
 * click (most likely a click lost during the dialog's zoom-in; the run kept no screenshot to prove it). A second click
 * on an order already paid is answered as a duplicate and changes nothing. A refusal shows as a toast, whose text the
 * error carries, so a real failure still fails and says why.
 */
export async function completeSandboxPayment(page: Page, timeout = 30_000): Promise<void> {
  const complete = page.getByTestId('pay-sandbox-complete');
  const result = page.getByTestId('pay-result');
  await page.getByTestId('pay-sandbox-notice').waitFor({ timeout });
  const end = Date.now() + timeout;
  while (!(await result.isVisible())) {
    if (Date.now() > end) {
      const toast = await page.locator('.ant-message').allTextContents();
      throw new Error(
        `the payment dialog showed no result within ${timeout} ms (toasts: ${toast.join(' | ') || 'none'})`,
      );
    }
    if ((await complete.isVisible()) && (await complete.isEnabled())) {
      await complete.click({ timeout: 3000 }).catch(() => undefined);
    }
    await result.waitFor({ timeout: 5000 }).catch(() => undefined);
  }
}

/** How {@link pickOption} finds the option in the open dropdown. */
export interface PickOptions {
  /**
   * The option's selector inside the dropdown: antd's option by default; `.ant-select-tree-title` or
   * `.ant-select-tree-treenode` in a tree select; a page's own class when its labels carry one.
   */
  option?: string;
  /** Typed into the select's search box before each try (a select that asks the server as one types). */
  search?: string;
  /** Of several matching options, the last (by default the first). */
  last?: boolean;
}

/**
 * Chooses an option of a select (or a tree select) until the select shows it, then waits for its dropdown to close.
 * Two browser test files run at once, and under that load a click can land while the dropdown still zooms in and miss
 * it (seen in CI: the carrier left unchosen, so the dialog refused to save; the dropdown left open over the dialog's
 * buttons, so the save could not be clicked).
 *
 * `text` is the option's text, which the select shows once it is chosen; empty, the option is found by `option`
 * alone and its own text is what the select must show. A multiple select's dropdown stays open for the next pick
 * (Escape closes it), and only an option not chosen yet is clicked there: a second click would take it out again.
 */
export async function pickOption(
  select: Locator,
  text: string,
  { option = '.ant-select-item-option', search, last = false }: PickOptions = {},
): Promise<void> {
  const page = select.page();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const multiple = await select.evaluate((el) => el.classList.contains('ant-select-multiple'));
  const matching = dropdown.locator(option, text ? { hasText: text } : {});
  const clickable = multiple
    ? matching.and(page.locator('.ant-select-item-option:not(.ant-select-item-option-selected)'))
    : matching;
  const target = last ? clickable.last() : clickable.first();
  const searchBox = select.locator('input').first();
  let label = text;
  const chosen = async () =>
    (label !== '' && ((await select.textContent()) ?? '').includes(label)) ||
    // A multiple select may fold its tags into "+ N"; the list marks what is chosen.
    (multiple && (await matching.and(page.locator('.ant-select-item-option-selected')).count()) > 0);

  const end = Date.now() + 30_000;
  while (!(await chosen())) {
    if (Date.now() > end) throw new Error(`the select never showed "${label || option}" chosen within 30 s`);
    if (!(await dropdown.count())) await select.click();
    // Typed again when the box lost it (a multiple select empties it after each pick).
    if (search !== undefined && (await searchBox.inputValue()) !== search) await searchBox.fill(search);
    try {
      if (!text) label = ((await target.textContent({ timeout: 3000 })) ?? '').trim();
      await target.click({ timeout: 3000 });
    } catch {
      // Missed: the dropdown still zooming in, or its options still on their way.
    }
    if (!(await chosen())) await page.waitForTimeout(1000);
  }
  // Chosen, it closes (its fade-out has to end before the dialog's buttons can be clicked).
  if (!multiple) await dropdown.first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * Picks a language from the header's switch and waits until the page speaks it. With `pointerTo`, the pointer then
 * leaves for that point and the menu is gone (it closes when the pointer leaves it): screenshots should not show it.
 */
export async function chooseLanguage(
  page: Page,
  lang: 'zh' | 'en' | 'fr',
  pointerTo?: { x: number; y: number },
): Promise<void> {
  await page.locator('.language-switch').first().click();
  await page.locator(`.ant-dropdown:visible [data-lang=${lang}]`).click();
  await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
  if (!pointerTo) return;
  await page.mouse.move(pointerTo.x, pointerTo.y);
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
}
