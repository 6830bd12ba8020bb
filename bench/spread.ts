/**
 * npm run bench:spread — the business distribution map (/spread, issue #21) over 100,000 devices whose latest
 * positions lie across China's provinces (a third around five large cities, the rest near any prefecture city's
 * outline), in 10 units under the root, their latest fixes received evenly over the last 100 minutes.
 *
 * It measures:
 * - the locator's first pass: every device's latest position put in its province and city (device_regions);
 * - Spread/GetDistribution over HTTP at country, province (Guangdong, 44) and city level (Guangdong's largest
 *   city), the whole fleet and one unit: p50 / p95 of BENCH_CALLS calls each;
 * - the page /spread in Debian's chromium, from navigation to the map drawn (ECharts' `finished`, the chart's
 *   data-drawn), split into the two calls (GetDistribution, GetMap) and the page's share; BENCH_RUNS loads.
 *
 *   npm run bench:spread                               # embedded PostgreSQL
 *   BENCH_TARGET=external BENCH_DEVICES=20000 npm run bench:spread
 */

import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os, { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { API_BASE, DEFAULT_APP_ID } from '@lodestar/domain';
import { seededRandom } from '@lodestar/simulator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { chinaCities } from '../apps/server/src/modules/geocode/cities.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { RegionIndex } from '../apps/server/src/modules/spread/regions.ts';
import { SpreadRepository } from '../apps/server/src/modules/spread/repository.ts';
import { logIn, openBrowser } from '../e2e/lib/browser.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const UNITS = 10;
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET = (process.env.BENCH_TARGET ?? 'embedded') as 'embedded' | 'external';
const ADMIN = { phone: '13800000000', password: 'spread-admin-1' };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Latest positions inside China: a third around Shanghai, Beijing, Guangzhou, Shenzhen and Chengdu, the rest in a
 * random prefecture city's box (kept only where the region index finds a province). */
function fleetPositions(n: number): [number, number][] {
  const random = seededRandom(21);
  const index = new RegionIndex();
  const hubs: [number, number][] = [
    [121.47, 31.23],
    [116.4, 39.9],
    [113.26, 23.13],
    [114.06, 22.54],
    [104.07, 30.67],
  ];
  const boxes: [number, number, number, number][] = [];
  for (const cities of chinaCities().values())
    for (const c of cities) {
      let [minX, minY, maxX, maxY] = [180, 90, -180, -90];
      for (const ring of c.polygons.flat())
        for (const [x, y] of ring) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      boxes.push([minX, minY, maxX, maxY]);
    }
  const out: [number, number][] = [];
  while (out.length < n) {
    let p: [number, number];
    if (random() < 1 / 3) {
      const [x, y] = hubs[Math.floor(random() * hubs.length)]!;
      p = [x + (random() - 0.5) * 0.6, y + (random() - 0.5) * 0.6];
    } else {
      const [a, b, c, d] = boxes[Math.floor(random() * boxes.length)]!;
      p = [a + random() * (c - a), b + random() * (d - b)];
    }
    if (index.locate(p[0], p[1])) out.push([Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6]);
  }
  return out;
}

const bench = await benchDatabase(TARGET);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-spread-bench-'));
const db = drizzle(bench.pool, { schema });
const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1', TRACK_ROLLUP: '0' });
const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
const app = await buildApp({
  config,
  database: { db, pool: bench.pool, kind: 'external' as const, close: async () => {} },
  ingest,
  sms: new LocalSmsProvider(() => {}),
});
await ensureSuperAdmin(db, ADMIN);
const root = (await bench.pool.query('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0].id as number;
const units: number[] = [];
for (let u = 0; u < UNITS; u++) {
  const { rows } = await bench.pool.query(
    `INSERT INTO holds (name, hold_type, parent_id, path) VALUES ($1, 2, $2, '') RETURNING id`,
    [`Spread unit ${u + 1}`, root],
  );
  units.push(rows[0].id);
  await bench.pool.query(`UPDATE holds SET path = '/' || $2 || '/' || $1 || '/' WHERE id = $1`, [rows[0].id, root]);
}
let t0 = Date.now();
const positions = fleetPositions(DEVICES);
const made = Date.now() - t0;
t0 = Date.now();
for (let i = 0; i < DEVICES; i += 20_000) {
  const slice = positions.slice(i, i + 20_000);
  await bench.pool.query(
    `WITH d AS (
       INSERT INTO devices (device_id, protocol, hold_id, name)
       SELECT 'S' || lpad((g + $1)::text, 9, '0'), 'gt06', ($2::int[])[1 + (g + $1) % $3], 'S' || (g + $1)
         FROM generate_series(0, $4 - 1) g
       RETURNING id, device_id)
     INSERT INTO device_states (device_pk, fix_time, receive_time, last_seen, valid, lat, lon, speed)
     SELECT d.id, now() - p.i % 100 * interval '1 minute', now() - p.i % 100 * interval '1 minute', now(), true,
            p.lat, p.lon, 0
       FROM d JOIN unnest($5::float8[], $6::float8[]) WITH ORDINALITY AS p(lon, lat, i)
         ON ('S' || lpad(($1 + p.i - 1)::text, 9, '0')) = d.device_id`,
    [i, units, UNITS, slice.length, slice.map((p) => p[0]), slice.map((p) => p[1])],
  );
}
await bench.pool.query('VACUUM ANALYZE devices');
await bench.pool.query('VACUUM ANALYZE device_states');
const seededMs = Date.now() - t0;
console.log(
  `${fmt(DEVICES)} devices in ${UNITS} units with latest positions (${TARGET} PostgreSQL ${bench.version}): made in ${made} ms, written in ${seededMs} ms; load average ${load()}`,
);

// The locator's background pass starts with the server (onReady): wait for it to have located every device.
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
t0 = Date.now();
for (;;) {
  const { rows } = await bench.pool.query('SELECT count(*)::int AS n FROM device_regions');
  if (rows[0].n >= DEVICES) break;
  if (Date.now() - t0 > 600_000) throw new Error(`located ${rows[0].n} of ${DEVICES} in 10 minutes`);
  await new Promise((r) => setTimeout(r, 100));
}
const locatedMs = Date.now() - t0;
console.log(`locator's first pass: ${fmt(DEVICES)} devices located in ${fmt(locatedMs)} ms; load average ${load()}`);

// The call's parts, straight on the repository: what a country-level request waits for.
const repo = new SpreadRepository(bench.pool);
const parts: Record<string, string | number>[] = [];
const country = { holdPath: `/${root}/`, kind: 'devices' as const };
for (const [name, run] of [
  ['locate: pending, the whole fleet (before)', () => repo.pending(5000)],
  ['locate: pending since the last full pass (after)', () => repo.pending(5000, new Date(Date.now() - 90_000))],
  ['counts by province, live (before)', () => repo.counts(country, 'province')],
  ['heat 0.5°, live (before)', () => repo.heat(country, 0.5)],
  ['provinces and heat off spread_cells (after)', () => repo.countryCells(country.holdPath)],
  ['total', () => repo.total(country.holdPath, 'devices')],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const s = performance.now();
    await run();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  parts.push({ part: name, p50ms: Math.round(percentile(times, 50)), p95ms: Math.round(percentile(times, 95)) });
}
console.log(`country level's queries one by one, 10 each; load average ${load()}`);
console.table(parts);

let token = '';
async function call<T>(p: string, body: unknown): Promise<{ ms: number; data: T }> {
  const u = new URL(`${API_BASE}${p}`, url);
  u.searchParams.set('format', 'json');
  u.searchParams.set('appid', DEFAULT_APP_ID);
  const start = performance.now();
  const res = await fetch(u, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: T };
  const ms = performance.now() - start;
  if (reply.code !== 200) throw new Error(`${p}: ${reply.code} ${reply.msg}`);
  return { ms, data: reply.data };
}
token = (await call<{ token: string }>('account/login', { Phone: ADMIN.phone, UserPassword: ADMIN.password })).data
  .token;

type Dist = { Rows: { Code: string; Count: number }[]; Total: number; Heat: unknown[] };
const province = await call<Dist>('Spread/GetDistribution', { Level: 'province', Code: '44', Kind: 'devices' });
const city = province.data.Rows[0]!.Code;
const cases: [string, Record<string, unknown>][] = [
  ['country', { Level: 'country', Kind: 'devices' }],
  ['province 44', { Level: 'province', Code: '44', Kind: 'devices' }],
  [`city ${city}`, { Level: 'city', Code: city, Kind: 'devices' }],
  ['country, one unit', { Level: 'country', Kind: 'devices', HoldID: units[0] }],
];
const calls: Record<string, string | number>[] = [];
for (const [name, body] of cases) {
  const times: number[] = [];
  let rows = 0;
  let counted = 0;
  let heat = 0;
  for (let i = 0; i < CALLS; i++) {
    const r = await call<Dist>('Spread/GetDistribution', body);
    times.push(r.ms);
    rows = r.data.Rows.length;
    counted = r.data.Total;
    heat = r.data.Heat.length;
  }
  times.sort((a, b) => a - b);
  calls.push({
    level: name,
    devices: counted,
    rows,
    heatCells: heat,
    p50ms: Math.round(percentile(times, 50)),
    p95ms: Math.round(percentile(times, 95)),
  });
}
console.log(`Spread/GetDistribution over HTTP, ${CALLS} calls each; load average ${load()}`);
console.table(calls);

const pages: {
  navigationToDrawnMs: number;
  navigationToCallsMs: number;
  callsMs: number;
  drawMs: number;
  bytes: number;
}[] = [];
const browser = await openBrowser({ timezoneId: 'Asia/Shanghai' });
try {
  const { page } = browser;
  await logIn(page, url, ADMIN.phone, ADMIN.password);
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${url}/spread`);
    const drawn = Number(
      await page
        .locator('[data-testid="spread-map"][data-map^="spread:country:"][data-drawn]')
        .getAttribute('data-drawn', { timeout: 60_000 }),
    );
    // As a string: tsx would wrap a named function inside in a __name() the page does not have.
    const t = (await page.evaluate(`(() => {
      const all = performance.getEntriesByType('resource');
      const d = all.find((r) => r.name.includes('/Spread/GetDistribution'));
      const m = all.find((r) => r.name.includes('/Spread/GetMap'));
      return {
        origin: performance.timeOrigin,
        distStart: d ? performance.timeOrigin + d.startTime : 0,
        distEnd: d ? performance.timeOrigin + d.responseEnd : 0,
        mapEnd: m ? performance.timeOrigin + m.responseEnd : 0,
        bytes: (d ? d.encodedBodySize : 0) + (m ? m.encodedBodySize : 0),
      };
    })()`)) as { origin: number; distStart: number; distEnd: number; mapEnd: number; bytes: number };
    const calls = Math.max(t.distEnd, t.mapEnd);
    pages.push({
      navigationToDrawnMs: Math.round(drawn - t.origin),
      navigationToCallsMs: Math.round(t.distStart - t.origin),
      callsMs: Math.round(calls - t.distStart),
      drawMs: Math.round(drawn - calls),
      bytes: t.bytes,
    });
    await page.waitForTimeout(500);
  }
} finally {
  await browser.close();
  await app.close();
  await ingest.writer.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`/spread in chromium, ${RUNS} loads (navigation → map drawn); load average ${load()}`);
console.table(pages);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const cpu = cpus();
console.log(
  `\n${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString().slice(0, 16)}Z; load average ${load()}`,
);
console.log(
  `median navigation → drawn ${median(pages.map((p) => p.navigationToDrawnMs))} ms (calls ${median(pages.map((p) => p.callsMs))} ms, drawing ${median(pages.map((p) => p.drawMs))} ms)`,
);
