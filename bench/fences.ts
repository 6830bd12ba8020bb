/**
 * npm run bench:fences — the fence engine (issue #17) at the scale: 10,000 fences in one unit, 1,000 of them
 * bound to each of 1,000 devices (1,000,000 bindings), the fleet driving through a 50 × 50 km city where the
 * fences lie. Three figures:
 * 1. the index: a whole reload (what every fence, road or binding change costs) and its size;
 * 2. the check alone, in-process: µs per position of stepping each device's latest fix through its zones (the
 *    engine's batch: R-tree, bound filter, rules, the visit changes a flush writes), and of a device with no zone;
 * 3. the writer's rate with the engine off and on, side by side as bench:ingest measures it (every device
 *    reports, waits for persist, reports again; rounds take turns, in alternating order, each is set against the raw
 *    COPY either side, and both modes drive the same fixes of today).
 * Options: --targets embedded,external  --devices 1000  --fences 10000  --bound 1000  --seconds 10  --rounds 3
 *          --fixes 1000000 (positions of the in-process check)  --writer off (only the reload and the check)
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type LngLat, ZONE_LIMITS } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import { seededRandom } from '@lodestar/simulator';
import type pg from 'pg';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest, type Ingest } from '../apps/server/src/ingest/index.ts';
import type { Fix } from '../apps/server/src/ingest/state.ts';
import { ZoneEngine } from '../apps/server/src/ingest/zone-engine.ts';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';
import { copyPositions, rawRows } from './raw-insert.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    devices: { type: 'string', default: '1000' },
    fences: { type: 'string', default: '10000' },
    bound: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    fixes: { type: 'string', default: '1000000' },
    writer: { type: 'string', default: 'on' },
  },
});
const targets = values.targets.split(',') as ('embedded' | 'external')[];
const nDevices = Number(values.devices);
const nFences = Number(values.fences);
const perDevice = Number(values.bound);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const nFixes = Number(values.fixes);

const CITY: LngLat = [121.2, 31.0];
const SIDE_M = 50_000;
const M_PER_DEG = 111_320;
const COS = Math.cos((CITY[1] * Math.PI) / 180);
const place = (x: number, y: number): LngLat => [CITY[0] + x / (M_PER_DEG * COS), CITY[1] + y / M_PER_DEG];

/**
 * Fences over the city: half circles, a third irregular polygons of 6–40 vertices (one in ten with a hole), the
 * rest rectangles; 50–500 m across their centre, so the city is about once covered and a driving device is inside
 * a bound fence a tenth of the time.
 */
function fenceRows(n: number, holdId: number) {
  const rnd = seededRandom(17);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const cx = rnd() * SIDE_M;
    const cy = rnd() * SIDE_M;
    const r = 50 + rnd() * 450;
    const kind = rnd();
    let geometry: unknown;
    let box: [number, number, number, number];
    let shape: string;
    if (kind < 0.5) {
      shape = 'circle';
      geometry = { type: 'Circle', Center: place(cx, cy), Radius: Math.round(r) };
      box = [...place(cx - r, cy - r), ...place(cx + r, cy + r)];
    } else if (kind < 0.83) {
      shape = 'polygon';
      const k = 6 + Math.floor(rnd() * 35);
      const ring: LngLat[] = [];
      for (let v = 0; v < k; v++) {
        const a = (v / k) * 2 * Math.PI;
        const rr = r * (0.6 + rnd() * 0.4);
        ring.push(place(cx + rr * Math.cos(a), cy + rr * Math.sin(a)));
      }
      ring.push(ring[0]!);
      const rings = [ring];
      if (rnd() < 0.1) {
        const h = r * 0.25;
        rings.push([place(cx - h, cy - h), place(cx - h, cy + h), place(cx + h, cy + h), place(cx + h, cy - h)]);
        rings[1]!.push(rings[1]![0]!);
      }
      geometry = { type: 'Polygon', coordinates: rings };
      box = [...place(cx - r, cy - r), ...place(cx + r, cy + r)];
    } else {
      shape = 'rectangle';
      const [w, h] = [r, r * (0.3 + rnd() * 0.7)];
      const [a, b, c, d] = [place(cx - w, cy - h), place(cx + w, cy - h), place(cx + w, cy + h), place(cx - w, cy + h)];
      geometry = { type: 'Polygon', coordinates: [[a, b, c, d, a]] };
      box = [...a, ...c];
    }
    rows.push({
      hold_id: holdId,
      name: `F${i}`,
      shape,
      geometry,
      min_lng: box[0],
      min_lat: box[1],
      max_lng: box[2],
      max_lat: box[3],
      record_type: 'both',
      trigger_alarm: i % 2 === 0,
      speed_limit: i % 3 === 0 ? 60 : null,
      max_stay_minutes: i % 5 === 0 ? 30 : null,
    });
  }
  return rows;
}

