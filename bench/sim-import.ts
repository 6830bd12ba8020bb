/**
 * npm run bench:sim-import — Sim/ImportSims of 10,000 rows (as JSON Rows and as an uploaded
 * .xlsx) and Sim/GetSimList pages over 100,000 SIMs, through the real app (app.inject: parsing,
 * validation, checks, SQL), against the embedded PostgreSQL and the machine's PostgreSQL.
 * Options: --targets embedded,external  --runs 3  --list-runs 20
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin, operators, schema, simPackages, suppliers } from '@lodestar/db';
import { DEFAULT_APP_ID, withLuhn } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
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
    'list-runs': { type: 'string', default: '20' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const runs = Number(values.runs);
const listRuns = Number(values['list-runs']);
const ROWS = 10_000;
const LIST_SIZE = 100_000;

const query = { format: 'json', appid: DEFAULT_APP_ID };
let serial = 0;
const nextIccid = () => withLuhn(`898600${String(++serial).padStart(13, '0')}`);

function importRows(packageName: string) {
  return Array.from({ length: ROWS }, (_, i) => ({
    ICCID: nextIccid(),
    MSISDN: `1440${String(200_000_000 + serial)}`,
    IMSI: `46000${String(9_000_000_000 + serial)}`,
    PackageName: packageName,
    ExpiresOn: `2027-0${(i % 9) + 1}-15`,
    Remark: i % 10 === 0 ? '批量导入' : '',
  }));
}

async function xlsxOf(rows: ReturnType<typeof importRows>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SIM');
  ws.addRow(['ICCID', '卡号', 'IMSI', '套餐', '到期日期', '备注']);
  for (const r of rows) ws.addRow([r.ICCID, r.MSISDN, r.IMSI, r.PackageName, r.ExpiresOn, r.Remark]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await fn();
  return [performance.now() - t0, r];
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function benchTarget(target: 'embedded' | 'external'): Promise<{ imports: string[]; lists: string[] }> {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-sims-'));
  const db = drizzle(bench.pool, { schema });
  const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, GATEWAY_DISABLED: '1' });
  const ingest = createIngest(bench.pool, new InProcessBus(), config.filters);
  const database = { db, pool: bench.pool, kind: 'external' as const, close: async () => {} };
  const app: FastifyInstance = await buildApp({ config, database, ingest, sms: new LocalSmsProvider(() => {}) });
  await ensureSuperAdmin(db, { phone: '13800000000', password: 'admin123' });
  const login = await app.inject({
    method: 'POST',
    url: '/API/api/account/login',
    query,
    payload: { Phone: '13800000000', UserPassword: 'admin123' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const rootId = (await bench.pool.query('SELECT id FROM holds WHERE parent_id IS NULL')).rows[0].id as number;
  const [carrier] = await db.insert(operators).values({ holdId: rootId, name: '中国移动' }).returning();
  const [pkg] = await db
    .insert(simPackages)
    .values({ holdId: rootId, name: '30MB/月', operatorId: carrier!.id, periodMonths: 12, priceFen: 2400 })
    .returning();
  const [supplier] = await db
    .insert(suppliers)
    .values({ holdId: rootId, name: 'bench', operatorId: carrier!.id })
    .returning();
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/API/api/${url}`, query, headers: { authorization: token }, payload });
  const expectOk = (res: { json(): unknown }, what: string) => {
    const body = res.json() as { code: number; msg: string; data: { Imported?: number } };
    if (body.code !== 200 || (body.data.Imported !== undefined && body.data.Imported !== ROWS))
      throw new Error(`${what}: ${body.msg} ${JSON.stringify(body.data).slice(0, 300)}`);
  };

  const jsonMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const body = { SupplierID: supplier!.id, Rows: importRows(pkg!.name) };
    const [ms, res] = await timed(() => post('Sim/ImportSims', body));
    expectOk(res, 'JSON import');
    jsonMs.push(ms);
  }
  const uploadMs: number[] = [];
  const xlsxMs: number[] = [];
  let xlsxBytes = 0;
  for (let r = 0; r < runs; r++) {
    const file = await xlsxOf(importRows(pkg!.name));
    xlsxBytes = file.length;
    const { payload, contentType } = multipart('bench.xlsx', file);
    const [upMs, up] = await timed(() =>
      app.inject({
        method: 'POST',
        url: '/API/api/FileManage/UploadFile',
        query,
        headers: { authorization: token, 'content-type': contentType },
        payload,
      }),
    );
    expectOk(up, 'upload');
    const fileId = (up.json() as { data: { FileID: number } }).data.FileID;
    const [ms, res] = await timed(() => post('Sim/ImportSims', { SupplierID: supplier!.id, FileID: fileId }));
    expectOk(res, 'xlsx import');
    uploadMs.push(upMs);
    xlsxMs.push(ms);
  }

  // Fill to 100,000 SIMs in one statement, with the spread of states, expiries and balances a
  // real stock has, then let the planner see it.
  const have = (await bench.pool.query('SELECT count(*)::int AS n FROM sims')).rows[0].n as number;
  await bench.pool.query(
    `INSERT INTO sims (iccid, msisdn, operator_id, supplier_id, package_id, hold_id, state, expires_on, balance_fen)
     SELECT '8986019' || lpad(g::text, 13, '0'), '1460' || lpad(g::text, 9, '0'), $1, $2, $3, $4,
            1 + g % 7, current_date + (g % 400) - 40, (g * 37) % 3000
       FROM generate_series(1, $5::int) AS g`,
    [carrier!.id, supplier!.id, pkg!.id, rootId, LIST_SIZE - have],
  );
  await bench.pool.query('ANALYZE');
  const pages: [string, object][] = [
    ['first page, newest first (default)', {}],
    ['sorted by ICCID', { SortColumn: 'ICCID', SortType: 'asc' }],
    ['sorted by expiry, page 200', { SortColumn: 'ExpiresOn', SortType: 'desc', PageIndex: 200 }],
    ['DisplayState expiring', { DisplayState: 'expiring' }],
    ['ICCID substring', { ICCID: '0004242' }],
  ];
  const listLines: string[] = [];
  for (const [label, filter] of pages) {
    const times: number[] = [];
    let total = 0;
    for (let r = 0; r < listRuns; r++) {
      const [ms, res] = await timed(() => post('Sim/GetSimList', { PageIndex: 1, PageSize: 20, ...filter }));
      const body = res.json() as { code: number; data: { total: number } };
      if (body.code !== 200) throw new Error(`list ${label}: ${res.body}`);
      total = body.data.total;
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    listLines.push(
      `| ${label} | ${fmt(total)} | ${fmt(percentile(times, 50), 1)} / ${fmt(percentile(times, 95), 1)} |`,
    );
  }

  await ingest.writer.close();
  await app.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;
  return {
    imports: [
      `| ${name} | ImportSims, ${fmt(ROWS)} JSON Rows | ${fmt(median(jsonMs))} | ${fmt(ROWS / (median(jsonMs) / 1000))} |`,
      `| ${name} | UploadFile, the ${fmt(ROWS)}-row .xlsx (${fmt(xlsxBytes / 1024)} KiB) | ${fmt(median(uploadMs))} | |`,
      `| ${name} | ImportSims, that .xlsx by FileID | ${fmt(median(xlsxMs))} | ${fmt(ROWS / (median(xlsxMs) / 1000))} |`,
    ],
    lists: listLines.map((l) => `| ${name} ${l}`),
  };
}

const imports: string[] = [];
const lists: string[] = [];
for (const target of targets) {
  const out = await benchTarget(target);
  imports.push(...out.imports);
  lists.push(...out.lists);
  for (const l of [...out.imports, ...out.lists]) console.log(l);
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(`\nImports (median of ${runs}):\n| database | call | ms | rows/s |`);
for (const l of imports) console.log(l);
console.log(`\nGetSimList over ${fmt(LIST_SIZE)} SIMs, 20 rows a page (${listRuns} calls each):`);
console.log('| database | page | matching rows | p50 / p95 ms |');
for (const l of lists) console.log(l);
