/**
 * npm run bench:gateway — the whole ingest path: a simulated fleet (its own process) speaking
 * GT06, JT/T 808, H02 and OsmAnd over TCP/HTTP to the gateway, which persists through the
 * position writer before acknowledging. Reports positions/s persisted and acknowledged, frame→ACK
 * latency, memory per connection, the machine's CPU per position by part, and the raw COPY rate of
 * the same rows on the same database after the run (the database's own limit).
 * Options: --devices 1000,10000  --targets embedded,external  --seconds 20
 *   --stream   the roles apart (ROLES=gateway,ingest): the gateway ACKs once the NATS JetStream ingest
 *              stream stored a record, and an ingest worker (here in the same process) writes it from
 *              there; NATS at BENCH_NATS_URL or nats://127.0.0.1:4222
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startGateway } from '@lodestar/gateway';
import { deviceIds } from '@lodestar/simulator';
import { connect } from 'nats';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { joinDeployment } from '../apps/server/src/scale/deployment.ts';
import { benchDatabase, fmt, registerDevices } from './lib.ts';
import { copyPositions, rawRows } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000,10000' },
    targets: { type: 'string', default: 'embedded,external' },
    seconds: { type: 'string', default: '20' },
    // Offered load: every device reports this often.
    'interval-1000': { type: 'string', default: '25' },
    'interval-10000': { type: 'string', default: '250' },
    stream: { type: 'boolean', default: false },
  },
});
const natsUrl = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

function runFleet(devices: number, intervalMs: number, warmupS: number, windowS: number, ports: object) {
  return new Promise<{
    ackedPerSecond: number;
    sentPerSecond: number;
    online: number;
    p50: number;
    p99: number;
    cpuMs: number;
  }>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        // e.g. BENCH_SIM_NODE_ARGS=--cpu-prof to profile the fleet process
        ...(process.env.BENCH_SIM_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        '--import',
        'tsx',
        'bench/sim-child.ts',
        String(devices),
        String(intervalMs),
        String(warmupS),
        String(windowS),
        JSON.stringify(ports),
      ],
      { maxBuffer: 1 << 20 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').pop()!))),
    ),
  );
}

/** CPU ms (user + system) so far of every process with this command name: the database's server processes, NATS. */
function cpuMsOf(...names: string[]): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!names.includes(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * tick; // utime, stime
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

const lines: string[] = [];
for (const target of values.targets.split(',') as ('embedded' | 'external')[]) {
  for (const n of values.devices.split(',').map(Number)) {
    const db = await benchDatabase(target);
    await registerDevices(db.pool, deviceIds(n));
    const ingest = createIngest(db.pool, new InProcessBus());
    const tag = randomBytes(4).toString('hex');
    const names = {
      stream: `LODESTAR_INGEST_BENCH_${tag}`,
      subject: `lodestar.bench.${tag}.ingest`,
      consumer: 'ingest',
    };
    const apart = values.stream
      ? await joinDeployment(
          {
            natsUrl,
            roles: new Set(['gateway', 'ingest'] as const),
            ingestPartitions: 8,
            ingestWorkerPartitions: undefined,
            ingestStreamMaxBytes: 4096 * 1024 * 1024,
          },
          ingest,
          names,
          `lodestar.bench.${tag}.signal`,
        )
      : undefined;
    const gateway = await startGateway({
      host: '127.0.0.1',
      listenOnFreePorts: true,
      ports: { teltonika: 0 },
      udp: [],
      sink: apart?.sink ?? ingest.writer,
      directory: ingest.directory,
      commands: ingest.commands,
    });
    await apart?.listen(gateway, (level, msg) => console.error(level, msg));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const interval = Number(values[`interval-${n}` as 'interval-1000'] ?? 1000);
    const warmup = Math.max(5, Math.round(n / 1000));
    const windowS = Number(values.seconds);
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 500);
    const storedBefore = { at: 0, n: 0, cpu: process.cpuUsage(), dbMs: 0, natsMs: 0 };
    setTimeout(() => {
      storedBefore.at = performance.now();
      storedBefore.n = ingest.writer.stats.positionsStored;
      storedBefore.cpu = process.cpuUsage();
      storedBefore.dbMs = cpuMsOf('postgres');
      storedBefore.natsMs = cpuMsOf('nats-server');
    }, warmup * 1000);
    const fleet = await runFleet(n, interval, warmup, windowS, gateway.ports);
    const stored = ingest.writer.stats.positionsStored - storedBefore.n;
    const persisted = stored / ((performance.now() - storedBefore.at) / 1000);
    // Where the machine's CPU went, per position, over the same window (the processes of a part together).
    const gwCpu = process.cpuUsage(storedBefore.cpu);
    const perPosition = (ms: number, n: number) => fmt((ms * 1000) / Math.max(1, n));
    const cpuSplit = [
      perPosition(fleet.cpuMs, fleet.ackedPerSecond * windowS),
      perPosition((gwCpu.user + gwCpu.system) / 1000, stored),
      perPosition(cpuMsOf('postgres') - storedBefore.dbMs, stored),
      ...(apart ? [perPosition(cpuMsOf('nats-server') - storedBefore.natsMs, stored)] : []),
    ].join(' / ');
    clearInterval(sampler);
    const perConnKiB = (peakRss - rssBefore) / Math.max(1, fleet.online) / 1024;
    // The database's own limit in the same run: one binary COPY of 200,000 rows of these devices.
    const { rows: pkRows } = await db.pool.query<{ id: number }>('SELECT id FROM devices ORDER BY id');
    const raw = await copyPositions(
      db.pool,
      rawRows(
        pkRows.map((r) => r.id),
        Date.now() - 30 * 86_400_000,
      ),
    );
    const line = `| ${target} (PostgreSQL ${db.version.split(' ')[0]})${apart ? ' via JetStream' : ''} | ${fmt(n)} | ${fmt((n * 1000) / interval)} | ${fmt(fleet.ackedPerSecond)} | ${fmt(persisted)} | ${fmt(fleet.p50)} / ${fmt(fleet.p99)} | ${fmt(perConnKiB, 1)} KiB | ${cpuSplit} | ${fmt(raw)} | ${fmt((persisted / raw) * 100)}% |`;
    console.log(line);
    lines.push(line);
    // The connection caps must close nothing of a fleet that logs in (a reconnect storm from one address).
    const g = gateway.stats();
    console.log(
      `  connection caps: ${g.unidentifiedEvictedPerAddress} closed at the per-address cap, ${g.unidentifiedEvicted} at the global cap, ${g.connectionsRefused} refused, ${g.unidentifiedTimedOut} timed out`,
    );
    await gateway.close();
    if (apart) {
      await apart.stopWorker();
      const nc = await connect({ servers: natsUrl });
      await (await nc.jetstreamManager()).streams.delete(names.stream).catch(() => {});
      await nc.close();
      await apart.close();
    }
    // The directory's pending disconnections go before the database does (else its timer retries forever).
    await ingest.directory.close();
    await ingest.writer.close();
    await db.close();
  }
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(
  '| database | devices | offered positions/s | acknowledged/s | persisted/s | frame→ACK p50 / p99 ms | memory per connection | CPU µs per position: fleet / gateway+writer / PostgreSQL (/ NATS) | raw COPY rows/s (same run) | persisted / raw |',
);
for (const l of lines) console.log(l);
// Profiled runs (--cpu-prof) write their profile at exit; under the profiler something in the closed
// gateway's teardown keeps the loop alive, so end explicitly.
process.exit(0);
