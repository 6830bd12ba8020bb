/**
 * npm run bench:idle — the device-port flood of #14: the real server (its own process, npm start's flags)
 * while 30,000 idle TCP connections are opened to its GT06 port from two loopback addresses (127.0.0.1 and
 * 127.0.0.2, one flooding process each) and one simulated GT06 tracker, itself on 127.0.0.1 as a tracker
 * behind the flooder's carrier NAT would be, logs in and reports every second. /healthz (a database
 * round trip) is polled every 100 ms throughout. Reports whether the tracker was acknowledged, the worst
 * /healthz latency, and the server's peak descriptors against its open-file limit.
 * Loopback only, bounded: at most 50,000 connections, and it stops by itself after --seconds (+ a margin).
 * Options: --connections 30000  --addresses 127.0.0.1,127.0.0.2  --rate 5000 (connections/s, all
 *   addresses)  --seconds 40 (from the first connection to closing them)  --target embedded|external
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { deviceIds, startSimulator } from '@lodestar/simulator';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '30000' },
    addresses: { type: 'string', default: '127.0.0.1,127.0.0.2' },
    rate: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '40' },
    target: { type: 'string', default: 'embedded' },
  },
});
const connections = Number(values.connections);
const addresses = values.addresses.split(',');
const rate = Number(values.rate);
const seconds = Number(values.seconds);
if (!(connections > 0 && connections <= 50_000)) throw new Error('--connections: 1 to 50,000');
if (!addresses.every((a) => /^127\.\d+\.\d+\.\d+$/.test(a)))
  throw new Error('--addresses: loopback (127.0.0.0/8) only');
if (!(seconds > 0 && seconds <= 120)) throw new Error('--seconds: 1 to 120');
/** /healthz polled alone first, so a slow machine is not mistaken for the flood's effect. */
const BASELINE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children: ChildProcess[] = [];
// Whatever happens, nothing outlives the bound.
const deadline = setTimeout(
  () => {
    console.error('bench:idle: past its time bound; stopping');
    for (const c of children) c.kill('SIGKILL');
    process.exit(2);
  },
  (seconds + 180) * 1000,
);
deadline.unref();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const descriptorsOf = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
};
const openFileLimitOf = (pid: number) =>
  /^Max open files\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1];

const db = await benchDatabase(values.target as 'embedded' | 'external');
const tracker = deviceIds(1, { gt06: 1 });
await registerDevices(db.pool, tracker);
const [apiPort, gt06Port] = [await freePort(), await freePort()];

const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: db.url,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    DEMO: '0',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    GATEWAY_GT06_PORT: String(gt06Port),
    GATEWAY_JT808_PORT: '0',
    GATEWAY_H02_PORT: '0',
    GATEWAY_OSMAND_PORT: '0',
    GATEWAY_TELTONIKA_PORT: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
children.push(server);
let serverOut = '';
server.stdout!.on('data', (d) => {
  serverOut += d;
});
server.stderr!.on('data', (d) => {
  serverOut += d;
});
const base = `http://127.0.0.1:${apiPort}`;
for (let i = 0; ; i++) {
  if (server.exitCode !== null || i > 600) throw new Error(`the server did not start:\n${serverOut}`);
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await sleep(100);
}
const capLine = /Device connections: .*/.exec(serverOut)?.[0] ?? '';

// /healthz every 100 ms, each timed; a stalled one delays the next (the stall is what is measured).
const health: number[] = [];
let healthFailures = 0;
let polling = true;
let peakDescriptors = 0;
const poller = (async () => {
  while (polling) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
      (r) => r.ok,
      () => false,
    );
    const ms = performance.now() - t0;
    if (ok) health.push(ms);
    else healthFailures++;
    peakDescriptors = Math.max(peakDescriptors, descriptorsOf(server.pid!));
    await sleep(Math.max(0, 100 - ms));
  }
})();

// The same polls before any idle connection: what this machine gives /healthz anyway.
await sleep(BASELINE_MS);
const baseline = [...health].sort((a, b) => a - b);
health.length = 0;
const loadBefore = os.loadavg()[0]!;

// Two controls for a busy machine: the server's CPU over the flood, and this process's own loop delay
// (it does no flood work: when it lags as /healthz does, the machine's scheduler is the cause).
const cpuSecondsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ 100
};
const serverCpuBefore = cpuSecondsOf(server.pid!);
const ownLoop = monitorEventLoopDelay({ resolution: 10 });
ownLoop.enable();

