/**
 * npm run bench:fences-perf — where the writer's CPU goes with the fence engine on against off, sampled on the CPU
 * by `perf` (cpu-clock), not by V8's profiler: V8 samples wall-clock time, so on two cores shared with the
 * database a process descheduled inside a function is charged for its neighbours' time, and the on-mode (whose
 * backends work more) looks slower even in code both modes share. Seeds bench:fences' world (10,000 fences, 1,000
 * bound to each of 1,000 devices), warms both writers as it does, then runs rounds of each mode under
 * `perf record -p <this process>` (Node run with --perf-basic-prof, so JIT code has names) and prints each
 * symbol's CPU µs a position, on against off, largest difference first, with the rounds' CPU and rates.
 * Needs `perf` (Debian's linux-perf) and perf_event access. Options: --target embedded|external  --seconds 10
 * --rounds 2 (the last round of each mode is reported; the first warms)  --top 30  --writers apart (each mode's
 * writer in its own process, run with --perf-basic-prof; perf records that process) or shared (this one) or pairs
 * (bench:fences' pairs: --rounds pairs of processes, --slices a mode each, --seconds a slice; perf records both
 * processes through their slices, and each symbol is summed over every pair; with --backends, the whole machine is
 * recorded slice by slice instead and the database's processes reported, by the mode whose slice it was)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apartWriters, pairedWriters } from './fences-processes.ts';
import { fleetStart, seedWorld, sharedWriters, writerModes } from './fences-setup.ts';
import { benchDatabase, fmt } from './lib.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'embedded' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    top: { type: 'string', default: '30' },
    writers: { type: 'string', default: 'apart' },
    slices: { type: 'string', default: '10' },
    backends: { type: 'boolean', default: false },
  },
});
if (values.writers === 'shared' && !process.execArgv.includes('--perf-basic-prof'))
  console.log('(run with node --perf-basic-prof, as npm run bench:fences-perf does, for JIT code names)');

/** Samples a second: each one is this many µs of CPU. */
const HZ = 1999;

function record(file: string, pid: number | 'all'): ChildProcess {
  const which = pid === 'all' ? ['-a'] : ['-p', String(pid)];
  return spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', String(HZ), ...which, '-o', file], {
    stdio: 'ignore',
  });
}

/** Starts perf and waits for it to be recording; the answer stops it and waits for its file. */
async function recording(file: string, pid: number | 'all'): Promise<() => Promise<void>> {
  const perf = record(file, pid);
  await new Promise((r) => setTimeout(r, 300));
  return async () => {
    perf.kill('SIGINT');
    await new Promise((r) => perf.once('exit', r));
  };
}