async function seedFences(pool: pg.Pool, holdId: number) {
  const rows = fenceRows(nFences, holdId);
  for (let i = 0; i < rows.length; i += 1000)
    await pool.query(
      `INSERT INTO fences (hold_id, name, shape, geometry, min_lng, min_lat, max_lng, max_lat, record_type, trigger_alarm,
                           time_zone, speed_limit, max_stay_minutes)
       SELECT hold_id, name, shape, geometry, min_lng, min_lat, max_lng, max_lat, record_type, trigger_alarm,
              'Asia/Shanghai', speed_limit, max_stay_minutes
         FROM jsonb_to_recordset($1::jsonb) AS x(hold_id int, name text, shape text, geometry jsonb, min_lng float8,
              min_lat float8, max_lng float8, max_lat float8, record_type text, trigger_alarm boolean, speed_limit int,
              max_stay_minutes int)`,
      [JSON.stringify(rows.slice(i, i + 1000))],
    );
  // Device d is bound to every fence f with (f + d) ≡ 0 mod (fences / bound): `perDevice` fences each, spread
  // evenly over the city.
  const step = Math.max(1, Math.round(nFences / perDevice));
  await pool.query(
    `INSERT INTO fence_devices (fence_id, device_pk)
     SELECT f.id, d.id FROM fences f JOIN devices d ON (f.id + d.id) % $1 = 0`,
    [step],
  );
  await pool.query('VACUUM ANALYZE fences');
  await pool.query('VACUUM ANALYZE fence_devices');
}

const starts = (() => {
  const rnd = seededRandom(1000);
  return Array.from({ length: nDevices }, () => [rnd() * SIDE_M, rnd() * SIDE_M, rnd() * 2 * Math.PI] as const);
})();

/** Device i drives at 40 km/h across the city and back (a triangle wave a side), from a start of its own. */
function drive(i: number, t: number): { lat: number; lon: number } {
  const [x0, y0, heading] = starts[i]!;
  const d = (40 / 3.6) * (t / 1000);
  const wave = (v: number) => {
    const m = ((v % (2 * SIDE_M)) + 2 * SIDE_M) % (2 * SIDE_M);
    return m < SIDE_M ? m : 2 * SIDE_M - m;
  };
  const [lon, lat] = place(wave(x0 + d * Math.cos(heading)), wave(y0 + d * Math.sin(heading)));
  return { lat, lon };
}

function fix(i: number, t: number) {
  const { lat, lon } = drive(i, t);
  return {
    fixTime: new Date(t),
    valid: true,
    lat,
    lon,
    speedKmh: 40 + (i % 4) * 10,
    course: 90,
    satellites: 9,
    alarms: [] as never[],
    attributes: { acc: true },
  };
}

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

const TICK_US = 1_000_000 / 100; // /proc's clock ticks (USER_HZ, 100 on Linux)

/**
 * CPU (µs) spent so far by the backends connected to this database, by pid: the server's share of the writer's
 * work, on the same two cores. Read from /proc (the database runs on this machine for both targets).
 */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  const out = new Map<number, number>();
  for (const { pid } of rows)
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * TICK_US);
    } catch {
      // Gone meanwhile, or another machine's: not counted.
    }
  return out;
}

/** CPU the backends present at both readings spent in between (a backend that came or went is left out). */
const cpuBetween = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((sum, [pid, us]) => sum + (a.has(pid) ? us - a.get(pid)! : 0), 0);

