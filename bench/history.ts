/**
 * npm run bench:history — History/GetTrack through the real server's HTTP API (Fastify listening on
 * 127.0.0.1, fetch as the client, a super administrator's token from account/login) over a database holding
 * realistic history: 1,000 devices with a day of 10-second positions and a few devices with 30 days
 * (259,200 points each), written by binary COPY in time order as the ingest writer writes them (every
 * device's rows of one 10-second step side by side). A 1-hour and a 1-day track of a fleet device, a 7-day
 * and a 30-day track of a long-history device; p50/p95 latency, points/s and response size, on the embedded
 * PostgreSQL and the machine's PostgreSQL. Beside each: the repository's SQL alone (through pg, rows parsed) and
 * the service's time formatting alone; then EXPLAIN (ANALYZE, BUFFERS) of the repository's query.
 * Then the 30-day track as issue #16 serves it: the compact form read from positions, then from rolled-up
 * days (the long devices' closed days packed by the rollup's own code, timed), each uncompressed, br and gzip
 * (bytes on the wire, HTTP time with node:http reading the raw body, and the client's decompression), and
 * the objects form with br for comparison.
 * Options: --targets embedded,external  --fleet 1000  --long 4  --runs 1 (multiplies the calls per size)
 *          --objects 0 skips the objects table (1 hour … 30 days) and runs only the compact section
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import type { PositionRow } from '../apps/server/src/ingest/plan.ts';
import { zoneFormatter } from '../apps/server/src/lib/time.ts';
import { HistoryRepository } from '../apps/server/src/modules/history/repository.ts';
import { packTrackDay } from '../apps/server/src/modules/history/rollup.ts';
import { RollupRepository } from '../apps/server/src/modules/history/rollup-repository.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';
import { copyPositions } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    fleet: { type: 'string', default: '1000' },
    long: { type: 'string', default: '4' },
    runs: { type: 'string', default: '1' },
    objects: { type: 'string', default: '1' },
  },
});
const OBJECTS = values.objects !== '0';
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const FLEET = Number(values.fleet);
const LONG = Number(values.long);
const runScale = Number(values.runs);
const STEP_MS = 10_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Calls per track size (times --runs); the first call of each size is a warm-up and not counted. */
const CALLS = { '1 hour': 40, '1 day': 20, '7 days': 6, '30 days': 5 } as const;
type Size = keyof typeof CALLS;
const ZONE = 'Asia/Shanghai'; // the super administrator's zone (users.time_zone default), UTC+8 all year

