import { randomBytes } from 'node:crypto';
import { MENUS, type MenuEntry, USER_MENU } from '@lodestar/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, logIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// Every SIM administration page, the online monitor and the personal pages at 1440×900 in zh, en and
// fr, on the demo's data: no table text under a pinned column, no table past the page's right edge,
// no menu item, label or heading cut short with an ellipsis. Screenshots: layout-<lang>-<page>.png.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const LANGS = ['zh', 'en', 'fr'] as const;

const leaves = (menu: readonly MenuEntry[]): string[] =>
  menu.flatMap((e) => (e.children ? leaves(e.children) : [e.path]));
const ROUTES = [...new Set([...leaves(MENUS.sim), '/monitor/online', ...leaves(USER_MENU)])];

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ DEMO: '1', ADMIN_PHONE, ADMIN_PASSWORD, GATEWAY_DISABLED: '1', LOG_LEVEL: 'warn' });
  browser = await openBrowser();
  page = browser.page;
  await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What does not fit on the page shown, one line each; runs in the page. */
function misfits(): Promise<string[]> {
  const problems: string[] = [];
  const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  /** The box of the text inside an element (the cell may be wider than what it says). */
  const textBox = (el: Element) => {
    // Text nodes only: icons and the column resize handle sit in the padding or past the edge on purpose.
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    if (!rects.length) return null;
    return { left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
  };
  /** Text drawn past its element's content box (an ellipsis paints over it, the layout does not). */
  const cut = (el: Element) => {
    const text = textBox(el);
    if (!text) return false;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const left = box.left + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.borderLeftWidth);
    const right = box.right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
    return text.right > right + 1 || text.left < left - 1;
  };
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

  const pageBox = document.querySelector('.shell-page')?.getBoundingClientRect();
  const tables = [...document.querySelectorAll('.ant-table-wrapper')].filter(shown);
  return (async () => {
    for (const table of tables) {
      const name = label(table.querySelector('thead') ?? table).slice(0, 24);
      const box = table.getBoundingClientRect();
      if (pageBox && box.right > pageBox.right + 1) problems.push(`table "${name}" runs past the page's right edge`);
      const scrollers = [...table.querySelectorAll('.ant-table-content, .ant-table-body, .ant-table-header')].filter(
        (s) => s.scrollWidth > s.clientWidth,
      );
      for (const end of [false, true]) {
        for (const s of scrollers) {
          s.scrollLeft = end ? s.scrollWidth : 0;
          s.dispatchEvent(new Event('scroll'));
        }
        await frame();
        for (const row of table.querySelectorAll('tr')) {
          const cells = [...row.children].filter(shown);
          const pinned = cells.filter((c) => c.matches(end ? '.ant-table-cell-fix-end' : '.ant-table-cell-fix-start'));
          if (!pinned.length) continue;
          const edge = end
            ? Math.min(...pinned.map((c) => c.getBoundingClientRect().left))
            : Math.max(...pinned.map((c) => c.getBoundingClientRect().right));
          for (const cell of cells) {
            if (cell.matches('.ant-table-cell-fix-start, .ant-table-cell-fix-end')) continue;
            const text = textBox(cell);
            if (!text) continue;
            const hidden = end ? text.right > edge + 1 : text.left < edge - 1;
            if (hidden) problems.push(`"${label(cell)}" under the pinned column of table "${name}"`);
          }
        }
      }
      for (const s of scrollers) {
        s.scrollLeft = 0;
        s.dispatchEvent(new Event('scroll'));
      }
      // Text spilling out of its cell (a pinned actions column too narrow for its buttons in French);
      // cells shortened with an ellipsis on purpose aside.
      for (const cell of table.querySelectorAll('td:not(.ant-table-cell-ellipsis)'))
        if (shown(cell) && cut(cell)) problems.push(`"${label(cell)}" spills out of its cell in table "${name}"`);
      // A number or code broken over two lines because its column is too narrow for it.
      for (const cell of table.querySelectorAll('td, th')) {
        if (!shown(cell)) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const word = node.textContent?.trim() ?? '';
          if (!word || /\s/.test(word) || /[\u3000-\u9fff]/.test(word)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) problems.push(`"${word.slice(0, 30)}" is broken over two lines in table "${name}"`);
        }
      }
      // A column title cut short.
      for (const th of table.querySelectorAll('thead th'))
        if (shown(th) && cut(th)) problems.push(`column title "${label(th)}" is cut`);
    }
    // Labels, menu items, headings: anything drawn with an ellipsis that needs it (table data aside,
    // whose long texts are shortened on purpose and shown whole on hover).
    for (const el of document.querySelectorAll('body *')) {
      if (!shown(el) || el.closest('.ant-table-tbody, .ant-table-summary')) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis') continue;
      if (cut(el)) problems.push(`"${label(el)}" is cut short (${el.className})`);
    }
    // A row of buttons (the menu-position control) broken over two lines.
    for (const group of document.querySelectorAll('.ant-radio-group, .ant-segmented')) {
      // Option cards laid out to wrap (the SMS packs) are not one control.
      if (getComputedStyle(group).flexWrap === 'wrap' && getComputedStyle(group).gap !== 'normal') continue;
      const tops = [...group.querySelectorAll('.ant-radio-button-wrapper, .ant-segmented-item')]
        .filter(shown)
        .map((b) => Math.round(b.getBoundingClientRect().top));
      if (new Set(tops).size > 1) problems.push(`the buttons "${label(group)}" wrap to another line`);
    }
    return [...new Set(problems)];
  })();
}

async function chooseLanguage(lang: (typeof LANGS)[number]) {
  await page.locator('.language-switch').first().click();
  await page.locator(`.ant-dropdown:visible [data-lang=${lang}]`).click();
  await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
}

/** Opens a page and waits until its lists have answered. */
async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.locator('.page-frame').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.page-fallback, .ant-spin-spinning, .ant-skeleton-active'),
    null,
    { timeout: 20_000 },
  );
  await page.waitForTimeout(400); // fonts and column widths settle
}

describe('layout at 1440×900', () => {
  it.each(LANGS)('fits every page in %s', async (lang) => {
    await chooseLanguage(lang);
    const found: string[] = [];
    for (const path of ROUTES) {
      await open(path);
      await browser.shot(`layout-${lang}${path.replace(/\//g, '-')}`);
      for (const p of await page.evaluate(misfits)) found.push(`${path}: ${p}`);
    }
    expect(found).toEqual([]);
  });
});