async function writerRound(
  ingest: Ingest,
  ids: string[],
  clock: number[],
  forSeconds = seconds,
  fixes = Infinity,
  pool?: pg.Pool,
) {
  const latencies: number[] = [];
  const deadline = performance.now() + forSeconds * 1000;
  let acked = 0;
  const device = async (id: string, i: number) => {
    for (let n = 0; n < fixes && performance.now() < deadline; n++) {
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
          positions: [fix(i, clock[i]!)],
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
  const serverBefore = pool ? await backendCpu(pool) : undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(ids.map(device));
  const { user, system } = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  const serverUs = pool && serverBefore ? cpuBetween(serverBefore, await backendCpu(pool)) : 0;
  // This process's CPU a position (the bench's devices included, alike in both modes): the engine's share of the
  // writer's own work, which the other engineers' load does not inflate as much as it does the wall clock.
  return { rate: acked / (elapsed / 1000), latencies, cpuUs: (user + system) / acked, serverUs: serverUs / acked };
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
  const ids = Array.from({ length: nDevices }, (_, i) => `86${String(i).padStart(13, '0')}`);
  const holdId = await registerDevices(
    db.pool,
    [...ids, '869999999999999'].map((deviceId) => ({ deviceId, protocol: 'gt06' })),
  );
  const { rows: pkRows } = await db.pool.query<{ id: number; device_id: string }>(
    'SELECT id, device_id FROM devices ORDER BY id',
  );
  const unbound = pkRows.pop()!.id;
  const pks = pkRows.map((r) => r.id);
  await seedFences(db.pool, holdId);
  const bindings = (await db.pool.query('SELECT count(*)::int AS n FROM fence_devices')).rows[0].n as number;
  // Unbound by the modulo (its pk is the last): bound to nothing, it is the no-fence case.
  await db.pool.query('DELETE FROM fence_devices WHERE device_pk = $1', [unbound]);

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

  const modes = ['off', 'on'] as const;
  const ingests = modes.map((m) =>
    createIngest(
      db.pool,
      new InProcessBus(),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      m === 'on' ? { hysteresisMetres: ZONE_LIMITS.hysteresisMetres, staySweepMs: 0 } : false,
    ),
  );
  // Both modes drive the same fixes (a clock each from the same start) of the same devices. Today's, two hours
  // back: fixes of a past UTC day would make every flush mark its days stale for the track rollup, a statement
  // per flush that live traffic does not pay (run within two hours after 00:00 UTC, the first ones still do).
  const start = Date.now() - 2 * 3_600_000;
  const clocks = modes.map(() => ids.map(() => start));
  const raw = [await copyPositions(db.pool, rawRows(pks, Date.now() - 4 * 86_400_000))];
  const rates: number[][] = [[], []];
  const ratios: number[][] = [[], []];
  const lat: number[][] = [[], []];
  const cpus: number[][] = [[], []];
  const serverCpus: number[][] = [[], []];
  // Not measured: the engine's first load, every device's state and visits read, the JIT settled, in both modes.
  // Each writer reads a device's latest state once, at its first fix: both take their first fixes at once, before
  // either writes a state row, so neither starts from the other's (later) fix and sees its own as out of order.
  await ingests[1]!.writer.zones!.load();
  await Promise.all(ingests.map((ingest, m) => writerRound(ingest, ids, clocks[m]!, 60, 1)));
  for (const [m, ingest] of ingests.entries()) await writerRound(ingest, ids, clocks[m]!, 2);
  const loadsAt: string[] = [load()];
  for (let round = 0; round < rounds; round++)
    // Rounds take turns in the order too (off, on, then on, off), so neither mode always follows the other.
    for (const m of round % 2 ? [1, 0] : [0, 1]) {
      const w = await writerRound(ingests[m]!, ids, clocks[m]!, seconds, Infinity, db.pool);
      rates[m]!.push(w.rate);
      cpus[m]!.push(w.cpuUs);
      serverCpus[m]!.push(w.serverUs);
      for (const l of w.latencies) lat[m]!.push(l);
      raw.push(await copyPositions(db.pool, rawRows(pks, Date.now() - (5 + round * 2 + m) * 86_400_000)));
      ratios[m]!.push(w.rate / ((raw.at(-2)! + raw.at(-1)!) / 2));
      loadsAt.push(load());
    }
  const events = (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE alarm LIKE 'fence%'`)).rows[0]
    .n as number;
  for (const ingest of ingests) await ingest.writer.close();
  const k = (xs: number[]) => xs.map((x) => fmt(x / 1000, 1)).join(' · ');
  for (let m = 0; m < modes.length; m++) {
    const sorted = lat[m]!.sort((a, b) => a - b);
    say(
      `| ${label} | writer, engine ${modes[m]} | ${fmt(median(rates[m]!))} positions/s (${k(rates[m]!)}k); ` +
        `this process's CPU ${fmt(median(cpus[m]!), 1)} µs a position (${cpus[m]!.map((c) => fmt(c, 1)).join(' · ')}), ` +
        `its backends' ${fmt(median(serverCpus[m]!), 1)} µs (${serverCpus[m]!.map((c) => fmt(c, 1)).join(' · ')}) ` +
        `| p50 / p99 ${fmt(percentile(sorted, 50), 1)} / ${fmt(percentile(sorted, 99), 1)} ms ` +
        `| writer / raw ${fmt(median(ratios[m]!) * 100)} % (${ratios[m]!.map((r) => fmt(r * 100)).join(' · ')}) |`,
    );
  }
  const pair = rates[1]!.map((on, i) => on / rates[0]![i]!);
  say(
    `| ${label} | on / off | ${fmt(median(pair) * 100)} % (round by round ${pair.map((p) => fmt(p * 100)).join(' · ')}); ` +
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
