/**
 * npm run bench:fence-latency — issue #17's goal "an enter or leave event reaches the monitor in the browser
 * within 2 s of the position frame", measured end to end: the real server (a child process, `npm start`'s
 * main.ts with its gateway on a free port), a circle fence bound to a GT06 tracker through the API, the
 * monitor open in Debian's chromium, and one TCP connection speaking GT06 as the tracker does.
 *
 * Each repetition writes one position frame that crosses the fence (in, then out, then in …: an enter or a
 * leave event) and measures from just before the socket write to the moment the toast naming that event is
 * added to the page (a MutationObserver in the page stamps it with Date.now(); browser and bench share the
 * machine's clock). On the way: the gateway's decode, the ingest's group commit (the ACK follows it), the
 * fence engine, the live bus, the live feed's per-second flush to the socket, the page's frame batcher and
 * the toast's render. The frames go BENCH_GAP_MS apart, so each waits for its own flush. The page's first
 * toast (which also loads and styles the notification component) is timed apart as "cold".
 *
 *   npm run bench:fence-latency                       # 20 repetitions
 *   BENCH_REPS=50 npm run bench:fence-latency
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type Socket } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { Gt06FrameSplitter, Gt06Type, parseGt06Frame } from '@lodestar/protocols';
import { apiClient } from '../e2e/lib/api.ts';
import { logIn, openBrowser } from '../e2e/lib/browser.ts';
import { startDemoServer } from '../e2e/lib/server.ts';
import { encodeGt06Location, encodeGt06Login } from '../packages/simulator/src/protocols/gt06.ts';
import { percentile } from './lib.ts';

const REPS = Number(process.env.BENCH_REPS ?? 20);
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 2500);
const ADMIN_PHONE = '13800000000';
const ADMIN_PASSWORD = `bench${randomBytes(6).toString('hex')}`;
const DEVICE = '868000000017999';
const CENTRE = { lat: 31.2304, lng: 121.4737 };
/** Outside: a kilometre north of a 200 m circle, far past the hysteresis. */
const OUTSIDE_M = 1000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One GT06 tracker on one connection: logs in, then writes a location frame on demand (ACKs awaited). */
async function tracker(port: number) {
  const socket: Socket = createConnection({ host: '127.0.0.1', port });
  const splitter = new Gt06FrameSplitter();
  const waiting = new Map<number, () => void>();
  let serial = 0;
  socket.on('data', (chunk) => {
    for (const frame of splitter.push(chunk)) {
      const f = parseGt06Frame(frame);
      if (f) waiting.get(f.type === Gt06Type.Login ? -1 : f.serial)?.();
    }
  });
  const acked = (key: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ACK for ${key}`)), 30_000);
      waiting.set(key, () => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve();
      });
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const login = acked(-1);
  socket.write(encodeGt06Login(DEVICE, ++serial));
  await login;
  return {
    /** Writes a fix `metresNorth` of the centre now; answers the write's wall-clock time and the ACK. */
    send(metresNorth: number): { sentAt: number; ack: Promise<void> } {
      const s = ++serial;
      const ack = acked(s);
      const time = new Date(Math.floor(Date.now() / 1000) * 1000);
      const frame = encodeGt06Location(
        {
          time,
          lat: CENTRE.lat + metresNorth / 111_320,
          lon: CENTRE.lng,
          speedKmh: 20,
          course: 0,
          altitude: 10,
          acc: true,
          odometerM: 0,
        },
        s,
      );
      const sentAt = Date.now();
      socket.write(frame);
      return { sentAt, ack };
    },
    close: () => socket.destroy(),
  };
}

// Runs in the page before its scripts: the time each live toast's title is added, and its event type.
const STAMP_TOASTS = `(() => {
  window.__zoneToasts = [];
  new MutationObserver((records) => {
    const at = Date.now();
    for (const r of records)
      for (const n of r.addedNodes) {
        if (!(n instanceof Element)) continue;
        const titles = n.matches('.live-alarm-title') ? [n] : [...n.querySelectorAll('.live-alarm-title')];
        for (const t of titles) window.__zoneToasts.push({ type: t.getAttribute('data-type'), at });
      }
  }).observe(document, { childList: true, subtree: true });
})();`;

async function main() {
  console.log(
    `bench:fence-latency — ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GB, ` +
      `node ${process.version}, ${REPS} repetitions ${GAP_MS} ms apart, load ${load()}`,
  );
  const server = await startDemoServer(0, { ADMIN_PHONE, ADMIN_PASSWORD });
  const browser = await openBrowser();
  let device: Awaited<ReturnType<typeof tracker>> | undefined;
  try {
    const api = apiClient(server.url);
    await api.login(ADMIN_PHONE, ADMIN_PASSWORD);
    const [root] = await api.get<{ HoldID: number }[]>('hold/getholdselect');
    await api.post('Device/AddDevice', {
      DeviceID: DEVICE,
      Protocol: 'gt06',
      HoldID: root!.HoldID,
      DeviceName: DEVICE,
    });
    device = await tracker(server.ports.gt06);
    // The first report activates the device, which starts its VIP (fences are VIP-only).
    await device.send(OUTSIDE_M).ack;
    const { FenceID } = await api.post<{ FenceID: number }>('Fence/AddFence', {
      HoldID: root!.HoldID,
      FenceName: 'bench fence',
      Geometry: { type: 'Circle', Center: [CENTRE.lng, CENTRE.lat], Radius: 200 },
      RecordType: 'both',
      TriggerAlarm: false,
    });
    await api.post('Fence/BindDevices', { FenceID, DeviceIDs: [DEVICE] });
    // A binding reaches the ingest's fence index within a second (engine's debounce).
    await new Promise((r) => setTimeout(r, 1500));

    const page = browser.page;
    await browser.context.addInitScript(STAMP_TOASTS);
    await logIn(page, server.url, ADMIN_PHONE, ADMIN_PASSWORD);
    await page.goto(`${server.url}/monitor/online`);
    await page.locator('.feed-bar[data-mode=live]').waitFor({ timeout: 60_000 });
    await page.locator('.device-list .device-row').first().waitFor({ timeout: 60_000 });
    // The watch message (the listed devices) is sent once the list arrives; give it a flush interval.
    await page.waitForTimeout(1500);

    // The page's first toast also loads and styles the notification component: timed apart, as "cold".
    const cold = device.send(0);
    await cold.ack;
    const coldAt = await page.waitForFunction(
      (since) =>
        (window as unknown as { __zoneToasts: { type: string; at: number }[] }).__zoneToasts.find(
          (t) => t.type === 'fenceEnter' && t.at >= since,
        )?.at ?? false,
      cold.sentAt,
      { timeout: 30_000 },
    );
    console.log(`first event on the freshly opened page (cold): ${Number(await coldAt.jsonValue()) - cold.sentAt} ms`);
    await new Promise((r) => setTimeout(r, GAP_MS));

    const latencies: number[] = [];
    const missed: number[] = [];
    for (let i = 0; i < REPS; i++) {
      // Inside since the cold entry: leave, enter, leave …
      const entering = i % 2 === 1;
      const { sentAt, ack } = device.send(entering ? 0 : OUTSIDE_M);
      await ack;
      const want = entering ? 'fenceEnter' : 'fenceLeave';
      try {
        // The first toast of this event type added after the write.
        const at = await page.waitForFunction(
          ([since, type]) => {
            const seen = (window as unknown as { __zoneToasts: { type: string; at: number }[] }).__zoneToasts;
            return seen.find((t) => t.type === type && t.at >= (since as number))?.at ?? false;
          },
          [sentAt, want] as const,
          { timeout: 10_000 },
        );
        latencies.push(Number(await at.jsonValue()) - sentAt);
      } catch {
        missed.push(i);
      }
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`frame written → toast in the page (ms), ${latencies.length} of ${REPS} seen:`);
    console.log(`  each: ${latencies.join(', ')}`);
    console.log(
      `  p50 ${percentile(sorted, 50)}  p95 ${percentile(sorted, 95)}  max ${sorted.at(-1) ?? '-'}  min ${sorted[0] ?? '-'}` +
        `  missed ${missed.length}${missed.length ? ` (#${missed.join(', #')})` : ''}  load ${load()}`,
    );
  } finally {
    device?.close();
    await browser.close();
    await server.stop();
  }
}

await main();
