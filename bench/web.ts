/**
 * The online monitor in a real browser (issue #4): Debian chromium against the real server, whose
 * demo fleet of N simulated trackers reports over real TCP every 10 s.
 *
 * For each fleet size it measures
 * - login → first map paint with every listed device drawn (the login click to the moment the
 *   map's rendered features count every listed device: icons plus cluster counts);
 * - the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms are reported by the
 *   browser) and the number of long tasks while the whole fleet updates for `WINDOW_S` seconds;
 * - the JS heap after that window.
 * The page lists at most 500 devices (spec section 9: monitor-all loads at most 500), but the live
 * feed carries the whole fleet's updates to the browser, which is the load this measures.
 *
 *   npm run bench:web                 # 500 and 10000 devices
 *   BENCH_WEB_SIZES=500 npm run bench:web
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { openBrowser } from '../e2e/lib/browser.ts';
import { freePort, type RunningServer, startServer } from '../e2e/lib/server.ts';

const SIZES = (process.env.BENCH_WEB_SIZES ?? '500,10000').split(',').map(Number);
const WINDOW_S = Number(process.env.BENCH_WEB_WINDOW_S ?? 30);
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `bench${randomBytes(6).toString('hex')}`;
const LISTED_MAX = 500;

interface Result {
  devices: number;
  reportedBeforeLogin: number;
  listed: number;
  loginToPaintMs: number;
  pageLoadToPaintMs: number;
  /** Opening the monitor from another page of the console (its code preloaded by the shell). */
  inAppToPaintMs: number;
  longestTaskMs: number;
  longTasks: number;
  liveFramesSeen: number;
  heapMb: number;
}

async function api<T>(server: RunningServer, path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${server.url}/API/api/${path}?format=json&appid=lodestar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: T };
  if (reply.code !== 200) throw new Error(`${path}: ${reply.msg}`);
  return reply.data;
}

/** Waits until most of the fleet has reported once, so the first paint has positions to draw. */
async function waitForFleet(server: RunningServer, devices: number): Promise<number> {
  const token = (
    await api<{ token: string }>(server, 'account/login', '', { Phone: ADMIN_PHONE, UserPassword: ADMIN_PASSWORD })
  ).token;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const counts = await api<Record<string, number>>(server, 'Monitor/GetMonitorCounts', token);
    const reported = (counts.all ?? 0) - (counts.unused ?? 0);
    if (reported >= devices * 0.98 || Date.now() > deadline) return reported;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function run(devices: number): Promise<Result> {
  const [gt06, jt808, h02, osmand] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const server = await startServer({
    DEMO: '1',
    DEMO_DEVICES: String(devices),
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    GATEWAY_GT06_PORT: String(gt06),
    GATEWAY_JT808_PORT: String(jt808),
    GATEWAY_H02_PORT: String(h02),
    GATEWAY_OSMAND_PORT: String(osmand),
    GATEWAY_TELTONIKA_PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const browser = await openBrowser();
  try {
    const reportedBeforeLogin = await waitForFleet(server, devices);
    const { page } = browser;
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[]; __liveFrames: number };
      w.__longTasks = [];
      w.__liveFrames = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask' as never, buffered: true });
      // Count live-feed frames reaching the page, to show the window really carried updates.
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('message', () => {
            w.__liveFrames++;
          });
        }
      };
    });
    await page.goto(`${server.url}/login`);
    await page.fill('#password-login_Phone', ADMIN_PHONE);
    await page.fill('#password-login_UserPassword', ADMIN_PASSWORD);
    await page.locator('.agreement-check input').first().check();
    const loginAt = Date.now();
    await page.press('#password-login_UserPassword', 'Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const pageAt = Date.now();
    await page.goto(`${server.url}/monitor/online`);
    const listed = Math.min(devices, LISTED_MAX);
    await page.waitForFunction(
      (n) => Number(document.querySelector<HTMLElement>('.map-canvas')?.dataset.renderedDevices ?? 0) >= n,
      listed,
      { timeout: 120_000, polling: 'raf' },
    );
    const paintedAt = Date.now();

    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __liveFrames: number };
      w.__longTasks = [];
      w.__liveFrames = 0;
    });
    await page.waitForTimeout(WINDOW_S * 1000);
    const { tasks, frames } = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __liveFrames: number };
      return { tasks: w.__longTasks, frames: w.__liveFrames };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

    // The way people get there: from another page of the console, by the menu (client-side route).
    const go = (path: string) =>
      page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await go('/user/info');
    await page.waitForSelector('.map-canvas', { state: 'detached' });
    await page.waitForTimeout(3000);
    const inAppAt = Date.now();
    await go('/monitor/online');
    await page.waitForFunction(
      (n) => Number(document.querySelector<HTMLElement>('.map-canvas')?.dataset.renderedDevices ?? 0) >= n,
      listed,
      { timeout: 120_000, polling: 'raf' },
    );
    const inAppToPaintMs = Date.now() - inAppAt;
    return {
      devices,
      reportedBeforeLogin,
      listed,
      loginToPaintMs: paintedAt - loginAt,
      pageLoadToPaintMs: paintedAt - pageAt,
      inAppToPaintMs,
      longestTaskMs: Math.round(Math.max(0, ...tasks)),
      longTasks: tasks.length,
      liveFramesSeen: frames,
      heapMb: Math.round(heap / 1e5) / 10,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const results: Result[] = [];
for (const n of SIZES) {
  process.stdout.write(`fleet of ${n}…\n`);
  results.push(await run(n));
}
console.log(`\n${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${new Date().toISOString().slice(0, 16)}Z`);
console.log(`window for long tasks: ${WINDOW_S} s of live updates`);
console.table(results);
