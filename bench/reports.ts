/**
 * npm run bench:reports — the report centre's queries through the real app (app.inject: parsing,
 * validation, tenancy checks, SQL): Report/GetRenewalFeeList (a page and its Totals) over 100,000
 * renewals and Report/GetNewStoppedCards over 100,000 SIMs, against the embedded PostgreSQL and the
 * machine's PostgreSQL. The page and the Totals are also timed on their own (ReportRepository).
 * Options: --targets embedded,external  --runs 20
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureSuperAdmin, schema } from '@lodestar/db';
import { DEFAULT_APP_ID } from '@lodestar/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { type RenewalFilter, ReportRepository } from '../apps/server/src/modules/reports/repository.ts';
import { LocalSmsProvider } from '../apps/server/src/modules/sms/provider.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    runs: { type: 'string', default: '20' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const runs = Number(values.runs);
const SIMS = 100_000;
const RENEWALS = 100_000;
/** Customer holds under the root; the SIMs and renewals are spread over them. */
const HOLDS = 40;
const STOPS = 6_000;

const query = { format: 'json', appid: DEFAULT_APP_ID };
const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD hh:mm:ss' in Asia/Shanghai (the bench account's zone, UTC+8 all year). */
const shanghai = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3_600_000);
  return `${s.getUTCFullYear()}-${pad(s.getUTCMonth() + 1)}-${pad(s.getUTCDate())} ${pad(s.getUTCHours())}:${pad(s.getUTCMinutes())}:${pad(s.getUTCSeconds())}`;
};

async function timeMany(fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}
const p50p95 = (times: number[]) => `${fmt(percentile(times, 50), 1)} / ${fmt(percentile(times, 95), 1)}`;