/** CPU µs a position by symbol (JIT code by function and file, the rest by native symbol). */
function bySymbol(file: string, positions: number, comm?: string, tid?: number): Map<string, number> {
  const report = execFileSync(
    'perf',
    [
      'report',
      '--stdio',
      '--no-children',
      '--sort',
      'symbol',
      '-F',
      'sample,sym',
      ...(comm ? ['--comm', comm] : []),
      ...(tid ? ['--tid', String(tid)] : []),
      '-i',
      file,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 2 ** 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const out = new Map<string, number>();
  for (const line of report.split('\n')) {
    const m = /^\s*(\d+)\s+\[.\]\s+(.*?)\s*$/.exec(line);
    if (!m) continue;
    const name = m[2]!
      .replace(/file:\/\/\/\S*\//, '')
      .replace(/\s+/g, ' ')
      .slice(0, 90);
    out.set(name, (out.get(name) ?? 0) + (Number(m[1]) * 1e6) / HZ / positions);
  }
  return out;
}

const db = await benchDatabase(values.target as 'embedded' | 'external');
const world = await seedWorld(db, 1000, 10_000, 1000);
const start = fleetStart();
const dir = os.tmpdir();
if (values.writers === 'pairs') {
  await pairedPerf();
  process.exit(0);
}
const writers =
  values.writers === 'shared'
    ? await sharedWriters(db, world.ids, start)
    : apartWriters(db, world, start, 5, ['--perf-basic-prof']);

const last: Map<string, number>[] = [];
for (let round = 0; round < Number(values.rounds); round++)
  for (const [m, mode] of writerModes.entries()) {
    const file = path.join(dir, `fences-perf-${mode}.data`);
    const w = await writers.round(m, Number(values.seconds), (pid) => recording(file, pid));
    const positions = Math.round(w.rate * Number(values.seconds));
    const symbols = bySymbol(file, positions);
    rmSync(file, { force: true });
    last[m] = symbols;
    const sampled = [...symbols.values()].reduce((a, b) => a + b, 0);
    console.log(
      `round ${round + 1}, engine ${mode}: ${fmt(w.rate)} positions/s; this process ${fmt(w.cpuUs, 2)} µs a position ` +
        `(sampled ${fmt(sampled, 2)}), its backends ${fmt(w.serverUs, 2)} µs; ${fmt(w.perFlush)} positions a flush`,
    );
  }
await writers.close();
await db.close();

printDifference(last as [Map<string, number>, Map<string, number>], 'the last round of each mode');
process.exit(0);

/**
 * `--writers pairs`: `rounds` pairs of processes (bench:fences' `--writers pairs`), perf recording both through
 * their slices; each symbol's CPU summed over every pair, a position of its mode.
 */
async function pairedPerf() {
  const writers = pairedWriters(db, world, start, 5, ['--perf-basic-prof']);
  const sums = writerModes.map(() => new Map<string, number>());
  const rates: number[][] = writerModes.map(() => []);
  /** Sampled CPU µs a position of each mode's main thread, summed over pairs. */
  const mainThread = writerModes.map(() => 0);
  const cpus: number[][] = writerModes.map(() => []);
  for (let round = 0; round < Number(values.rounds); round++) {
    const files = writerModes.map((mode) => path.join(dir, `fences-perf-${mode}.data`));
    // The writers' processes through all their slices, or (--backends) the whole machine slice by slice, of which
    // the database's processes are reported.
    const backendFiles: string[][] = writerModes.map(() => []);
    const mainTids: number[] = [];
    const slices = await writers.pair(
      Number(values.slices),
      Number(values.seconds),
      values.backends
        ? undefined
        : async (pids) => {
            pids.forEach((pid, m) => {
              mainTids[m] = pid;
            });
            const stops = await Promise.all(pids.map((pid, m) => recording(files[m]!, pid)));
            return async () => {
              for (const stop of stops) await stop();
            };
          },
      values.backends
        ? (m) => {
            const file = path.join(dir, `fences-perf-${writerModes[m]}-${backendFiles[m]!.length}.data`);
            backendFiles[m]!.push(file);
            return recording(file, 'all');
          }
        : undefined,
    );
    for (const [m, ws] of slices.entries()) {
      const positions = ws.reduce((a, w) => a + Math.round(w.rate * Number(values.seconds)), 0);
      const add = (symbols: Map<string, number>) => {
        for (const [name, us] of symbols) sums[m]!.set(name, (sums[m]!.get(name) ?? 0) + us);
      };
      if (values.backends)
        for (const [s, file] of backendFiles[m]!.entries()) {
          add(bySymbol(file, Math.round(ws[s]!.rate * Number(values.seconds)) * ws.length, 'postgres'));
          rmSync(file, { force: true });
        }
      else {
        add(bySymbol(files[m]!, positions));
        // The writer's own thread (tid = pid) apart from the process's other threads (the fence engine's, V8's).
        const main = bySymbol(files[m]!, positions, undefined, mainTids[m]);
        mainThread[m] = mainThread[m]! + [...main.values()].reduce((a, b) => a + b, 0);
      }
      rmSync(files[m]!, { force: true });
      for (const w of ws) {
        rates[m]!.push(w.rate);
        cpus[m]!.push(w.cpuUs);
      }
    }
    console.log(`pair ${round + 1} recorded`);
  }
  await db.close();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const perPair = (m: Map<string, number>) => new Map([...m].map(([k, v]) => [k, v / Number(values.rounds)]));
  for (const [m, mode] of writerModes.entries()) {
    const sampled = [...sums[m]!.values()].reduce((a, b) => a + b, 0) / Number(values.rounds);
    const main = values.backends ? '' : `, its main thread ${fmt(mainThread[m]! / Number(values.rounds), 2)}`;
    console.log(
      `engine ${mode}: ${fmt(mean(rates[m]!))} positions/s; this process ${fmt(mean(cpus[m]!), 2)} µs a position (sampled ${fmt(sampled, 2)}${main})`,
    );
  }
  printDifference([perPair(sums[0]!), perPair(sums[1]!)], `${values.rounds} pairs × ${values.slices} slices a mode`);
}

function printDifference([off, on]: [Map<string, number>, Map<string, number>], what: string) {
  const names = [...new Set([...off.keys(), ...on.keys()])].sort(
    (a, b) => (on.get(b) ?? 0) - (off.get(b) ?? 0) - ((on.get(a) ?? 0) - (off.get(a) ?? 0)),
  );
  console.log(`\nCPU µs a position by symbol, ${what} (${values.target}, load average ${os.loadavg()[0]!.toFixed(1)})`);
  console.log('| symbol | off | on | on − off |');
  console.log('|---|---|---|---|');
  for (const n of names.slice(0, Number(values.top)))
    console.log(
      `| ${n} | ${fmt(off.get(n) ?? 0, 3)} | ${fmt(on.get(n) ?? 0, 3)} | ${fmt((on.get(n) ?? 0) - (off.get(n) ?? 0), 3)} |`,
    );
}
