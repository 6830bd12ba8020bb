/**
 * npm run bench:ingest — positions per second through the ingest path, against the embedded
 * PostgreSQL and the machine's PostgreSQL, beside the raw COPY rate of the same rows.
 * The writer and the raw COPY take turns on the same database (--rounds writer rounds, a raw COPY
 * before, between and after them): this machine's disk and host drift by up to 2× within minutes,
 * so each writer round is set against the raw rounds just before and after it, and the table gives
 * the median of those ratios.
 * Options: --devices 1000,10000  --targets embedded,external  --seconds 10  --rounds 3
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { InboundRecord } from '@lodestar/gateway';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest, type Ingest } from '../apps/server/src/ingest/index.ts';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';
import { copyPositions, rawRows } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000,10000' },
    targets: { type: 'string', default: 'embedded,external' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const deviceCounts = values.devices.split(',').map(Number);
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

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

/**
 * For `seconds`, every device reports, waits for its "ACK" (persist resolving) and reports again at
 * once. `clock` carries each device's fix time on from one round to the next.
 */
async function writerRound(ingest: Ingest, ids: string[], clock: number[]) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const flushesBefore = ingest.writer.stats.flushes;
  let acked = 0;
  const device = async (id: string, i: number) => {
    while (performance.now() < deadline) {
      clock[i] = clock[i]! + 1000;
      const record: InboundRecord = {
        protocol: 'gt06',
        deviceId: id,
        receivedAt: new Date(),
        remoteAddress: '127.0.0.1',
        message: {
          protocol: 'gt06',
          kind: 'position',
          messageType: 0x22,
          positions: [position(i, clock[i]!)],
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
  return { rate: acked / elapsed, latencies, flushes: ingest.writer.stats.flushes - flushesBefore };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const DAY = 86_400_000;

const results: string[] = [];
for (const target of targets) {
  for (const n of deviceCounts) {
    const db = await benchDatabase(target);
    const ids = Array.from({ length: n }, (_, i) => `86${String(i).padStart(13, '0')}`);
    await registerDevices(
      db.pool,
      ids.map((deviceId) => ({ deviceId, protocol: 'gt06' })),
    );
    const { rows: pkRows } = await db.pool.query<{ id: number }>('SELECT id FROM devices ORDER BY id');
    const pks = pkRows.map((r) => r.id);
    const ingest = createIngest(db.pool, new InProcessBus());
    const clock = ids.map(() => Date.now() - 3 * DAY);
    const raw = [await copyPositions(db.pool, rawRows(pks, Date.now() - 4 * DAY))];
    const writer: number[] = [];
    const latencies: number[] = [];
    let flushes = 0;
    for (let round = 0; round < rounds; round++) {
      const w = await writerRound(ingest, ids, clock);
      writer.push(w.rate);
      for (const l of w.latencies) latencies.push(l);
      flushes += w.flushes;
      raw.push(await copyPositions(db.pool, rawRows(pks, Date.now() - (5 + round) * DAY)));
    }
    await ingest.writer.close();
    latencies.sort((a, b) => a - b);
    const ratios = writer.map((w, r) => w / ((raw[r]! + raw[r + 1]!) / 2));
    const k = (xs: number[]) => xs.map((x) => fmt(x / 1000)).join(' · ');
    const line =
      `| ${target} (PostgreSQL ${db.version.split(' ')[0]}) | ${fmt(n)} | ${fmt(median(writer))} (${k(writer)}k) ` +
      `| ${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 99), 1)} | ${fmt(median(raw))} (${k(raw)}k) ` +
      `| ${fmt(median(ratios) * 100)}% (${ratios.map((r) => fmt(r * 100)).join(' · ')}) | ${fmt(flushes / rounds)} |`;
    console.log(line);
    results.push(line);
    await db.close();
  }
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}, ${new Date().toISOString().slice(0, 16)}Z`,
);
console.log(
  `| database | devices | writer positions/s (persisted = acknowledged): median (each ${seconds}-s round) | persist latency p50 / p99 ms | raw COPY rows/s: median (before, between, after the rounds) | writer / raw: median (each round against the raw COPY either side) | transactions per round |`,
);
for (const r of results) console.log(r);
// The writer's state flusher and the pools' idle timers would keep the process a while longer.
process.exit(0);