const pad = (n: number) => String(n).padStart(2, '0');
const inZone = (ms: number) => {
  const s = new Date(ms + 8 * HOUR);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** A vehicle moving about: GT06-style coordinates (raw / 1,800,000) on even devices, JT/T 808 (1e-6) on odd. */
function row(pk: number, k: number, t: number, even: boolean): PositionRow {
  const lat = 31.2 + (pk % 50) * 0.01 + Math.sin(k / 500) * 0.05;
  const lon = 121.4 + (pk % 37) * 0.01 + Math.cos(k / 700) * 0.05;
  const scale = even ? 1_800_000 : 1_000_000;
  const moving = k % 360 < 300;
  return {
    device_pk: pk,
    fix_time: new Date(t),
    server_time: new Date(t + 1_500),
    valid: true,
    lat: Math.round(lat * scale) / scale,
    lon: Math.round(lon * scale) / scale,
    speed: moving ? 20 + (k % 60) : 0,
    course: (k * 7) % 360,
    altitude: even ? null : 12 + (k % 9),
    satellites: 8 + (k % 5),
    alarms: k % 5000 === 0 ? ['overspeed'] : [],
    attributes: even
      ? { ignition: moving, batteryLevel: 80 + (k % 20), rssi: 4, odometer: k * 150 }
      : { ignition: moving, mileage: Math.round(k * 1.5) / 10, odometer: k * 150, fuel: 40 + (k % 20) },
  };
}

/** Positions in time order, two COPYs in flight so encoding overlaps the server's work. */
async function loadHistory(pool: pg.Pool, fleetPks: number[], longPks: number[], end: number) {
  const longStart = end - 30 * DAY;
  const fleetStart = end - DAY;
  const inFlight = new Set<Promise<unknown>>();
  let batch: PositionRow[] = [];
  let total = 0;
  const flush = async () => {
    if (inFlight.size >= 2) await Promise.race(inFlight);
    const rows = batch;
    batch = [];
    total += rows.length;
    const p = copyPositions(pool, rows).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  for (let t = longStart, k = 0; t <= end; t += STEP_MS, k++) {
    for (const pk of longPks) batch.push(row(pk, k, t, pk % 2 === 0));
    if (t >= fleetStart) for (const pk of fleetPks) batch.push(row(pk, k, t, pk % 2 === 0));
    if (batch.length >= 100_000) await flush();
  }
  if (batch.length) await flush();
  await Promise.all(inFlight);
  return total;
}

interface SizeResult {
  size: Size;
  points: number;
  bytes: number;
  http: number[];
  sql: number[];
  format: number[];
}

async function benchTarget(target: 'embedded' | 'external') {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-history-'));
  const db = drizzle(bench.pool, { schema });
  const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1' });
  const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
  const database = { db, pool: bench.pool, kind: 'external' as const, close: async () => {} };
  const app = await buildApp({ config, database, ingest, sms: new LocalSmsProvider(() => {}) });
  await ensureSuperAdmin(db, { phone: '13800000000', password: 'admin123' });
  const q = (text: string, params: unknown[] = []) => bench.pool.query(text, params);
  const settings = (await q(`SELECT current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm`))
    .rows[0] as { sb: string; wm: string };

  // Devices in the root hold (the super administrator's scope); the long-history ones with VIP (older than 7 days).
  const root = (await q('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0] as { id: number };
  await q(
    `INSERT INTO devices (device_id, protocol, hold_id, name, vip_expires_at)
     SELECT 'H' || lpad(g::text, 7, '0'), CASE WHEN g % 2 = 0 THEN 'gt06' ELSE 'jt808' END, $1, 'history ' || g,
            CASE WHEN g > $2 THEN current_date + 365 END
       FROM generate_series(1, $3::int) g`,
    [root.id, FLEET, FLEET + LONG],
  );
  const devs = (await q(`SELECT id, device_id FROM devices WHERE device_id LIKE 'H%' ORDER BY device_id`)).rows as {
    id: number;
    device_id: string;
  }[];
  const fleet = devs.slice(0, FLEET);
  const long = devs.slice(FLEET);
  const end = Math.floor((Date.now() - 60_000) / STEP_MS) * STEP_MS;
  const t0 = performance.now();
  const rows = await loadHistory(
    bench.pool,
    fleet.map((d) => d.id),
    long.map((d) => d.id),
    end,
  );
  const loadSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await q('VACUUM ANALYZE positions');
  const vacuumSeconds = (performance.now() - t1) / 1000;
  const size = (await q(`SELECT pg_size_pretty(pg_total_relation_size('positions')) AS s`)).rows[0].s as string;
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;
  console.log(
    `${name}: ${fmt(rows)} positions loaded in ${fmt(loadSeconds)} s (${fmt(rows / loadSeconds)} rows/s), VACUUM ANALYZE ${fmt(vacuumSeconds, 1)} s, table + indexes ${size}; shared_buffers ${settings.sb}; load average ${load()}`,
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/API/api`;
  const query = `?format=json&appid=${encodeURIComponent(DEFAULT_APP_ID)}`;
  const login = await fetch(`${base}/account/login${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Phone: '13800000000', UserPassword: 'admin123' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  const getTrack = async (deviceId: string, from: number, to: number) => {
    const started = performance.now();
    const res = await fetch(`${base}/History/GetTrack${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ DeviceID: deviceId, StartTime: inZone(from), EndTime: inZone(to) }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return { ms: performance.now() - started, body };
  };

  const repo = new HistoryRepository(bench.pool);
  let pick = 0;
  const window = (s: Size): { device: { id: number; device_id: string }; from: number; to: number } => {
    pick++;
    if (s === '1 hour') {
      const device = fleet[(pick * 7919) % fleet.length]!;
      const from = end - DAY + ((pick * 3_761_000) % (DAY - HOUR));
      return { device, from, to: from + HOUR };
    }
    if (s === '1 day') return { device: fleet[(pick * 104_729) % fleet.length]!, from: end - DAY, to: end };
    const days = s === '7 days' ? 7 : 30;
    return { device: long[pick % long.length]!, from: end - days * DAY, to: end };
  };

  const results: SizeResult[] = [];
  for (const s of OBJECTS ? (Object.keys(CALLS) as Size[]) : []) {
    const r: SizeResult = { size: s, points: 0, bytes: 0, http: [], sql: [], format: [] };
    const calls = Math.max(2, Math.round(CALLS[s] * runScale));
    for (let i = 0; i < calls; i++) {
      const w = window(s);
      const { ms, body } = await getTrack(w.device.device_id, w.from, w.to);
      if (i === 0) {
        const reply = JSON.parse(body.toString()) as { code: number; msg: string; data: unknown[] };
        if (reply.code !== 200) throw new Error(`GetTrack ${s}: ${reply.msg}`);
        r.points = reply.data.length;
        r.bytes = body.length;
        continue; // warm-up
      }
      r.http.push(ms);
      // The same window's SQL alone (as the repository runs it) and the service's formatting of its times.
      let t = performance.now();
      const found = await repo.track(w.device.id, new Date(w.from), new Date(w.to));
      r.sql.push(performance.now() - t);
      t = performance.now();
      const inZone = zoneFormatter(ZONE);
      let n = 0;
      for (const x of found) n += inZone(x[0]).length + inZone(x[1]).length;
      r.format.push(performance.now() - t);
      if (n === 0 && found.length > 0) throw new Error('nothing formatted');
    }
    results.push(r);
    console.log(`${name} ${s}: ${fmt(r.points)} points, HTTP p50 ${fmt(median(r.http), 1)} ms; load average ${load()}`);
  }

  const compact = await compactSection(name, base, query, token, bench.pool, long, end);

  const plans: string[] = [];
  for (const s of OBJECTS ? (['1 day', '7 days', '30 days'] as Size[]) : []) {
    const w = window(s);
    const { rows: plan } = await q(
      `EXPLAIN (ANALYZE, BUFFERS)
       SELECT fix_time, server_time, lat, lon, speed, course, altitude, satellites, valid, alarms
         FROM positions WHERE device_pk = $1 AND fix_time >= $2 AND fix_time <= $3 ORDER BY fix_time`,
      [w.device.id, new Date(w.from), new Date(w.to)],
    );
    plans.push(`${name}, ${s}:\n${plan.map((p) => `    ${p['QUERY PLAN']}`).join('\n')}`);
  }

  await app.close();
  await ingest.writer.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
  return { name, rows, loadSeconds, size, settings, results, plans, compact };
}

interface CompactResult {
  label: string;
  encoding: string;
  bytes: number;
  http: number[];
  decompress: number[];
}

/** A POST through node:http, the body read as the bytes sent (no transparent decompression as fetch does). */
function rawPost(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ ms: number; body: Buffer; encoding: string | undefined }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          body: Buffer.concat(chunks),
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The 30-day compact track from positions, then from rolled-up days; the objects form with br beside them. */
async function compactSection(
  name: string,
  base: string,
  query: string,
  token: string,
  pool: pg.Pool,
  long: { id: number; device_id: string }[],
  end: number,
) {
  const results: CompactResult[] = [];
  const calls = Math.max(2, Math.round(5 * runScale));
  let pick = 0;
  const measure = async (label: string, format: 'compact' | 'objects', encoding: string, n = calls) => {
    const r: CompactResult = { label, encoding, bytes: 0, http: [], decompress: [] };
    for (let i = 0; i < n; i++) {
      const device = long[pick++ % long.length]!;
      const body = JSON.stringify({
        DeviceID: device.device_id,
        StartTime: inZone(end - 30 * DAY),
        EndTime: inZone(end),
        Format: format,
      });
      const res = await rawPost(
        `${base}/History/GetTrack${query}`,
        { authorization: token, ...(encoding === 'identity' ? {} : { 'accept-encoding': encoding }) },
        body,
      );
      const t = performance.now();
      const text =
        res.encoding === 'br'
          ? brotliDecompressSync(res.body)
          : res.encoding === 'gzip'
            ? gunzipSync(res.body)
            : res.body;
      const ms = performance.now() - t;
      if (i === 0) {
        const reply = JSON.parse(text.toString()) as { code: number; msg: string };
        if (reply.code !== 200) throw new Error(`GetTrack ${label}: ${reply.msg}`);
        if ((res.encoding ?? 'identity') !== encoding) throw new Error(`asked ${encoding}, got ${res.encoding}`);
        r.bytes = res.body.length;
        continue; // warm-up
      }
      r.http.push(res.ms);
      r.decompress.push(ms);
    }
    results.push(r);
    console.log(
      `${name} 30 days ${label} ${encoding}: ${fmt(r.bytes / 1024 / 1024, 2)} MB, HTTP p50 ${fmt(median(r.http), 1)} ms; load average ${load()}`,
    );
  };

  for (const encoding of ['identity', 'br', 'gzip']) await measure('compact, from positions', 'compact', encoding);
  // The long devices' closed UTC days packed as the rollup job packs them (its candidate scan left out:
  // bench data has no device_days rows).
  const rollup = new RollupRepository(pool, new HistoryRepository(pool));
  const today = Math.floor(Date.now() / DAY) * DAY;
  const days: number[] = [];
  let rolledPoints = 0;
  const t0 = performance.now();
  for (const d of long)
    for (let day = Math.floor((end - 30 * DAY) / DAY) * DAY; day < today; day += DAY) {
      const t = performance.now();
      rolledPoints += await rollup.rollDay(
        { devicePk: d.id, day: new Date(day).toISOString().slice(0, 10) },
        packTrackDay,
      );
      days.push(performance.now() - t);
    }
  const rollSeconds = (performance.now() - t0) / 1000;
  const stored = (
    await pool.query(
      `SELECT pg_size_pretty(pg_total_relation_size('track_days')) AS s, sum(length(data))::int AS b FROM track_days`,
    )
  ).rows[0] as { s: string; b: number };
  const rollNote = `${days.length} device-days (${fmt(rolledPoints)} points) packed in ${fmt(rollSeconds, 1)} s, p50 ${fmt(median(days), 1)} ms a day; track_days ${stored.s} (data ${fmt(stored.b / 1024 / 1024, 1)} MB, ${fmt(stored.b / Math.max(rolledPoints, 1), 1)} bytes a point)`;
  console.log(`${name} rollup: ${rollNote}`);
  for (const encoding of ['identity', 'br', 'gzip']) await measure('compact, rolled-up days', 'compact', encoding);
  await measure('objects, from positions', 'objects', 'br', Math.max(2, Math.round(3 * runScale)));
  return { results, rollNote };
}

const startedAt = new Date();
const loadAtStart = load();
console.log(`bench:history ${startedAt.toISOString().slice(0, 16)} UTC; load average ${loadAtStart}`);
const all: Awaited<ReturnType<typeof benchTarget>>[] = [];
for (const target of targets) all.push(await benchTarget(target));

const p = (xs: number[], q: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    q,
  );
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${startedAt.toISOString().slice(0, 16)} UTC`,
);
console.log(`Load average (1/5/15 min): ${loadAtStart} at the start, ${load()} at the end`);
console.log(
  `${fmt(FLEET)} devices × 1 day + ${LONG} devices × 30 days of 10-second positions; calls per size (first one not counted): ${Object.entries(
    CALLS,
  )
    .map(([k, v]) => `${k} ${Math.max(2, Math.round(v * runScale)) - 1}`)
    .join(', ')}`,
);
console.log(
  '\n| database | track | points | response | HTTP p50 / p95 ms | points/s (p50) | SQL alone p50 ms | time formatting p50 ms |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const t of all)
  for (const r of t.results)
    console.log(
      `| ${t.name} | ${r.size} | ${fmt(r.points)} | ${fmt(r.bytes / 1024 / 1024, 1)} MB | ${fmt(p(r.http, 50), 1)} / ${fmt(p(r.http, 95), 1)} | ${fmt(r.points / (p(r.http, 50) / 1000))} | ${fmt(p(r.sql, 50), 1)} | ${fmt(p(r.format, 50), 1)} |`,
    );
console.log('');
console.log('| database | 30-day track | encoding | on the wire | HTTP p50 / p95 ms | client decompression p50 ms |');
console.log('|---|---|---|---|---|---|');
for (const t of all)
  for (const r of t.compact.results)
    console.log(
      `| ${t.name} | ${r.label} | ${r.encoding} | ${fmt(r.bytes / 1024 / 1024, 2)} MB | ${fmt(p(r.http, 50), 1)} / ${fmt(p(r.http, 95), 1)} | ${fmt(p(r.decompress, 50), 1)} |`,
    );
for (const t of all) console.log(`${t.name} rollup: ${t.compact.rollNote}`);
console.log('');
for (const t of all) console.log(t.plans.join('\n'));
