/**
 * The load side of bench/gateway.ts, in its own process as a real fleet would be: drives the
 * simulator for a while and prints one JSON line of what it measured over the steady window.
 */
import { startSimulator } from '@lodestar/simulator';

const [devices, intervalMs, warmupS, windowS, portsJson] = process.argv.slice(2);
const interval = Number(intervalMs);
const sim = startSimulator({
  host: '127.0.0.1',
  ports: JSON.parse(portsJson!),
  devices: Number(devices),
  intervalMs: interval,
  // One simulated second per report, starting an hour back, so fix times stay distinct and in the past.
  timeScale: 1000 / interval,
  startTime: new Date(Date.now() - 3600_000),
  resendAfterMs: 10_000,
  seed: 11,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
await sleep(Number(warmupS) * 1000);
const a = sim.stats();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await sleep(Number(windowS) * 1000);
const b = sim.stats();
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - t0) / 1000;
await sim.close();
console.log(
  JSON.stringify({
    ackedPerSecond: (b.acked - a.acked) / seconds,
    sentPerSecond: (b.sent - a.sent) / seconds,
    online: b.online,
    p50: b.latencyMs.p50,
    p99: b.latencyMs.p99,
    pending: b.pending,
    // This process's CPU over the window (user + system), to split the machine's budget by part.
    cpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
process.exit(0);
