/**
 * node --import tsx bench/history-call-timeline.ts — the page's calls around History/GetTrack as both ends see
 * them, over bench:history-web's server and data (build the console first): for each API call of a history page
 * load, the browser's resource timing (queued, request sent, first byte, end) and the server's own request
 * start and response finish (http's diagnostics channels, the server being in this process), in ms from
 * GetTrack's start in the browser. Shows whether GetTrack's "call" is the server's work or waiting.
 *
 *   TIMELINE_RUNS=3 node --import tsx bench/history-call-timeline.ts
 */
import dc from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { logIn, openBrowser } from '../e2e/lib/browser.ts';
import { HISTORY_ADMIN, inAdminZone, startHistoryServer } from '../e2e/lib/history-server.ts';

const RUNS = Number(process.env.TIMELINE_RUNS ?? 3);
const DEVICE = 'H0000001';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const now = () => performance.timeOrigin + performance.now();

interface Seen {
  url: string;
  start: number;
  finish?: number;
}
let seen: Seen[] = [];
const open = new Map<IncomingMessage, Seen>();
dc.subscribe('http.server.request.start', (m) => {
  const { request } = m as { request: IncomingMessage };
  const s = { url: request.url ?? '', start: now() };
  open.set(request, s);
  seen.push(s);
});
dc.subscribe('http.server.response.finish', (m) => {
  const { request } = m as { request: IncomingMessage; response: ServerResponse };
  const s = open.get(request);
  if (s) s.finish = now();
  open.delete(request);
});

const server = await startHistoryServer({ devices: [{ deviceId: DEVICE, days: 30, stepMs: 10_000, gap: false }] });
const device = server.devices[0]!;
const browser = await openBrowser({ timezoneId: 'Asia/Shanghai' });
try {
  const { page } = browser;
  await logIn(page, server.url, HISTORY_ADMIN.phone, HISTORY_ADMIN.password);
  const q = new URLSearchParams({ devices: DEVICE, start: inAdminZone(device.from), end: inAdminZone(device.to) });
  for (let run = 1; run <= RUNS; run++) {
    seen = [];
    await page.goto(`${server.url}/monitor/history?${q}`);
    await page.locator('.history-map .map-canvas[data-track-ready]').waitFor({ timeout: 60_000 });
    const entries = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        name: e.name,
        start: performance.timeOrigin + e.startTime,
        sent: performance.timeOrigin + e.requestStart,
        firstByte: performance.timeOrigin + e.responseStart,
        end: performance.timeOrigin + e.responseEnd,
        bytes: e.encodedBodySize,
      })),
    );
    const track = entries.find((e) => e.name.includes('/History/GetTrack'));
    if (!track) throw new Error('no GetTrack');
    const t0 = track.start;
    const r = (x: number | undefined) => (x === undefined ? '–' : Math.round(x - t0));
    const rows = entries
      .filter((e) => e.name.includes('/API/') && e.end > t0 - 2000)
      .map((e) => {
        const path = new URL(e.name).pathname.replace('/API/api/', '');
        const s = seen.find(
          (x) => x.url.split('?')[0] === new URL(e.name).pathname && Math.abs(x.start - e.sent) < 2000,
        );
        return {
          call: path,
          queued: r(e.start),
          sent: r(e.sent),
          'server in': r(s?.start),
          'server out': r(s?.finish),
          'first byte': r(e.firstByte),
          end: r(e.end),
          bytes: e.bytes,
        };
      });
    console.log(`run ${run}, load average ${load()}`);
    console.table(rows);
  }
} finally {
  await browser.close();
  await server.stop();
}