const startedAt = Date.now();
const holdUntil = startedAt + seconds * 1000;
type ChildReport = Record<string, unknown> & { phase: string };
const reports = addresses.map((address, i) => {
  const share = Math.floor(connections / addresses.length) + (i < connections % addresses.length ? 1 : 0);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/idle-child.ts',
      String(gt06Port),
      address,
      String(share),
      String(rate / addresses.length),
      String(holdUntil),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines: ChildReport[] = [];
  let buffer = '';
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      buffer += d;
      for (let n = buffer.indexOf('\n'); n >= 0; n = buffer.indexOf('\n')) {
        const report = JSON.parse(buffer.slice(0, n)) as ChildReport;
        buffer = buffer.slice(n + 1);
        lines.push(report);
        if (report.phase === 'opened') resolve();
      }
    });
    child.once('exit', (code) => (code ? reject(new Error(`flood ${address} exited ${code}`)) : resolve()));
  });
  const done = new Promise<ChildReport>((resolve, reject) =>
    child.once('exit', (code) =>
      code ? reject(new Error(`flood ${address} exited ${code}`)) : resolve(lines.at(-1) as ChildReport),
    ),
  );
  return { opened, done };
});

// The tracker logs in once every idle connection has been attempted: both caps are full by then.
await Promise.all(reports.map((r) => r.opened));
const floodOpenedS = (Date.now() - startedAt) / 1000;
const loginStart = performance.now();
let firstAckMs: number | undefined;
const sim = startSimulator({
  host: '127.0.0.1',
  ports: { gt06: gt06Port },
  devices: 1,
  protocolMix: { gt06: 1 },
  intervalMs: 1000,
  onAck: () => {
    firstAckMs ??= performance.now() - loginStart;
  },
});
let loginAckMs: number | undefined;
let offlineSamples = 0;
let samples = 0;
while (Date.now() < holdUntil) {
  const online = sim.stats().online === 1;
  if (online) loginAckMs ??= performance.now() - loginStart;
  else if (loginAckMs !== undefined) offlineSamples++;
  samples++;
  await sleep(100);
}
const floods = await Promise.all(reports.map((r) => r.done));
ownLoop.disable();
const serverCpu = cpuSecondsOf(server.pid!) - serverCpuBefore;
const floodSeconds = (Date.now() - startedAt) / 1000;
const simStats = sim.stats();
await sim.close();
polling = false;
await poller;
const limit = openFileLimitOf(server.pid!);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await db.close();

const sorted = [...health].sort((a, b) => a - b);
const latencies = (s: number[]) =>
  `${fmt(percentile(s, 50), 1)} / ${fmt(percentile(s, 99), 1)} / ${fmt(s.at(-1) ?? Number.NaN, 1)} ms`;
const ms = (n: number | undefined) => (n === undefined ? 'never' : `${fmt(n)} ms`);
console.log(`\n${capLine}`);
for (const f of floods) console.log(JSON.stringify(f));
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, database ${db.version.split(' ')[0]} (${values.target}), load average ${fmt(loadBefore, 1)} before the flood`,
);
console.log(
  '| idle connections (addresses) | opened in | held by the server at the end, per address | server descriptors: peak / limit | tracker login ACK | tracker positions sent / acknowledged, offline samples | /healthz before the flood: p50 / p99 / max | /healthz during it: polls, p50 / p99 / max, failed |',
);
console.log(
  `| ${fmt(connections)} (${addresses.join(', ')}) | ${fmt(floodOpenedS, 1)} s | ${floods.map((f) => fmt(Number(f.heldAtEnd))).join(' / ')} | ${fmt(peakDescriptors)} / ${limit} | ${ms(loginAckMs)} (first position ACK ${ms(firstAckMs)}) | ${simStats.sent} / ${simStats.acked}, ${offlineSamples} of ${samples} | ${latencies(baseline)} | ${fmt(sorted.length)}: ${latencies(sorted)}, ${healthFailures} |`,
);
console.log(
  `Server CPU during the flood: ${fmt(serverCpu, 1)} s in ${fmt(floodSeconds, 1)} s (${fmt((serverCpu * 1e6) / connections)} µs per idle connection, all its work included); this process's own loop delay p99 / max: ${fmt(ownLoop.percentile(99) / 1e6, 1)} / ${fmt(ownLoop.max / 1e6, 1)} ms`,
);
const goal = loginAckMs !== undefined && offlineSamples === 0 && healthFailures === 0 && (sorted.at(-1) ?? 1e9) <= 100;
console.log(`\nGoal (tracker acknowledged and /healthz within 100 ms throughout): ${goal ? 'met' : 'NOT met'}`);
process.exit(0);
