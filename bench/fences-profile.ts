/**
 * npm run bench:fences-profile — where bench:fences' writer spends its CPU with the fence engine on against off.
 * Seeds the same world (10,000 fences, 1,000 bound to each of 1,000 devices), warms both writers as bench:fences
 * does, then runs one round of each mode under V8's sampling profiler and prints each function's self time a
 * position, on against off, largest difference first; and what the on-mode's flushes sent (events, visit rows,
 * flushes that staged visits) with the tables' row counters. With --perf, the database's backends are sampled by
 * `perf record` during each round too (the embedded server's binary keeps its symbols; PG 15's is stripped).
 * Options: --target embedded|external  --devices 1000  --fences 10000  --bound 1000  --seconds 10  --top 30
 *          --perf  --out <dir> (the .cpuprofile files, /tmp by default)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import type { Ingest } from '../apps/server/src/ingest/index.ts';
import { createWriters, fleetStart, seedWorld, warmWriters, writerModes, writerRound } from './fences-setup.ts';
import { benchDatabase, fmt } from './lib.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'embedded' },
    devices: { type: 'string', default: '1000' },
    fences: { type: 'string', default: '10000' },
    bound: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    top: { type: 'string', default: '30' },
    perf: { type: 'boolean', default: false },
    out: { type: 'string', default: os.tmpdir() },
  },
});
const seconds = Number(values.seconds);
const top = Number(values.top);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (µs) by function (name, file and line), from the profile's samples. */
function selfTimes(profile: CpuProfile): Map<string, number> {
  const nameOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const file = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    nameOf.set(n.id, `${functionName || '(anonymous)'} ${file}`.trim());
  }
  const out = new Map<string, number>();
  // timeDeltas[i] is the time before sample i: it is charged to the sample before it.
  for (let i = 0; i + 1 < profile.samples.length; i++) {
    const name = nameOf.get(profile.samples[i]!)!;
    out.set(name, (out.get(name) ?? 0) + profile.timeDeltas[i + 1]!);
  }
  return out;
}

/** The client backends serving this database (the writers' pool), by pid. */
async function backendPids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

function perfRecord(pids: number[], file: string): ChildProcess {
  return spawn('perf', ['record', '-q', '-e', 'cpu-clock', '-F', '1999', '-p', pids.join(','), '-o', file], {
    stdio: 'ignore',
  });
}

