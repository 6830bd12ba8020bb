/**
 * npm run bench:import — Device/ImportDevices of 10,000 devices through HTTP (the app listening on a port, fetch
 * as the console calls it): the .xlsx uploaded by FileManage/UploadFile and imported by FileID with a JobID whose
 * progress is polled meanwhile, and the same number as JSON Rows. A tenth of the rows are persons and a tenth
 * assets (device_objects rows too). Issue #15's goal: under 10 s for 10,000 devices.
 * Options: --targets embedded,external  --runs 3
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    runs: { type: 'string', default: '3' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const runs = Number(values.runs);
const ROWS = 10_000;
const PROTOCOLS = ['gt06', 'jt808', 'h02', 'teltonika', 'osmand'];

let serial = 0;
function deviceRows() {
  return Array.from({ length: ROWS }, (_, i) => {
    const n = ++serial;
    const kind = i % 10 === 0 ? 'person' : i % 10 === 1 ? 'asset' : 'vehicle';
    return {
      DeviceID: `86${String(n).padStart(13, '0')}`,
      Protocol: PROTOCOLS[n % PROTOCOLS.length]!,
      SIM: `1440${String(100_000_000 + n)}`,
      Model: 'GT06N',
      TrackerType: i % 2 ? 'wireless' : 'wired',
      DeviceName: `bench ${n}`,
      ObjectType: kind,
      ...(kind === 'person' ? { Name: `person ${n}`, Sex: 'male', Age: '30' } : {}),
      ...(kind === 'asset' ? { Name: `asset ${n}`, Weight: '12.5', Shape: 'box' } : {}),
    };
  });
}
type Row = ReturnType<typeof deviceRows>[number];
const COLUMNS = [
  'DeviceID',
  'Protocol',
  'SIM',
  'Model',
  'TrackerType',
  'DeviceName',
  'ObjectType',
  'Name',
  'Sex',
  'Age',
  'Weight',
  'Shape',
] as const;

async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([...COLUMNS]);
  for (const r of rows) ws.addRow(COLUMNS.map((c) => (r as Record<string, string>)[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function benchTarget(target: 'embedded' | 'external') {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-import-'));
  const db = drizzle(bench.pool, { schema });
  const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1' });
  const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
  const database = { db, pool: bench.pool, kind: 'external' as const, close: async () => {} };
  const app = await buildApp({ config, database, ingest, sms: new LocalSmsProvider(() => {}) });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await ensureSuperAdmin(db, { phone: '13800000000', password: 'admin123' });
  const url = (call: string) => `${base}/API/api/${call}?format=json&appid=${DEFAULT_APP_ID}`;
  const login = await fetch(url('account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Phone: '13800000000', UserPassword: 'admin123' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const rootId = (await bench.pool.query('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0].id as number;
  const post = async (call: string, body: object) => {
    const res = await fetch(url(call), {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  };
  const expectAll = (r: { code: number; msg: string; data: Record<string, unknown> }, what: string) => {
    if (r.code !== 200 || r.data.Imported !== ROWS)
      throw new Error(`${what}: ${r.msg} ${JSON.stringify(r.data).slice(0, 400)}`);
  };

  const uploadMs: number[] = [];
  const importMs: number[] = [];
  const polls: number[] = [];
  let bytes = 0;
  for (let r = 0; r < runs; r++) {
    const file = await xlsxOf(deviceRows());
    bytes = file.length;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'devices.xlsx');
    const t0 = performance.now();
    const up = (await (
      await fetch(url('FileManage/UploadFile'), { method: 'POST', headers: { authorization: token }, body: form })
    ).json()) as { code: number; msg: string; data: { FileID: number } };
    if (up.code !== 200) throw new Error(`upload: ${up.msg}`);
    const t1 = performance.now();
    const JobID = `bench-${randomBytes(6).toString('hex')}`;
    let seen = 0;
    let polling = true;
    // The console's poll, every 200 ms while the import runs.
    const poller = (async () => {
      while (polling) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const p = await post('Import/GetImportProgress', { JobID });
        if (p.data.State !== 'pending') seen++;
      }
    })();
    const res = await post('Device/ImportDevices', { HoldID: rootId, FileID: up.data.FileID, JobID });
    const t2 = performance.now();
    polling = false;
    await poller;
    expectAll(res, 'xlsx import');
    uploadMs.push(t1 - t0);
    importMs.push(t2 - t1);
    polls.push(seen);
  }
  const jsonMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const res = await post('Device/ImportDevices', { HoldID: rootId, Rows: deviceRows() });
    jsonMs.push(performance.now() - t0);
    expectAll(res, 'JSON import');
  }
  const stored = (await bench.pool.query('SELECT count(*)::int AS n FROM devices')).rows[0].n as number;
  if (stored !== ROWS * runs * 2) throw new Error(`expected ${ROWS * runs * 2} devices, found ${stored}`);

  await ingest.writer.close();
  await app.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;
  const upload = median(uploadMs);
  const imp = median(importMs);
  return [
    `| ${name} | UploadFile, the ${fmt(ROWS)}-device .xlsx (${fmt(bytes / 1024)} KiB) | ${fmt(upload)} | |`,
    `| ${name} | ImportDevices by FileID (read, check, write; ${fmt(median(polls))} progress answers seen) | ${fmt(imp)} | ${fmt(ROWS / (imp / 1000))} |`,
    `| ${name} | upload + import, what the user waits for | ${fmt(upload + imp)} | |`,
    `| ${name} | ImportDevices, ${fmt(ROWS)} JSON Rows | ${fmt(median(jsonMs))} | ${fmt(ROWS / (median(jsonMs) / 1000))} |`,
  ];
}

const lines: string[] = [];
for (const target of targets) {
  const out = await benchTarget(target);
  lines.push(...out);
  for (const l of out) console.log(l);
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(`\nDevice import through HTTP (median of ${runs}):\n| database | call | ms | rows/s |`);
for (const l of lines) console.log(l);
