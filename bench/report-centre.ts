/**
 * npm run bench:report-centre — the report centre (#21) through the real server's HTTP API over trips seeded straight
 * into their table (5 trips a day, as bench/trips.ts): --devices devices × --days days up to yesterday.
 *  - Report/Run trips of one device over the whole period (goal < 300 ms at 90 days);
 *  - Report/Run daily mileage of every device over the last 30 days (goal < 2 s at 1,000 devices);
 *  - Report/Export daily mileage of every device over 30 days as .xlsx, in the background, timed from the call to the
 *    download being ready, with the progress seen on the way (goal < 60 s at 10,000 devices: --devices 10000 --days 30).
 * Options: --targets embedded,external  --devices 1000  --days 90  --calls 10
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    devices: { type: 'string', default: '1000' },
    days: { type: 'string', default: '90' },
    calls: { type: 'string', default: '10' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const DEVICES = Number(values.devices);
const DAYS = Math.min(90, Number(values.days));
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
const TRIPS_OF_A_DAY = '(7.9, 8.6), (12.1, 12.4), (13.3, 13.6), (18.0, 18.8), (20.0, 20.3)';

async function benchTarget(target: 'embedded' | 'external') {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-report-centre-'));
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
     SELECT 'R' || lpad(g::text, 7, '0'), 'gt06', $1, 'report ' || g, current_date + 365 FROM generate_series(1, $2::int) g`,
    [root.id, DEVICES],
  );
  const devs = (await q(`SELECT id, device_id FROM devices WHERE device_id LIKE 'R%' ORDER BY id`)).rows as {
    id: number;
    device_id: string;
  }[];
  const todayMidnight = Math.floor((Date.now() + 8 * HOUR) / DAY) * DAY - 8 * HOUR;
  const firstDay = todayMidnight - DAYS * DAY;
  const t0 = performance.now();
  for (let i = 0; i < devs.length; i += 200)
    await q(
      `INSERT INTO trips (device_pk, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, duration,
                          max_speed, avg_speed)
       SELECT d, s, e, 31.2, 121.4, 31.3, 121.5, 9000 + (d % 7) * 500, extract(epoch FROM e - s)::int, 72, 50
         FROM unnest($1::int[]) d, generate_series(0, $3::int - 1) day, (VALUES ${TRIPS_OF_A_DAY}) seg(a, b),
              LATERAL (SELECT to_timestamp($2::float8 / 1000 + day * 86400 + seg.a * 3600 + d % 300) AS s,
                              to_timestamp($2::float8 / 1000 + day * 86400 + seg.b * 3600 + d % 300) AS e) x`,
      [devs.slice(i, i + 200).map((d) => d.id), firstDay, DAYS],
    );
  await q('VACUUM ANALYZE trips');
  const trips = Number((await q('SELECT count(*) AS n FROM trips')).rows[0].n);
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;
  console.log(
    `${name}: ${fmt(trips)} trips of ${fmt(DEVICES)} devices × ${DAYS} days seeded in ${fmt((performance.now() - t0) / 1000, 1)} s; load average ${load()}`,
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/API/api`;
  const query = `?format=json&appid=${encodeURIComponent(DEFAULT_APP_ID)}`;
  const post = async <T>(what: string, body: object, token = ''): Promise<T> => {
    const res = await fetch(`${base}/${what}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 200) throw new Error(`${what}: ${json.msg}`);
    return json.data;
  };
  const { token } = await post<{ token: string }>('account/login', { Phone: '13800000000', UserPassword: 'admin123' });
  const lines: string[] = [];
  const timed = async (label: string, body: object) => {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i <= CALLS; i++) {
      const started = performance.now();
      const r = await post<{ total: number; FileID?: number }>(
        'Report/Run',
        { PageIndex: 1, PageSize: 50, ...body },
        token,
      );
      if (r.FileID) throw new Error(`${label}: sent to the background`);
      if (i > 0) ms.push(performance.now() - started);
      total = r.total;
    }
    ms.sort((a, b) => a - b);
    const line = `| ${name} | ${label} | ${fmt(total)} | ${fmt(percentile(ms, 50), 1)} | ${fmt(percentile(ms, 95), 1)} |`;
    console.log(line);
    lines.push(line);
  };
  const month = { StartTime: inZone(todayMidnight - 30 * DAY), EndTime: inZone(todayMidnight - 1000) };
  await timed(`trips, 1 device, ${DAYS} days`, {
    Type: 'trips',
    DeviceIDs: [devs[0]!.device_id],
    StartTime: inZone(firstDay),
    EndTime: inZone(todayMidnight - 1000),
  });
  await timed(`daily mileage, ${fmt(DEVICES)} devices, 30 days`, { Type: 'mileageDaily', ...month });

  // The month's summary as a background export: from the call to the download's Ready, progress polled.
  const started = performance.now();
  const { FileID } = await post<{ FileID: number }>(
    'Report/Export',
    { Type: 'mileageDaily', Format: 'xlsx', ...month },
    token,
  );
  const seen = new Set<number>();
  for (;;) {
    const res = await fetch(`${base}/Download/GetDownloadList${query}&PageIndex=1&PageSize=20`, {
      headers: { authorization: token },
    });
    const row = (
      (await res.json()) as { data: { rows: { FileID: number; Status: number; Progress?: number }[] } }
    ).data.rows.find((r) => r.FileID === FileID);
    if (row?.Progress !== undefined) seen.add(row.Progress);
    if (row && row.Status !== 0) {
      if (row.Status !== 1) throw new Error('the export failed');
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const line = `| ${name} | export daily mileage .xlsx, ${fmt(DEVICES)} devices, 30 days (background) | ${fmt(DEVICES * 30)} | ${fmt(performance.now() - started, 0)} | progress seen: ${[...seen].sort((a, b) => a - b).join(', ') || '–'} |`;
  console.log(line);
  lines.push(line);
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
console.log('| database | case | rows | p50 ms | p95 ms |\n|---|---|---|---|---|');
for (const l of all) console.log(l);
process.exit(0);
