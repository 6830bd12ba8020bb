/**
 * npm run bench:trips — History/GetTrips, GetStops and GetSummary through the real server's HTTP API
 * (Fastify on 127.0.0.1, fetch as the client, a super administrator's token) over trips and stops seeded
 * straight into their tables: --devices devices with 90 days each of a working day's segments (home, to work
 * through the morning, lunch, back, evening out: 5 trips and 5 stops a day), the bench device's open stop in
 * trip_states. The API takes at most 30 days a call: 1-day, 7-day and 30-day periods anywhere in the 90 days,
 * with and without MinStopSeconds (which reads 30 days more either side, so 90 days of rows). Then the 90-day
 * range as History/Export and the reports read it (TripService.segmentsOf, in-process). p50/p95 per case,
 * on the embedded PostgreSQL and the machine's PostgreSQL.
 * Options: --targets embedded,external  --devices 500  --calls 30
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { DEFAULT_APP_ID, DEFAULT_TRIP_PARAMS, newDetector } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { TripRepository } from '../apps/server/src/modules/trips/repository.ts';
import { TripService } from '../apps/server/src/modules/trips/service.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    devices: { type: 'string', default: '500' },
    calls: { type: 'string', default: '30' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const DEVICES = Number(values.devices);
const CALLS = Number(values.calls);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');
/** The super administrator's zone (Asia/Shanghai, UTC+8 all year). */
const inZone = (ms: number) => {
  const s = new Date(ms + 8 * HOUR);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A day's segments as offsets from its midnight (hours): trips [start, end), stops between them. */
const TRIPS_OF_A_DAY = [
  [7.9, 8.6],
  [12.1, 12.4],
  [13.3, 13.6],
  [18.0, 18.8],
  [20.0, 20.3],
] as const;

async function seed(pool: import('pg').Pool, pks: number[], firstDay: number, days: number) {
  // One statement per table: every device × day × segment from generate_series, a little jitter per device.
  const trips = TRIPS_OF_A_DAY.map(([a, b]) => `(${a}, ${b})`).join(', ');
  await pool.query(
    `INSERT INTO trips (device_pk, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, duration,
                        max_speed, avg_speed)
     SELECT d, s, e, 31.2 + (d % 50) * 0.01, 121.4, 31.3, 121.5, 9000 + (d % 7) * 500,
            extract(epoch FROM e - s)::int, 72, (9000 + (d % 7) * 500) / extract(epoch FROM e - s) * 3.6
       FROM unnest($1::int[]) d, generate_series(0, $3::int - 1) day, (VALUES ${trips}) seg(a, b),
            LATERAL (SELECT to_timestamp($2::float8 / 1000 + day * 86400 + seg.a * 3600 + d % 300) AS s,
                            to_timestamp($2::float8 / 1000 + day * 86400 + seg.b * 3600 + d % 300) AS e) x`,
    [pks, firstDay, days],
  );
  // Stops from each trip's end to the next one's start (the last of a day runs to the next morning).
  await pool.query(
    `INSERT INTO stops (device_pk, start_time, end_time, lat, lon, duration)
     SELECT device_pk, end_time, next, end_lat, end_lon, extract(epoch FROM next - end_time)::int
       FROM (SELECT device_pk, end_time, end_lat, end_lon,
                    lead(start_time) OVER (PARTITION BY device_pk ORDER BY start_time) AS next
               FROM trips WHERE device_pk = ANY($1::int[])) t
      WHERE next IS NOT NULL`,
    [pks],
  );
}

async function benchTarget(target: 'embedded' | 'external') {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-trips-'));
  const db = drizzle(bench.pool, { schema });
  const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1' });
  const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
  const database = { db, pool: bench.pool, kind: 'external' as const, close: async () => {} };
  const app = await buildApp({ config, database, ingest, sms: new LocalSmsProvider(() => {}) });
  await ensureSuperAdmin(db, { phone: '13800000000', password: 'admin123' });
  const q = (text: string, params: unknown[] = []) => bench.pool.query(text, params);
  const root = (await q('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0] as { id: number };
  await q(
    `INSERT INTO devices (device_id, protocol, hold_id, name, vip_expires_at)
     SELECT 'T' || lpad(g::text, 7, '0'), 'gt06', $1, 'trips ' || g, current_date + 365 FROM generate_series(1, $2::int) g`,
    [root.id, DEVICES],
  );
  const devs = (await q(`SELECT id, device_id FROM devices WHERE device_id LIKE 'T%' ORDER BY id`)).rows as {
    id: number;
    device_id: string;
  }[];
  // 90 days back from yesterday's midnight (Shanghai), so the whole range is inside the VIP's 90 days.
  const todayMidnight = Math.floor((Date.now() + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  const firstDay = todayMidnight - 89 * DAY;
  const t0 = performance.now();
  for (let i = 0; i < devs.length; i += 100)
    await seed(
      bench.pool,
      devs.slice(i, i + 100).map((d) => d.id),
      firstDay,
      89,
    );
  const device = devs[0]!;
  // The bench device's current state: parked since its last trip.
  const lastEnd = (await q('SELECT max(end_time) AS e FROM trips WHERE device_pk = $1', [device.id])).rows[0].e as Date;
  const state = {
    ...newDetector(),
    mode: 'stop',
    watermark: Date.now() - 60_000,
    prev: { t: Date.now() - 60_000, lat: 31.3, lon: 121.5, odo: null },
    stop: {
      t: lastEnd.getTime(),
      cLat: 31.3,
      cLon: 121.5,
      n: 100,
      last: { t: Date.now() - 60_000, lat: 31.3, lon: 121.5, odo: null },
    },
  };
  await q('INSERT INTO trip_states (device_pk, state, watermark) VALUES ($1, $2, now())', [
    device.id,
    JSON.stringify(state),
  ]);
  await q('VACUUM ANALYZE trips');
  await q('VACUUM ANALYZE stops');
  const counts = (await q('SELECT (SELECT count(*) FROM trips) AS t, (SELECT count(*) FROM stops) AS s')).rows[0];
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;
  console.log(
    `${name}: ${fmt(Number(counts.t))} trips and ${fmt(Number(counts.s))} stops of ${fmt(DEVICES)} devices × 89 days seeded in ${fmt((performance.now() - t0) / 1000, 1)} s; load average ${load()}`,
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
  const call = async (what: string, body: object) => {
    const started = performance.now();
    const res = await fetch(`${base}/History/${what}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ DeviceID: device.device_id, ...body }),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    if (json.code !== 200) throw new Error(`${what}: ${json.msg}`);
    return { ms: performance.now() - started, rows: Array.isArray(json.data) ? json.data.length : 1 };
  };

  const lines: string[] = [];
  const cases: [string, number, object][] = [
    ['1 day', 1, {}],
    ['7 days', 7, {}],
    ['30 days', 30, {}],
    ['30 days, MinStopSeconds 3600', 30, { MinStopSeconds: 3600 }],
  ];
  for (const what of ['GetTrips', 'GetStops', 'GetSummary']) {
    for (const [label, days, extra] of cases) {
      const ms: number[] = [];
      let rows = 0;
      for (let i = 0; i <= CALLS; i++) {
        const from = firstDay + ((i * 7) % (90 - days)) * DAY;
        const r = await call(what, { StartTime: inZone(from), EndTime: inZone(from + days * DAY - 1000), ...extra });
        if (i > 0) ms.push(r.ms);
        rows = r.rows;
      }
      ms.sort((a, b) => a - b);
      const line = `| ${name} | ${what} | ${label} | ${fmt(rows)} | ${fmt(percentile(ms, 50), 1)} | ${fmt(percentile(ms, 95), 1)} |`;
      console.log(line);
      lines.push(line);
    }
  }
  // The 90-day range as History/Export and the reports take it: the service itself, no HTTP.
  const svc = new TripService(
    { findByDeviceId: async () => undefined },
    new TripRepository(bench.pool),
    DEFAULT_TRIP_PARAMS,
  );
  for (const [label, minStop] of [
    ['90 days (service)', undefined],
    ['90 days, MinStopSeconds 3600 (service)', 3600],
  ] as const) {
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i <= CALLS; i++) {
      const started = performance.now();
      const r = await svc.segmentsOf(device.id, new Date(firstDay), new Date(todayMidnight), minStop);
      if (i > 0) ms.push(performance.now() - started);
      rows = r.trips.length + r.stops.length;
    }
    ms.sort((a, b) => a - b);
    const line = `| ${name} | segmentsOf | ${label} | ${fmt(rows)} | ${fmt(percentile(ms, 50), 1)} | ${fmt(percentile(ms, 95), 1)} |`;
    console.log(line);
    lines.push(line);
  }
  await app.close();
  await ingest.writer.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
  return lines;
}

const all: string[] = [];
for (const target of targets) all.push(...(await benchTarget(target)));
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${load()}`,
);
console.log('| database | call | period | rows | p50 ms | p95 ms |\n|---|---|---|---|---|---|');
for (const l of all) console.log(l);
process.exit(0);
