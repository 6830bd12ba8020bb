/**
 * npm run bench:commands — one batch of 1,000 position queries (JT/T 808 0x8201) to 1,000 simulated JT/T 808
 * terminals connected over real TCP to the real gateway, the ingest writing their positions to the embedded
 * PostgreSQL meanwhile. Measures the time until every command is sent and until every answer (0x0201) is
 * recorded, and the positions' acknowledgement latency before and during the batch.
 * Options: --devices 1000  --target embedded|external
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startGateway } from '@lodestar/gateway';
import { deviceIds, type SimAck, startSimulator } from '@lodestar/simulator';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';

const { values } = parseArgs({
  options: { devices: { type: 'string', default: '1000' }, target: { type: 'string', default: 'embedded' } },
});
const n = Number(values.devices);
const db = await benchDatabase(values.target as 'embedded' | 'external');
const ids = deviceIds(n, { jt808: 1 }, 5000).map((d) => d.deviceId);
const holdId = await registerDevices(
  db.pool,
  ids.map((deviceId) => ({ deviceId, protocol: 'jt808' })),
);
const ingest = createIngest(db.pool, new InProcessBus(), undefined, (m) => process.stderr.write(`${m}\n`));
const gateway = await startGateway({
  host: '127.0.0.1',
  listenOnFreePorts: true,
  ports: { teltonika: 0 },
  udp: [],
  sink: ingest.writer,
  directory: ingest.directory,
  commands: ingest.commands,
});
let window: number[] = [];
const sim = startSimulator({
  host: '127.0.0.1',
  ports: { jt808: gateway.ports.jt808 },
  devices: n,
  protocolMix: { jt808: 1 },
  idOffset: 5000,
  intervalMs: 1000,
  onAck: (a: SimAck) => window.push(a.latencyMs),
});
const count = async (status: string) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM commands WHERE status = $1`, [status])).rows[0]!
    .n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const summary = (l: number[]) => {
  const s = [...l].sort((a, b) => a - b);
  return `${fmt(s.length)} acks, p50 ${fmt(percentile(s, 50))} ms, p99 ${fmt(percentile(s, 99))} ms`;
};

// Let every terminal connect and report for a while.
await sleep(8000);
window = [];
await sleep(3000);
const before = summary(window);
window = [];

const t0 = performance.now();
const { rows } = await db.pool.query<{ id: number }>(
  `INSERT INTO command_batches (hold_id, kind, type, params, expire_at) VALUES ($1, 'command', 'positionQuery', '{}', now() + interval '1 day') RETURNING id`,
  [holdId],
);
await db.pool.query(
  `INSERT INTO commands (device_pk, type, payload, batch_id, expire_at)
   SELECT id, 'positionQuery', '{"params":{}}', $1, now() + interval '1 day' FROM devices WHERE hold_id = $2`,
  [rows[0]!.id, holdId],
);
for (const id of ids) gateway.notifyCommand(id);
let allSent = Number.NaN;
let allAcked = Number.NaN;
while (performance.now() - t0 < 30_000) {
  const [queued, acked] = [await count('queued'), await count('acknowledged')];
  if (Number.isNaN(allSent) && queued === 0) allSent = performance.now() - t0;
  if (acked === n) {
    allAcked = performance.now() - t0;
    break;
  }
  await sleep(20);
}
const during = summary(window);
const failed = await count('failed');
process.stdout.write(
  `bench:commands on ${db.name} PostgreSQL ${db.version}, ${n} JT/T 808 terminals on TCP, load ${os.loadavg()[0]!.toFixed(1)}\n` +
    `  batch of ${n}: all sent ${fmt(allSent)} ms (goal ≤ 2000), all acknowledgements recorded ${fmt(allAcked)} ms (goal ≤ 5000), failed ${failed}\n` +
    `  position acks before: ${before}\n  position acks during: ${during}\n`,
);
await sim.close();
await gateway.close();
await ingest.writer.close();
await db.close();
