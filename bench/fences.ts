/**
 * npm run bench:fences — the fence engine (issue #17) at the scale: 10,000 fences in one unit, 1,000 of them
 * bound to each of 1,000 devices (1,000,000 bindings), the fleet driving through a 50 × 50 km city where the
 * fences lie. Three figures:
 * 1. the index: a whole reload (what every fence, road or binding change costs) and its size;
 * 2. the check alone, in-process: µs per position of stepping each device's latest fix through its zones (the
 *    engine's batch: R-tree, bound filter, rules, the visit changes a flush writes), and of a device with no zone;
 * 3. the writer's rate with the engine off and on, side by side as bench:ingest measures it (every device
 *    reports, waits for persist, reports again), and the same ratio by CPU a position (the writer's and its
 *    backends'). By default (`--writers pairs`) an off and an on writer process run at once and take turns in short
 *    slices, so both modes meet the machine's slow and fast spells alike; the goal figure is the pairs' mean on / off
 *    with its 95 % interval.
 * Options: --targets embedded,external  --devices 1000  --fences 10000  --bound 1000  --fixes 1000000 (positions of
 *          the in-process check)  --writer off (only the reload and the check)
 *          --writers pairs (--rounds 12 pairs of processes, --slices 5 a mode each, --seconds 3 a slice) or apart (a
 *          fresh process a round, as sessions 20–22 ran: say --rounds 8 --seconds 20; each round also set against
 *          the raw COPY) or shared (both in this process, as before session 20)  --warm 5 (seconds a process,
 *          unmeasured)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ZONE_LIMITS } from '@lodestar/domain';
import type { Fix } from '../apps/server/src/ingest/state.ts';
import { ZoneEngine } from '../apps/server/src/ingest/zone-engine.ts';
import { apartWriters, pairedWriters } from './fences-processes.ts';
import { type FenceWorld, fix, fleetStart, seedWorld, sharedWriters, writerModes } from './fences-setup.ts';
import type { WriterRoundReply } from './fences-writer.ts';
import { benchDatabase, fmt, percentile } from './lib.ts';
import { copyPositions, rawRows } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    devices: { type: 'string', default: '1000' },
    fences: { type: 'string', default: '10000' },
    bound: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '12' },
    fixes: { type: 'string', default: '1000000' },
    writer: { type: 'string', default: 'on' },
    writers: { type: 'string', default: 'pairs' },
    warm: { type: 'string', default: '5' },
    slices: { type: 'string', default: '5' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const nDevices = Number(values.devices);
const nFences = Number(values.fences);
const perDevice = Number(values.bound);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const nFixes = Number(values.fixes);

/**
 * The check alone: every device's next fix in turn, a batch of 1,000 fixes committed as a flush commits. The fixes
 * are made a hundred seconds of the fleet at a time, outside the timed part.
 */
async function checkAlone(engine: ZoneEngine, pks: number[], unbound: number) {
  let clock = Date.now() - 2 * 86_400_000;
  const timed = async (count: number, devicePk: (i: number) => number) => {
    let events = 0;
    let ms = 0;
    for (let done = 0; done < count; ) {
      const fixes: Fix[] = [];
      for (let k = 0; k < 100 && fixes.length + done < count; k++, clock += 1000)
        for (let i = 0; i < pks.length; i++) fixes.push(fix(i, clock));
      const started = performance.now();
      for (let from = 0; from < fixes.length; from += 1000) {
        const batch = await engine.batch(pks);
        for (let j = from; j < Math.min(fixes.length, from + 1000); j++) {
          const hits = batch.step(devicePk(j % pks.length), fixes[j]!);
          if (hits) events += hits.length;
        }
        batch.changes();
        batch.commit();
      }
      ms += performance.now() - started;
      done += fixes.length;
    }
    return { us: (ms * 1000) / count, events };
  };
  await timed(200_000, (i) => pks[i]!); // warm-up: every device's visits read, the JIT settled
  const bound = await timed(nFixes, (i) => pks[i]!);
  const none = await timed(nFixes, () => unbound);
  return { bound, none };
}

/** t's 97.5th percentile for n − 1 degrees of freedom (n ≤ 31; the normal's 1.96 beyond): a 95 % interval. */
const T975 = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1];
const t975 = (n: number) => T975[n - 2] ?? (n <= 31 ? 2.05 : 1.96);
function meanAndHalfWidth(xs: number[]): [number, number] {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (xs.length < 2) return [mean, Number.NaN];
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
  return [mean, t975(xs.length) * Math.sqrt(variance / xs.length)];
}

/**
 * `--writers pairs`: `rounds` pairs of processes, each pair `slices` slices a mode of `seconds`, in turn. A pair's
 * ratio is its on-slices' mean rate over its off-slices'; the goal figure is the pairs' mean with its 95 % interval
 * (pairs are independent; slices of one pair share its processes' luck, so they are not counted as samples).
 */
