/**
 * npm run bench:ingest — positions per second through the ingest path, against the embedded
 * PostgreSQL and the machine's PostgreSQL, beside the raw COPY rate of the same rows.
 * The writer and the raw COPY take turns on the same database (--rounds writer rounds, a raw COPY
 * before, between and after them): this machine's disk and host drift by up to 2× within minutes,
 * so each writer round is set against the raw rounds just before and after it, and the table gives
 * the median of those ratios.
 * Options: --devices 1000,10000  --targets embedded,external  --seconds 10  --rounds 3
 *          --trips off,on: trip/stop tracking (HISTORY_TRIPS) off and on side by side, their rounds taking turns on
 *          the same database; the fleet then drives (40 km/h for 10 minutes of fix time, parked 5) so that trips
 *          and stops close, instead of the default slow creep.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_TRIP_PARAMS } from '@lodestar/domain';
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
    trips: { type: 'string' },
  },
});
const tripModes = values.trips ? (values.trips.split(',') as ('off' | 'on')[]) : undefined;
const deviceCounts = values.devices.split(',').map(Number);
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

/** With --trips: 10 minutes at 40 km/h (11 m a second, northwards), then 5 parked, from the device's own start. */
function driven(i: number, t: number): { lat: number; speed: number } {
  const cycle = Math.floor(t / 900_000);
  const inCycle = Math.min(600, (t % 900_000) / 1000);
  return { lat: 31.2 + (i % 100) * 0.01 + ((cycle * 600 + inCycle) * 11) / 111_320, speed: inCycle < 600 ? 40 : 0 };
}

function position(i: number, t: number) {
  const move = tripModes ? driven(i, t) : undefined;
  return {
    fixTime: new Date(t),
    valid: true,
    lat: move ? move.lat : 31.2 + (i % 100) * 0.001 + (t % 600_000) / 6e8,
    lon: 121.4 + Math.floor(i / 100) * 0.001,
    speedKmh: move ? move.speed : 40,
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
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
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
    const modes = tripModes ?? ['default' as const];
    const ingests = modes.map((m) =>
      createIngest(
        db.pool,
        new InProcessBus(),
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        m === 'on' ? DEFAULT_TRIP_PARAMS : undefined,
      ),
    );
    const clock = ids.map(() => Date.now() - 3 * DAY);
    const raw = [await copyPositions(db.pool, rawRows(pks, Date.now() - 4 * DAY))];
    const writer: number[][] = modes.map(() => []);
    const latencies: number[][] = modes.map(() => []);
    const flushes = modes.map(() => 0);
    // Each writer round is set against the raw COPY just before and after it; with --trips the modes take turns.
    const ratios: number[][] = modes.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (let m = 0; m < modes.length; m++) {
        const w = await writerRound(ingests[m]!, ids, clock);
        writer[m]!.push(w.rate);
        for (const l of w.latencies) latencies[m]!.push(l);
        flushes[m] = flushes[m]! + w.flushes;
        // The tracker's rows and states of the round are written before the raw COPY measures the disk again.
        await ingests[m]!.writer.trips?.idle();
        raw.push(await copyPositions(db.pool, rawRows(pks, Date.now() - (5 + round * modes.length + m) * DAY)));
        ratios[m]!.push(w.rate / ((raw.at(-2)! + raw.at(-1)!) / 2));
      }
    }
    for (const ingest of ingests) await ingest.writer.close();
    const k = (xs: number[]) => xs.map((x) => fmt(x / 1000)).join(' · ');
    for (let m = 0; m < modes.length; m++) {
      const lat = latencies[m]!.sort((a, b) => a - b);
      const tracking = tripModes ? ` | ${modes[m]}` : '';
      const line =
        `| ${target} (PostgreSQL ${db.version.split(' ')[0]})${tracking} | ${fmt(n)} | ${fmt(median(writer[m]!))} (${k(writer[m]!)}k) ` +
        `| ${fmt(percentile(lat, 50), 1)} / ${fmt(percentile(lat, 99), 1)} | ${fmt(median(raw))} (${k(raw)}k) ` +
        `| ${fmt(median(ratios[m]!) * 100)}% (${ratios[m]!.map((r) => fmt(r * 100)).join(' · ')}) | ${fmt(flushes[m]! / rounds)} |`;
      console.log(line);
      results.push(line);
    }
    if (tripModes) {
      const { rows } = await db.pool.query(
        'SELECT (SELECT count(*) FROM trips) AS trips, (SELECT count(*) FROM stops) AS stops, (SELECT count(*) FROM trip_states) AS states',
      );
      console.log(`trip rows written: ${JSON.stringify(rows[0])}`);
    }
    await db.close();
  }
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}, ${new Date().toISOString().slice(0, 16)}Z, load average ${load()}`,
);
console.log(
  `| database |${tripModes ? ' trips |' : ''} devices | writer positions/s (persisted = acknowledged): median (each ${seconds}-s round) | persist latency p50 / p99 ms | raw COPY rows/s: median (before, between, after the rounds) | writer / raw: median (each round against the raw COPY either side) | transactions per round |`,
);
for (const r of results) console.log(r);
// The writer's state flusher and the pools' idle timers would keep the process a while longer.
process.exit(0);
