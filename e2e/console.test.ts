import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chooseLanguage as chooseLanguageIn, openBrowser } from './lib/browser.ts';
import { type RunningServer, startServer } from './lib/server.ts';

// The console against the real server: password and SMS login, three languages, the tag bar, logout.
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `e2e${randomBytes(6).toString('hex')}`;
const DEMO_USER_PHONE = '13900000003'; // seeded by DEMO=1: an ordinary GPS user (no risk or SIM business functions)

let server: RunningServer;
let browser: Browser;
let page: Page;

const tags = () => page.locator('.tag-bar .view-tag');
const menuItem = (text: string) => page.locator('.nav-menu .ant-menu-item', { hasText: text });

const chooseLanguage = (lang: 'zh' | 'en' | 'fr') => chooseLanguageIn(page, lang);

beforeAll(async () => {
  server = await startServer({
    DEMO: '1',
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    GATEWAY_DISABLED: '1',
    LOG_LEVEL: 'warn',
  });
  browser = await openBrowser();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('console', () => {
  it('logs in with a password, switches zh → en → fr, opens pages into the tag bar, closes others and logs out', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/login');
    await expect.poll(() => page.locator('.auth-title').textContent()).toBe('欢迎登录');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => page.locator('.device-access').textContent()).toMatch(/^设备接入 IP：\S+　端口：\d+$/);
    await browser.shot('01-login-zh');

    // Guards: a private path without a token goes to /login (which returns there afterwards: the
    // SMS login below). From the root, a login lands on the user's first page.
    await page.goto(`${server.url}/user/info`);
    await page.waitForURL('**/login');
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/login');

    // Validation of spec section 5, in Chinese.
    await page.locator('.login-submit').first().click();
    await expect.poll(() => page.getByText('请输入登录名').count()).toBe(1);
    await page.fill('#password-login_Phone', ADMIN_PHONE);
    await page.fill('#password-login_UserPassword', 'wrong-password');
    await page.locator('.login-submit').first().click();
    await expect.poll(() => page.locator('.agreement-error').first().textContent()).toBe('请先阅读并勾选用户协议');
    await page.locator('.agreement-check input').first().check();
    await page.locator('.login-submit').first().click();
    await expect.poll(() => page.locator('.login-failed').textContent()).toContain('登录失败');

    await page.fill('#password-login_UserPassword', ADMIN_PASSWORD);
    await page.press('#password-login_UserPassword', 'Enter'); // Enter submits
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.waitForSelector('.app-header');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => tags().count()).toBe(1);
    expect(await page.title()).toBe('Lodestar - 首页');
    await expect.poll(() => page.locator('.unit-tree .ant-tree-treenode').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.workspace-switch').textContent()).toBe('定位监控SIM卡管理');
    await browser.shot('02-shell-zh');

    await chooseLanguage('en');
    await expect.poll(() => page.locator('.logout').textContent()).toBe('Log out');
    await expect.poll(() => tags().first().textContent()).toBe('Home');
    expect(await page.title()).toBe('Lodestar - Home');
    await browser.shot('03-shell-en');

    await chooseLanguage('fr');
    await expect.poll(() => page.locator('.logout').textContent()).toBe('Se déconnecter');
    await expect.poll(() => page.locator('.unit-panel-title').textContent()).toBe('Liste des unités');

    // Three pages from the menu into the tag bar (the document title is the app's and the page's).
    for (const [title, path] of [
      ['Avis', '/notice'],
      ['Journal utilisateur', '/userlog'],
      ['Assurance', '/insurance'],
    ] as const) {
      await menuItem(title).click();
      await page.waitForURL(`**${path}`);
      await expect.poll(() => page.title()).toMatch(new RegExp(` - ${title}$`));
    }
    await expect.poll(() => tags().allTextContents()).toEqual(['Accueil', 'Avis', 'Journal utilisateur', 'Assurance']);
    expect(await page.title()).toBe('Lodestar - Assurance');
    await browser.shot('04-tags-fr');

    // Right-click the active tag → close others.
    await page.locator('.view-tag.active').click({ button: 'right' });
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'Fermer les autres' }).click();
    await expect.poll(() => tags().allTextContents()).toEqual(['Assurance']);
    expect(new URL(page.url()).pathname).toBe('/insurance');

    // The SIM workspace has its own menu.
    await page.locator('.workspace-switch').getByText('Administration SIM').click();
    await page.waitForURL('**/home/index');
    await expect.poll(() => menuItem('Renouvellement SIM').count()).toBe(1);
    await expect.poll(() => tags().count()).toBe(2);
    // Both workspaces' homes open at once: each tag says which one it is.
    await page.locator('.workspace-switch').getByText('Suivi').click();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => tags().allTextContents())
      .toEqual(['Assurance', 'Accueil · Administration SIM', 'Accueil · Suivi']);
    await page.locator('.workspace-switch').getByText('Administration SIM').click();
    await page.waitForURL('**/home/index');

    // Personal centre in French.
    await page.locator('.personal-link').click();
    await page.waitForURL('**/user/info');
    await expect
      .poll(() => page.locator('.password-card .ant-card-head-title').textContent())
      .toBe('Changer le mot de passe');
    await expect.poll(() => page.locator('.profile-card').textContent()).toContain(ADMIN_PHONE);
    await browser.shot('05-user-info-fr');

    await page.locator('.logout').click();
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lodestar-session') ?? '{}'));
    expect(stored.state.token).toBe('');
    expect(stored.state.language).toBe('fr');
    await page.goto(`${server.url}/user/info`);
    await page.waitForURL('**/login');
    await expect.poll(() => page.locator('.auth-title').textContent()).toBe('Bienvenue');
  });

  it('logs in with an SMS code read from the local provider log, back to the page asked for', async () => {
    await page.goto(`${server.url}/user/info`);
    await page.waitForURL('**/login');
    await page.locator('.ant-tabs-tab', { hasText: 'Code SMS' }).click();
    await expect.poll(() => page.locator('.local-sms').textContent()).toContain('journal du serveur');
    await page.fill('#sms-login_Phone', DEMO_USER_PHONE);
    const before = server.lines.length;
    await page.locator('.send-code').click();
    const code = await server.smsCode(DEMO_USER_PHONE, before);
    await expect.poll(() => page.locator('.send-code').textContent()).toMatch(/Renvoyer dans \d+ s/);
    await page.fill('#sms-login_SMSCode', code);
    await page.locator('#sms-login .agreement-check input').check();
    await browser.shot('06-sms-login-fr');
    await page.locator('#sms-login .login-submit').click();
    await page.waitForSelector('.app-header');
    expect(new URL(page.url()).pathname).toBe('/user/info');
    await expect.poll(() => page.locator('.personal-link').textContent()).toContain('李调度');
    // Only the entries its function ids allow: no risk management, and a SIM page it lacks is refused.
    expect(await page.locator('.nav-menu').textContent()).not.toContain('Gestion des risques');
    expect(await page.locator('.nav-menu').textContent()).toContain('Suivi');
    await page.goto(`${server.url}/manage/sim`);
    await page.waitForURL('**/401');
    await page.waitForSelector('.status-page');
    await browser.shot('07-sms-user-401');
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
