/**
 * npm run bench:ingest — positions per second through the ingest path, against the embedded
 * PostgreSQL and the machine's PostgreSQL, beside the raw COPY rate of the same rows.
 * Options: --devices 1000,10000  --targets embedded,external  --seconds 20
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { InboundRecord } from '@lodestar/gateway';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import type { PositionRow } from '../apps/server/src/ingest/plan.ts';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';
import { copyPositions } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000,10000' },
    targets: { type: 'string', default: 'embedded,external' },
    seconds: { type: 'string', default: '15' },
  },
});
const deviceCounts = values.devices.split(',').map(Number);
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const seconds = Number(values.seconds);

function position(i: number, t: number) {
  return {
    fixTime: new Date(t),
    valid: true,
    lat: 31.2 + (i % 100) * 0.001 + (t % 600_000) / 6e8,
    lon: 121.4 + Math.floor(i / 100) * 0.001,
    speedKmh: 40,
    course: 90,
    satellites: 9,
    alarms: [],
    attributes: { acc: true, batteryLevel: 80 },
  };
}

/** Every device reports, waits for its "ACK" (persist resolving), and reports again at once. */
async function writerRun(pool: import('pg').Pool, ids: string[]) {
  const ingest = createIngest(pool, new InProcessBus());
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let acked = 0;
  const clock = Date.now() - 3600_000;
  const device = async (id: string, i: number) => {
    let n = 0;
    while (performance.now() < deadline) {
      const record: InboundRecord = {
        protocol: 'gt06',
        deviceId: id,
        receivedAt: new Date(),
        remoteAddress: '127.0.0.1',
        message: {
          protocol: 'gt06',
          kind: 'position',
          messageType: 0x22,
          positions: [position(i, clock + n++ * 1000)],
          alarms: [],
          attributes: {},
        },
      };
      const t0 = performance.now();
      await ingest.writer.persist([record]);
      latencies.push(performance.now() - t0);
      acked++;
    }
  };
  const started = performance.now();
  await Promise.all(ids.map(device));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: acked / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    flushes: ingest.writer.stats.flushes,
  };
}

const results: string[] = [];
for (const target of targets) {
  for (const n of deviceCounts) {
    const db = await benchDatabase(target);
    const ids = Array.from({ length: n }, (_, i) => `86${String(i).padStart(13, '0')}`);
    await registerDevices(
      db.pool,
      ids.map((deviceId) => ({ deviceId, protocol: 'gt06' })),
    );
    const w = await writerRun(db.pool, ids);
    const { rows: pks } = await db.pool.query('SELECT id FROM devices ORDER BY id');
    const rows: PositionRow[] = [];
    const t = Date.now() - 7200_000;
    for (let k = 0; rows.length < 200_000; k++)
      for (const [i, r] of pks.entries())
        rows.push({
          device_pk: r.id,
          fix_time: new Date(t + k * 1000),
          server_time: new Date(),
          valid: true,
          lat: 31.2 + i * 1e-5,
          lon: 121.4,
          speed: 40,
          course: 90,
          altitude: null,
          satellites: 9,
          alarms: [],
          attributes: { acc: true, batteryLevel: 80 },
        });
    const raw = await copyPositions(db.pool, rows);
    const line = `| ${target} (PostgreSQL ${db.version}) | ${fmt(n)} | ${fmt(w.rate)} | ${fmt(w.p50, 1)} / ${fmt(w.p99, 1)} | ${fmt(raw)} | ${fmt((w.rate / raw) * 100)}% | ${w.flushes} |`;
    console.log(line);
    results.push(line);
    await db.close();
  }
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(
  '| database | devices | writer positions/s (persisted = acknowledged) | persist latency p50 / p99 ms | raw COPY rows/s | writer / raw | transactions |',
);
for (const r of results) console.log(r);
