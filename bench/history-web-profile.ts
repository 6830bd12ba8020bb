/**
 * node --import tsx bench/history-web-profile.ts — where the history page's main thread goes between
 * History/GetTrack's request and the track drawn (issue #16's 1 s goal), over the same server and data
 * as bench:history-web (build the console first). A chromium trace (CDP Tracing) and a CPU profile
 * (CDP Profiler) are taken around one page load; printed per run:
 * - the main thread's tasks in the window, in order, with each one's largest step (script by file, compile,
 *   style/layout/paint, GC, the network's callbacks);
 * - the window's main-thread time by kind and the JavaScript self time by function and file (profile samples);
 * - the page's user-timing marks (history:*) against the request's start.
 *
 *   PROFILE_RUNS=2 node --import tsx bench/history-web-profile.ts
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';
import { logIn, openBrowser } from '../e2e/lib/browser.ts';
import { HISTORY_ADMIN, inAdminZone, startHistoryServer } from '../e2e/lib/history-server.ts';

const RUNS = Number(process.env.PROFILE_RUNS ?? 2);
const DEVICE = 'H0000001';
const SAVE = process.env.PROFILE_SAVE; // a directory: the raw trace of each run is written there

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const short = (url: unknown) => {
  const s = String(url ?? '');
  return s.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || '(inline)';
};

async function collectTrace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-v8.compile',
      ],
    },
  });
  await run();
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/** What a task mostly did: its largest direct child worth naming (script by file, else the event's name). */
function label(e: TraceEvent): string {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  if (
    e.name === 'FunctionCall' ||
    e.name === 'EvaluateScript' ||
    e.name === 'v8.compile' ||
    e.name === 'v8.compileModule'
  )
    return `${e.name} ${short(d.url ?? d.scriptName)}${d.functionName ? ` ${d.functionName}` : ''}`;
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch')
    return `${e.name}${d.type ? ` ${d.type}` : ''}`;
  return e.name;
}

