/**
 * npm run bench:history-web — history playback (issue #16) in Debian's chromium against the real
 * server (Fastify on 127.0.0.1 serving the built console) over a database holding one device's 30
 * days of 10-second positions (259,200), seeded by binary COPY (e2e/lib/history-server.ts).
 *
 * It measures, per run (a full page load of /monitor/history?devices=…&start=…&end=… each time):
 * - request → drawn: from the History/GetTrack request's start (resource timing) to the map's
 *   `data-track-ready` (the track drawn in full for the fitted view), split into the call itself
 *   (request → response end: server, compression and transfer) and the page's share (JSON parse,
 *   decode, simplify, draw); and page load → drawn;
 * then plays at 1000× for WINDOW_S seconds, twice: with the track fitted (follow off) and with
 * "follow" on, zoomed in to 15 so the vehicle leaves the view and the map re-centres; for each,
 * the frame rate (requestAnimationFrame intervals), the slowest frame, and the long tasks
 * (PerformanceObserver 'longtask', ≥ 50 ms as the browser reports them).
 *
 *   npm run bench:history-web                     # embedded PostgreSQL, 3 runs
 *   BENCH_TARGET=external BENCH_RUNS=5 npm run bench:history-web
 */
import { cpus, loadavg, totalmem } from 'node:os';
import type { Page } from 'playwright-core';
import { logIn, openBrowser } from '../e2e/lib/browser.ts';
import { HISTORY_ADMIN, inAdminZone, startHistoryServer } from '../e2e/lib/history-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 10);
const TARGET = (process.env.BENCH_TARGET ?? 'embedded') as 'embedded' | 'external';
const DEVICE = 'H0000001';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Load {
  points: number;
  requestToDrawnMs: number;
  callMs: number;
  pageShareMs: number;
  /** Of the page's share: the reply read and decoded into columns (the 'history:track-decoded' mark). */
  decodedMs: number | null;
  pageLoadToDrawnMs: number;
  bytes: number;
  drawnPoints: number;
}

interface Playback {
  fps: number;
  p95FrameMs: number;
  slowestFrameMs: number;
  longTasks: number;
  longestTaskMs: number;
  trackSecondsPlayed: number;
  recentres: number;
}

async function loadOnce(page: Page, url: string): Promise<Load> {
  const started = Date.now();
  await page.goto(url);
  const ready = Number(
    await page
      .locator('.history-map .map-canvas[data-track-ready]')
      .getAttribute('data-track-ready', { timeout: 60_000 }),
  );
  const t = await page.evaluate(() => {
    const e = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
      r.name.includes('/History/GetTrack'),
    );
    const decoded = performance.getEntriesByName('history:track-decoded')[0];
    return e
      ? {
          start: performance.timeOrigin + e.startTime,
          end: performance.timeOrigin + e.responseEnd,
          bytes: e.encodedBodySize,
          decoded: decoded ? performance.timeOrigin + decoded.startTime : null,
        }
      : null;
  });
  if (!t) throw new Error('no GetTrack request seen');
  const box = page.locator('.history-map .map-canvas');
  return {
    points: 0,
    requestToDrawnMs: Math.round(ready - t.start),
    callMs: Math.round(t.end - t.start),
    pageShareMs: Math.round(ready - t.end),
    decodedMs: t.decoded === null ? null : Math.round(t.decoded - t.end),
    pageLoadToDrawnMs: ready - started,
    bytes: t.bytes,
    drawnPoints: Number(await box.getAttribute('data-track-points')),
  };
}

async function play(page: Page, follow: boolean): Promise<Playback> {
  if (follow) await page.locator('.history-follow input').check();
  await page.locator('.history-rate-presets').getByText('1000×').click();
  const before = Number(await page.locator('.history-map .map-canvas').getAttribute('data-player-time'));
  // As a string: tsx would wrap a named function inside in a __name() the page does not have.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__longTasks = [];
    window.__centres = 0;
    window.__recording = true;
    const tick = (now) => {
      if (!window.__recording) return;
      window.__frames.push(now);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    // The map says where it rests after every move: each change is a re-centre of "follow".
    const el = document.querySelector('.history-map .map-canvas');
    new MutationObserver(() => { if (window.__recording) window.__centres++; })
      .observe(el, { attributes: true, attributeFilter: ['data-center'] });
  })()`);
  await page.locator('.history-play').click();
  await page.waitForTimeout(WINDOW_S * 1000);
  const r = await page.evaluate(() => {
    const w = window as unknown as {
      __frames: number[];
      __longTasks: number[];
      __recording: boolean;
      __centres: number;
    };
    w.__recording = false;
    return { frames: w.__frames, tasks: w.__longTasks, centres: w.__centres };
  });
  await page.keyboard.press('Space');
  const after = Number(await page.locator('.history-map .map-canvas').getAttribute('data-player-time'));
  // From the first frame after the click, so the click's own handling is not a frame of playback.
  const frames = r.frames.slice(2);
  const gaps = frames.slice(1).map((f, i) => f - (frames[i] as number));
  const sorted = [...gaps].sort((a, b) => a - b);
  const span = (frames.at(-1) ?? 0) - (frames[0] ?? 0);
  return {
    fps: Math.round((gaps.length / span) * 1000 * 10) / 10,
    p95FrameMs: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
    slowestFrameMs: Math.round(sorted.at(-1) ?? 0),
    longTasks: r.tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...r.tasks)),
    trackSecondsPlayed: Math.round(after - before),
    recentres: r.centres,
  };
}

const server = await startHistoryServer({
  target: TARGET,
  devices: [{ deviceId: DEVICE, days: 30, stepMs: 10_000, gap: false }],
});
const device = server.devices[0];
if (!device) throw new Error('no device');
console.log(
  `${device.points.toLocaleString('en-US')} positions seeded (${TARGET} PostgreSQL), ${server.rolled} device-days rolled into track_days; load average ${load()}`,
);
const browser = await openBrowser({ timezoneId: 'Asia/Shanghai' });
const loads: Load[] = [];
const plays: (Playback & { follow: boolean })[] = [];
try {
  const { page } = browser;
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' as never, buffered: true });
  });
  await logIn(page, server.url, HISTORY_ADMIN.phone, HISTORY_ADMIN.password);
  const q = new URLSearchParams({ devices: DEVICE, start: inAdminZone(device.from), end: inAdminZone(device.to) });
  const url = `${server.url}/monitor/history?${q}`;
  for (let i = 0; i < RUNS; i++) {
    const l = await loadOnce(page, url);
    l.points = device.points;
    loads.push(l);
    // Let the first frames of the base map settle before playing.
    await page.waitForTimeout(2000);
    plays.push({ follow: false, ...(await play(page, false)) });
    // Zoomed in (5 steps from the fitted view), so the vehicle leaves the view and "follow" re-centres.
    for (let z = 0; z < 5; z++) await page.locator('.maplibregl-ctrl-zoom-in').click();
    await page.waitForTimeout(2000);
    plays.push({ follow: true, ...(await play(page, true)) });
    console.log(`run ${i + 1} of ${RUNS} done; load average ${load()}`);
  }
} finally {
  await browser.close();
  await server.stop();
}

const cpu = cpus();
console.log(
  `\n${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 16)}Z; load average ${load()}`,
);
console.log('load (request → drawn):');
console.table(loads);
console.log(`playback at 1000× for ${WINDOW_S} s:`);
console.table(plays);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `median request → drawn ${median(loads.map((l) => l.requestToDrawnMs))} ms (call ${median(loads.map((l) => l.callMs))} ms, page ${median(loads.map((l) => l.pageShareMs))} ms)`,
);