async function pairedRounds(db: Awaited<ReturnType<typeof benchDatabase>>, world: FenceWorld, label: string) {
  const slices = Number(values.slices);
  const writers = pairedWriters(db, world, fleetStart(), Number(values.warm));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const pairRatios: number[] = [];
  const pairCpuRatios: number[] = [];
  const sliceRatios: number[] = [];
  const byMode: { rate: number[]; cpu: number[]; server: number[]; perFlush: number[] }[] = writerModes.map(() => ({
    rate: [],
    cpu: [],
    server: [],
    perFlush: [],
  }));
  const loadsAt = [load()];
  for (let round = 0; round < rounds; round++) {
    const [off, on] = (await writers.pair(slices, seconds)) as [WriterRoundReply[], WriterRoundReply[]];
    for (const [m, ws] of [off, on].entries())
      for (const w of ws) {
        byMode[m]!.rate.push(w.rate);
        byMode[m]!.cpu.push(w.cpuUs);
        byMode[m]!.server.push(w.serverUs);
        byMode[m]!.perFlush.push(w.perFlush);
      }
    for (let s = 0; s < slices; s++) sliceRatios.push(on[s]!.rate / off[s]!.rate);
    pairRatios.push(mean(on.map((w) => w.rate)) / mean(off.map((w) => w.rate)));
    const cpu = (ws: WriterRoundReply[]) => mean(ws.map((w) => w.cpuUs + w.serverUs));
    pairCpuRatios.push(cpu(off) / cpu(on));
    loadsAt.push(load());
    console.log(
      `pair ${round + 1}: on / off ${fmt(pairRatios.at(-1)! * 100, 1)} % (by CPU ${fmt(pairCpuRatios.at(-1)! * 100, 1)} %), ` +
        `off ${fmt(mean(off.map((w) => w.rate)))} on ${fmt(mean(on.map((w) => w.rate)))} positions/s; slices (k/s, CPU µs) ` +
        off
          .map(
            (w, s) =>
              `${fmt(w.rate / 1000)}/${fmt(on[s]!.rate / 1000)} ${fmt(w.cpuUs + w.serverUs, 1)}/${fmt(on[s]!.cpuUs + on[s]!.serverUs, 1)}`,
          )
          .join(' · '),
    );
  }
  const events = (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE alarm LIKE 'fence%'`)).rows[0]
    .n as number;
  for (const [m, x] of byMode.entries())
    say(
      `| ${label} | writer, engine ${writerModes[m]} | ${fmt(median(x.rate))} positions/s (slices ${fmt(Math.min(...x.rate) / 1000, 1)}–${fmt(Math.max(...x.rate) / 1000, 1)}k); ` +
        `this process's CPU ${fmt(median(x.cpu), 1)} µs a position (${fmt(Math.min(...x.cpu), 1)}–${fmt(Math.max(...x.cpu), 1)}), ` +
        `its backends' ${fmt(median(x.server), 1)} µs; ${fmt(median(x.perFlush))} positions a flush | | |`,
    );
  const [m, h] = meanAndHalfWidth(pairRatios);
  const [cm, ch] = meanAndHalfWidth(pairCpuRatios);
  const sorted = [...sliceRatios].sort((a, b) => a - b);
  say(
    `| ${label} | on / off, ${rounds} pairs of processes × ${slices} slices of ${seconds} s a mode | ` +
      `**${fmt(m * 100, 1)} % ± ${fmt(h * 100, 1)}** (95 %; pairs ${pairRatios.map((p) => fmt(p * 100)).join(' · ')}); ` +
      `by CPU a position ${fmt(cm * 100, 1)} % ± ${fmt(ch * 100, 1)} (${pairCpuRatios.map((p) => fmt(p * 100)).join(' · ')}) ` +
      `| slice by slice: median ${fmt(percentile(sorted, 50) * 100)} %, quartiles ${fmt(percentile(sorted, 25) * 100)}–${fmt(percentile(sorted, 75) * 100)} % ` +
      `| ${fmt(events)} fence events stored; load average ${loadsAt.join(' → ')} |`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const out: string[] = [];
const say = (line: string) => {
  console.log(line);
  out.push(line);
};

for (const target of targets) {
  const db = await benchDatabase(target);
  const label = `${target} (PostgreSQL ${db.version.split(' ')[0]})`;
  const world = await seedWorld(db, nDevices, nFences, perDevice);
  const { ids, pks, unbound, bindings } = world;

  const engine = new ZoneEngine(db.pool, { hysteresisMetres: ZONE_LIMITS.hysteresisMetres });
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const loads: number[] = [];
  const queries: number[] = [];
  for (let i = 0; i < 5; i++) {
    await engine.load();
    loads.push(engine.stats.lastLoadMs);
    queries.push(engine.stats.lastQueryMs);
  }
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  say(
    `| ${label} | reload | ${fmt(engine.stats.zones)} fences, ${fmt(engine.stats.devices)} devices, ${fmt(engine.stats.bindings)} bindings (${fmt(bindings)} rows) ` +
      `| ${loads.map((l) => fmt(l)).join(' · ')} ms (median ${fmt(median(loads))}; of which the queries ${queries.map((l) => fmt(l)).join(' · ')}) | heap + buffers held: ${fmt((heapAfter - heapBefore) / 2 ** 20, 1)} MiB${globalThis.gc ? '' : ' (run with --expose-gc for this figure)'} |`,
  );

  const check = await checkAlone(engine, pks, unbound);
  say(
    `| ${label} | check alone | ${fmt(nFixes)} positions of ${fmt(nDevices)} devices, ${fmt(check.bound.events)} zone events ` +
      `| ${fmt(check.bound.us, 2)} µs a position | a device with no zone: ${fmt(check.none.us, 2)} µs |`,
  );
  // Its visits lived in its memory only (the table was never written): the writers below start from none.
  engine.close();
  if (values.writer === 'off') {
    await db.close();
    continue;
  }

  if (values.writers === 'pairs') {
    await pairedRounds(db, world, label);
    await db.close();
    continue;
  }
  const modes = writerModes;
  // Both modes drive the same fixes (a clock each from the same start) of the same devices.
  const start = fleetStart();
  const writers =
    values.writers === 'shared'
      ? await sharedWriters(db, ids, start)
      : apartWriters(db, world, start, Number(values.warm));
  const raw = [await copyPositions(db.pool, rawRows(pks, Date.now() - 4 * 86_400_000))];
  const rates: number[][] = [[], []];
  const ratios: number[][] = [[], []];
  const lat: number[][] = [[], []];
  const cpus: number[][] = [[], []];
  const serverCpus: number[][] = [[], []];
  const perFlush: number[][] = [[], []];
  const loadsAt: string[] = [load()];
  for (let round = 0; round < rounds; round++)
    // Rounds take turns in the order too (off, on, then on, off), so neither mode always follows the other.
    for (const m of round % 2 ? [1, 0] : [0, 1]) {
      const w = await writers.round(m, seconds);
      rates[m]!.push(w.rate);
      cpus[m]!.push(w.cpuUs);
      serverCpus[m]!.push(w.serverUs);
      perFlush[m]!.push(w.perFlush);
      for (const l of w.latencies) lat[m]!.push(l);
      raw.push(await copyPositions(db.pool, rawRows(pks, Date.now() - (5 + round * 2 + m) * 86_400_000)));
      ratios[m]!.push(w.rate / ((raw.at(-2)! + raw.at(-1)!) / 2));
      loadsAt.push(load());
    }
  await writers.close();
  const events = (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE alarm LIKE 'fence%'`)).rows[0]
    .n as number;
  const k = (xs: number[]) => xs.map((x) => fmt(x / 1000, 1)).join(' · ');
  for (let m = 0; m < modes.length; m++) {
    const sorted = lat[m]!.sort((a, b) => a - b);
    say(
      `| ${label} | writer, engine ${modes[m]} | ${fmt(median(rates[m]!))} positions/s (${k(rates[m]!)}k); ` +
        `this process's CPU ${fmt(median(cpus[m]!), 1)} µs a position (${cpus[m]!.map((c) => fmt(c, 1)).join(' · ')}), ` +
        `its backends' ${fmt(median(serverCpus[m]!), 1)} µs (${serverCpus[m]!.map((c) => fmt(c, 1)).join(' · ')}); ` +
        `${fmt(median(perFlush[m]!))} positions a flush ` +
        `| p50 / p99 ${fmt(percentile(sorted, 50), 1)} / ${fmt(percentile(sorted, 99), 1)} ms ` +
        `| writer / raw ${fmt(median(ratios[m]!) * 100)} % (${ratios[m]!.map((r) => fmt(r * 100)).join(' · ')}) |`,
    );
  }
  const pair = rates[1]!.map((on, i) => on / rates[0]![i]!);
  // The same comparison by CPU (this process and its backends, µs a position, off over on): what the rate would
  // be on a machine where only CPU limits it. It moves far less from round to round than the rate does.
  const cpuOf = (m: number, i: number) => cpus[m]![i]! + serverCpus[m]![i]!;
  const cpuPair = rates[1]!.map((_, i) => cpuOf(0, i) / cpuOf(1, i));
  say(
    `| ${label} | on / off | ${fmt(median(pair) * 100)} % (round by round ${pair.map((p) => fmt(p * 100)).join(' · ')}); ` +
      `by CPU a position ${fmt(median(cpuPair) * 100)} % (${cpuPair.map((p) => fmt(p * 100)).join(' · ')}); ` +
      `${fmt(events)} fence events stored | load average through the rounds: ${loadsAt.join(' → ')} | |`,
  );
  await db.close();
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${load()}`,
);
console.log('| database | what | figures | | |');
console.log('|---|---|---|---|---|');
for (const l of out) console.log(l);
process.exit(0);