function analyse(events: TraceEvent[], profile: CpuProfile | null) {
  const mainThread = events.find(
    (e) =>
      e.ph === 'M' &&
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some(
        (x) => x.pid === e.pid && x.name === 'ResourceSendRequest' && String(x.args?.data?.url).includes('GetTrack'),
      ),
  );
  if (!mainThread) throw new Error('no renderer main thread with GetTrack in the trace');
  const { pid, tid } = mainThread;
  const send = events.find((e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url).includes('GetTrack'));
  const ready = events.find((e) => e.cat.includes('blink.user_timing') && e.name === 'bench:ready');
  if (!send || !ready) throw new Error('no GetTrack request or no ready mark in the trace');
  const t0 = send.ts;
  const t1 = ready.ts;
  const ms = (us: number) => Math.round(us / 100) / 10;
  const at = (ts: number) => ms(ts - t0);
  const finish = events.find(
    (e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === send.args?.data?.requestId,
  );
  console.log(`GetTrack sent at 0 ms; response finished at ${finish ? at(finish.ts) : '?'} ms; drawn at ${at(t1)} ms`);
  for (const e of events.filter((x) => x.cat.includes('blink.user_timing') && x.pid === pid && x.ts >= t0 - 2e6))
    console.log(`  mark ${e.name} at ${at(e.ts)} ms`);

  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain
    .filter(
      (e) =>
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts + (e.dur ?? 0) > t0 && e.ts < t1,
    )
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  console.log('main-thread tasks ≥ 8 ms in the window (start ms, duration ms, largest parts):');
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    busy += Math.min(end, t1) - Math.max(task.ts, t0);
    if ((task.dur ?? 0) < 8000) continue;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Direct children only: those not inside another child.
    const direct = inside.filter(
      (e) =>
        !inside.some(
          (p) => p !== e && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) && (p.dur ?? 0) > (e.dur ?? 0),
        ),
    );
    const parts = direct
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 3)
      .map((e) => `${label(e)} ${ms(e.dur ?? 0)}`)
      .join(' | ');
    console.log(`  ${at(task.ts)}\t${ms(task.dur ?? 0)}\t${parts}`);
  }
  console.log(`main thread busy ${ms(busy)} of ${ms(t1 - t0)} ms in the window`);

  // Time by kind: leaf-ish categories of the main thread's events in the window (nested ones counted once).
  const kinds = new Map<string, number>();
  const kindOf = (e: TraceEvent) => {
    if (
      [
        'FunctionCall',
        'EvaluateScript',
        'TimerFire',
        'FireAnimationFrame',
        'EventDispatch',
        'v8.run',
        'RunMicrotasks',
      ].includes(e.name)
    )
      return 'script';
    if (e.name.startsWith('v8.compile') || e.name === 'V8.CompileCode' || e.name === 'v8.parseOnBackground')
      return 'compile';
    if (['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'ParseAuthorStyleSheet'].includes(e.name))
      return 'style+layout';
    if (['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit', 'CompositeLayers', 'PaintImage'].includes(e.name))
      return 'paint';
    if (e.name.includes('GC')) return 'gc';
    if (e.name.startsWith('Resource') || e.name === 'ParseHTML') return 'loading';
    return null;
  };
  const top = onMain.filter((e) => kindOf(e) && e.ts + (e.dur ?? 0) > t0 && e.ts < t1);
  for (const e of top) {
    const k = kindOf(e) as string;
    const covered = top.some(
      (p) =>
        p !== e &&
        kindOf(p) === k &&
        p.ts <= e.ts &&
        p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
        (p.dur ?? 0) > (e.dur ?? 0),
    );
    if (covered) continue;
    kinds.set(k, (kinds.get(k) ?? 0) + Math.min(e.ts + (e.dur ?? 0), t1) - Math.max(e.ts, t0));
  }
  console.log(`by kind (ms, may overlap across kinds): ${[...kinds].map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);

  if (profile) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const files = new Map<string, number>();
    let t = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] ?? 0;
      if (t < t0 || t > t1) continue;
      const node = byId.get(profile.samples[i] as number);
      if (!node) continue;
      const dt = profile.timeDeltas[i + 1] ?? 0;
      const f = node.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const file = f.url ? short(f.url) : f.functionName;
      files.set(file, (files.get(file) ?? 0) + dt);
    }
    const list = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${ms(v)}\t${k}`)
        .join('\n');
    console.log(`CPU profile, self time in the window by file:\n${list(files, 12)}`);
    console.log(`by function:\n${list(self, 25)}`);
  }
}

const server = await startHistoryServer({
  devices: [{ deviceId: DEVICE, days: 30, stepMs: 10_000, gap: false }],
});
const device = server.devices[0];
if (!device) throw new Error('no device');
const browser = await openBrowser({ timezoneId: 'Asia/Shanghai' });
try {
  const { page } = browser;
  // The moment the track is drawn, as a user-timing mark in the trace.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (
        document.querySelector('.history-map .map-canvas[data-track-ready]') &&
        !performance.getEntriesByName('bench:ready').length
      )
        performance.mark('bench:ready');
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-track-ready'] });
  });
  await logIn(page, server.url, HISTORY_ADMIN.phone, HISTORY_ADMIN.password);
  const q = new URLSearchParams({ devices: DEVICE, start: inAdminZone(device.from), end: inAdminZone(device.to) });
  const url = `${server.url}/monitor/history?${q}`;
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${server.url}/monitor`);
    await page.waitForTimeout(1500);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    let profile: CpuProfile | null = null;
    const events = await collectTrace(cdp, async () => {
      await page.goto(url);
      await page.locator('.history-map .map-canvas[data-track-ready]').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      profile = ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
    });
    if (SAVE) {
      writeFileSync(`${SAVE}/history-trace-${i + 1}.json`, JSON.stringify({ traceEvents: events }));
      writeFileSync(`${SAVE}/history-profile-${i + 1}.cpuprofile`, JSON.stringify(profile));
    }
    console.log(
      `\n=== run ${i + 1}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    analyse(events, profile);
    await cdp.detach();
  }
} finally {
  await browser.close();
  await server.stop();
}