function perfTop(file: string, lines: number): string {
  const report = execFileSync(
    'perf',
    ['report', '--stdio', '--no-children', '--sort', 'symbol', '--percent-limit', '0.7', '-i', file],
    { encoding: 'utf8', maxBuffer: 64 * 2 ** 20, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return report
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .slice(0, lines)
    .join('\n');
}

/** Rows inserted, updated (of them in place) and deleted in these tables, from the statistics views. */
async function tableCounts(pool: pg.Pool): Promise<Record<string, number[]>> {
  // Backends report their counters when idle, at most once a second.
  await new Promise((r) => setTimeout(r, 1500));
  const { rows } = await pool.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_del AS del
       FROM pg_stat_user_tables WHERE relname IN ('positions', 'events', 'zone_states', 'device_states')`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, [r.ins, r.upd, r.hot, r.del].map(Number)]));
}

/** Counts what the on-mode's flushes hand writePlan: visit upserts and leaves, and flushes with any. */
function countVisits(ingest: Ingest) {
  const counts = { batches: 0, staged: 0, upserts: 0, leaves: 0 };
  const zones = ingest.writer.zones!;
  const check = zones.check.bind(zones);
  zones.check = async (pks, fixes) => {
    const c = await check(pks, fixes);
    counts.batches++;
    if (c.changes.upserts.length || c.changes.leaves.length) counts.staged++;
    counts.upserts += c.changes.upserts.length;
    counts.leaves += c.changes.leaves.length;
    return c;
  };
  return counts;
}

const db = await benchDatabase(values.target as 'embedded' | 'external');
const world = await seedWorld(db, Number(values.devices), Number(values.fences), Number(values.bound));
const ingests = createWriters(db.pool);
const start = fleetStart();
const clocks = writerModes.map(() => world.ids.map(() => start));
await warmWriters(ingests, world.ids, clocks);
const visits = countVisits(ingests[1]!);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const times: Map<string, number>[] = [];
const positions: number[] = [];
const lines: string[] = [];
for (const [m, mode] of writerModes.entries()) {
  const writer = ingests[m]!.writer;
  const before = {
    flushes: writer.stats.flushes,
    stored: writer.stats.positionsStored,
    tables: await tableCounts(db.pool),
  };
  const visitsBefore = { ...visits };
  const pids = values.perf ? await backendPids(db.pool) : [];
  const perfFile = path.join(values.out, `fences-${values.target}-${mode}.perf.data`);
  const perf = values.perf ? perfRecord(pids, perfFile) : undefined;
  await session.post('Profiler.start');
  const round = await writerRound(ingests[m]!, world.ids, clocks[m]!, seconds, Number.POSITIVE_INFINITY, db.pool);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((r) => perf.once('exit', r));
  }
  const file = path.join(values.out, `fences-${values.target}-${mode}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  const flushes = writer.stats.flushes - before.flushes;
  const stored = writer.stats.positionsStored - before.stored;
  times.push(selfTimes(profile));
  positions.push(stored);
  const tables = await tableCounts(db.pool);
  const perFlush = (t: string, k: number) => fmt((tables[t]![k]! - before.tables[t]![k]!) / flushes, 2);
  lines.push(
    `engine ${mode}: ${fmt(round.rate)} positions/s, CPU ${fmt(round.cpuUs, 2)} µs a position (backends ${fmt(round.serverUs, 2)}); ` +
      `${fmt(flushes)} flushes of ${fmt(stored / flushes)} positions; a flush: positions +${perFlush('positions', 0)}, ` +
      `events +${perFlush('events', 0)}, zone_states +${perFlush('zone_states', 0)} ins ${perFlush('zone_states', 1)} upd ` +
      `(${perFlush('zone_states', 2)} in place) ${perFlush('zone_states', 3)} del, device_states ins ${perFlush('device_states', 0)} upd ${perFlush('device_states', 1)}` +
      (mode === 'on'
        ? `; visit changes staged in ${fmt(visits.staged - visitsBefore.staged)} of ${fmt(visits.batches - visitsBefore.batches)} batches, ` +
          `${fmt((visits.upserts - visitsBefore.upserts) / flushes, 2)} upserts and ${fmt((visits.leaves - visitsBefore.leaves) / flushes, 2)} leaves a flush`
        : '') +
      ` (profile: ${file})`,
  );
  if (perf) lines.push(`backends (${pids.length}), engine ${mode}, self time by symbol:\n${perfTop(perfFile, top)}`);
}
await session.post('Profiler.disable');
session.disconnect();

const names = new Set([...times[0]!.keys(), ...times[1]!.keys()]);
const perPos = (m: number, name: string) => (times[m]!.get(name) ?? 0) / positions[m]!;
const rows = [...names].map((name) => ({ name, off: perPos(0, name), on: perPos(1, name) }));
rows.sort((a, b) => b.on - b.off - (a.on - a.off));
const total = (m: number) => [...times[m]!.values()].reduce((a, b) => a + b, 0) / positions[m]!;
for (const l of lines) console.log(l);
console.log(`\nSelf time µs a position (sampled; idle included): off ${fmt(total(0), 2)}, on ${fmt(total(1), 2)}`);
console.log('| function | off | on | on − off |');
console.log('|---|---|---|---|');
for (const r of rows.slice(0, top))
  console.log(`| ${r.name} | ${fmt(r.off, 3)} | ${fmt(r.on, 3)} | ${fmt(r.on - r.off, 3)} |`);
console.log('\nLargest self times with the engine on:');
for (const r of [...rows].sort((a, b) => b.on - a.on).slice(0, top))
  console.log(`| ${r.name} | ${fmt(r.off, 3)} | ${fmt(r.on, 3)} |`);
for (const ingest of ingests) await ingest.writer.close();
await db.close();
process.exit(0);