async function benchTarget(target: 'embedded' | 'external'): Promise<string[]> {
  const bench = await benchDatabase(target);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-reports-'));
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
  const q = (text: string, params: unknown[] = []) => bench.pool.query(text, params);
  const root = (await q('SELECT id, path FROM holds WHERE parent_id IS NULL')).rows[0] as { id: number; path: string };

  // Customers under the root, three carriers with a package each, a supplier.
  await q(
    `INSERT INTO holds (name, hold_type, parent_id, path)
     SELECT 'customer ' || g, 2, $1, '/' FROM generate_series(1, $2::int) g`,
    [root.id, HOLDS],
  );
  await q(`UPDATE holds SET path = $1 || id || '/' WHERE parent_id = $2`, [root.path, root.id]);
  const holdIds = (await q('SELECT id FROM holds WHERE parent_id = $1 ORDER BY id', [root.id])).rows.map(
    (r) => r.id as number,
  );
  await q(`INSERT INTO operators (hold_id, name) VALUES ($1, 'Mobile'), ($1, 'Unicom'), ($1, 'Telecom')`, [root.id]);
  const ops = (await q('SELECT id FROM operators ORDER BY id')).rows.map((r) => r.id as number);
  await q(
    `INSERT INTO sim_packages (hold_id, name, operator_id, period_months, price_fen)
     SELECT $1, 'pkg ' || o, o, 12, 2400 + o FROM unnest($2::int[]) o`,
    [root.id, ops],
  );
  const pkgs = (await q('SELECT id FROM sim_packages ORDER BY id')).rows.map((r) => r.id as number);
  const [supplier] = (
    await q(`INSERT INTO suppliers (hold_id, name, operator_id) VALUES ($1, 'bench', $2) RETURNING id`, [
      root.id,
      ops[0],
    ])
  ).rows;

  // 100,000 SIMs over the holds and carriers, stocked over the last eight months; an import
  // history row each (sim_history is what the stop count scans), and stops over the half year.
  await q(
    `INSERT INTO sims (iccid, msisdn, operator_id, supplier_id, package_id, hold_id, state, expires_on, created_at)
     SELECT '8986019' || lpad(g::text, 13, '0'), '1460' || lpad(g::text, 9, '0'),
            ($1::int[])[1 + g % 3], $2, ($3::int[])[1 + g % 3], ($4::int[])[1 + g % $5],
            1 + g % 7, current_date + (g % 400) - 40, now() - (g % 240) * interval '1 day' - (g % 1440) * interval '1 minute'
       FROM generate_series(1, $6::int) g`,
    [ops, supplier.id, pkgs, holdIds, HOLDS, SIMS],
  );
  await q(
    `INSERT INTO sim_history (sim_id, action, detail, created_at) SELECT id, 'import', '{}', created_at FROM sims`,
  );
  const simMin = (await q('SELECT min(id) AS m FROM sims')).rows[0].m as number;
  await q(
    `INSERT INTO sim_history (sim_id, action, detail, created_at)
     SELECT $1 + (g * 7919) % $2, 'stop', '{}', now() - (g % 180) * interval '1 day'
       FROM generate_series(1, $3::int) g`,
    [simMin, SIMS, STOPS],
  );
  // 100,000 renewals over the last six months: 60 % online (with a paid order each), 40 % by work order.
  const online = Math.floor(RENEWALS * 0.6);
  await q(
    `INSERT INTO payment_orders (order_no, kind, method, provider, hold_id, amount_fen, status, expires_at, paid_at, created_at)
     SELECT 'R' || lpad(g::text, 12, '0'), 1, 1 + g % 2, 'sandbox', ($1::int[])[1 + g % $2], 2400, 1,
            now(), now() - (g % 180) * interval '1 day', now() - (g % 180) * interval '1 day'
       FROM generate_series(1, $3::int) g`,
    [holdIds, HOLDS, online],
  );
  const orderMin = (await q('SELECT min(id) AS m FROM payment_orders')).rows[0].m as number;
  await q(
    `INSERT INTO renewals (sim_id, hold_id, package_id, months, fee_fen, source, order_id, expires_before, expires_after, created_at)
     SELECT s.id, s.hold_id, s.package_id, 12 * (1 + g % 2), 2400 * (1 + g % 2) + g % 7,
            CASE WHEN g <= $3 THEN 1 ELSE 2 END, CASE WHEN g <= $3 THEN $4 + g - 1 END,
            current_date, current_date + 365, now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute'
       FROM generate_series(1, $2::int) g JOIN sims s ON s.id = $1 + (g::bigint * 104729) % ${SIMS}`,
    [simMin, RENEWALS, online, orderMin],
  );
  await q('ANALYZE');
  const count = (await q('SELECT count(*)::int AS n FROM renewals')).rows[0].n as number;
  if (count !== RENEWALS) throw new Error(`expected ${RENEWALS} renewals, have ${count}`);

  const post = async (url: string, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: `/API/api/${url}`,
      query,
      headers: { authorization: token },
      payload,
    });
    const body = res.json() as { code: number; msg: string; data: unknown };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  };
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 8 * 3_600_000);
  const halfYear = new Date(now.getTime() - 183 * 86_400_000);
  const lines: string[] = [];
  const name = `${target} (PostgreSQL ${bench.version.split(' ')[0]})`;

  const feeCases: [string, object][] = [
    ['this month (the page’s default), newest first', { StartTime: shanghai(monthStart), EndTime: shanghai(now) }],
    ['half year, newest first', { StartTime: shanghai(halfYear), EndTime: shanghai(now) }],
    [
      'half year, by fee, page 100',
      { StartTime: shanghai(halfYear), SortColumn: 'FeeFen', SortType: 'desc', PageIndex: 100 },
    ],
    ['half year, by holder name', { StartTime: shanghai(halfYear), SortColumn: 'HoldName', SortType: 'asc' }],
    ['one customer (HoldID), half year', { HoldID: holdIds[7], StartTime: shanghai(halfYear) }],
    ['carrier + work-order source', { OperatorID: ops[1], Source: 2 }],
    ['ICCID substring', { ICCID: '0004242' }],
  ];
  for (const [label, filter] of feeCases) {
    let total = 0;
    const times = await timeMany(async () => {
      const data = (await post('Report/GetRenewalFeeList', { PageIndex: 1, PageSize: 20, ...filter })) as {
        total: number;
      };
      total = data.total;
    });
    lines.push(`| ${name} | GetRenewalFeeList: ${label} | ${fmt(total)} | ${p50p95(times)} |`);
  }

  // The two queries of one call, on their own: the page (ids then names) and the Totals aggregate.
  const repo = new ReportRepository(db);
  const whole: RenewalFilter = { scopePath: root.path, from: halfYear };
  const pageTimes = await timeMany(() =>
    repo.renewalPage(whole, { offset: 0, limit: 20, sort: 'CreateTime', desc: true }),
  );
  const totalTimes = await timeMany(() => repo.renewalTotals(whole));
  lines.push(`| ${name} | renewalPage alone (half year, 20 rows) | ${fmt(RENEWALS)} | ${p50p95(pageTimes)} |`);
  lines.push(
    `| ${name} | renewalTotals alone (half year: Count, Months, FeeFen) | ${fmt(RENEWALS)} | ${p50p95(totalTimes)} |`,
  );

  const cardCases: [string, object][] = [
    ['whole tree', {}],
    ['one customer (HoldID)', { HoldID: holdIds[3] }],
    ['one carrier (OperatorID)', { OperatorID: ops[2] }],
  ];
  for (const [label, filter] of cardCases) {
    let totals = { New: 0, Stopped: 0 };
    const times = await timeMany(async () => {
      totals = ((await post('Report/GetNewStoppedCards', filter)) as { Totals: typeof totals }).Totals;
    });
    lines.push(
      `| ${name} | GetNewStoppedCards: ${label} | ${fmt(totals.New)} new, ${fmt(totals.Stopped)} stopped | ${p50p95(times)} |`,
    );
  }

  await ingest.writer.close();
  await app.close();
  await bench.close();
  await rm(dataDir, { recursive: true, force: true });
  return lines;
}

const all: string[] = [];
for (const target of targets) {
  const lines = await benchTarget(target);
  all.push(...lines);
  for (const l of lines) console.log(l);
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC`,
);
console.log(
  `\n${fmt(RENEWALS)} renewals, ${fmt(SIMS)} SIMs in ${HOLDS} customer holds, ${fmt(STOPS)} stops; ${runs} calls each, 20 rows a page:`,
);
console.log('| database | call | rows | p50 / p95 ms |\n|---|---|---|---|');
for (const l of all) console.log(l);
