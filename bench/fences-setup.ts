/**
 * bench:fences' world, shared with bench/fences-profile.ts: the fences over a 50 × 50 km city, the fleet driving
 * through it, and one writer round (every device reports, waits for persist, reports again) with the CPU it cost
 * this process and the database's backends.
 */
import { readFileSync } from 'node:fs';
import { type LngLat, ZONE_LIMITS } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import { seededRandom } from '@lodestar/simulator';
import type pg from 'pg';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { DEFAULT_FILTERS } from '../apps/server/src/ingest/filters.ts';
import { createIngest, type Ingest } from '../apps/server/src/ingest/index.ts';
import { type BenchDb, registerDevices } from './lib.ts';

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
export function fenceRows(n: number, holdId: number) {
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

export async function seedFences(pool: pg.Pool, holdId: number, nFences: number, perDevice: number) {
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

/** Each device's start and heading, drawn in device order from one seed (grown as devices are asked for). */
const starts: (readonly [number, number, number])[] = [];
const startRnd = seededRandom(1000);
const startOf = (i: number) => {
  while (starts.length <= i) starts.push([startRnd() * SIDE_M, startRnd() * SIDE_M, startRnd() * 2 * Math.PI] as const);
  return starts[i]!;
};

/**
 * Across the city and back: a triangle wave. At module level, not a closure made per fix: under tsx each named
 * closure is named by defineProperty when made, and that was ~1.5 µs of this process's CPU a position in both
 * modes (bench:fences-profile's `__name` and `set name`), the same in both, so it padded off and on alike and
 * flattered the on/off ratio.
 */
function wave(v: number): number {
  const m = ((v % (2 * SIDE_M)) + 2 * SIDE_M) % (2 * SIDE_M);
  return m < SIDE_M ? m : 2 * SIDE_M - m;
}

/** Device i drives at 40 km/h across the city and back (a triangle wave a side), from a start of its own. */
function drive(i: number, t: number): { lat: number; lon: number } {
  const [x0, y0, heading] = startOf(i);
  const d = (40 / 3.6) * (t / 1000);
  const [lon, lat] = place(wave(x0 + d * Math.cos(heading)), wave(y0 + d * Math.sin(heading)));
  return { lat, lon };
}

export function fix(i: number, t: number) {
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

const TICK_US = 1_000_000 / 100; // /proc's clock ticks (USER_HZ, 100 on Linux)

/**
 * CPU (µs) spent so far by the backends connected to this database, by pid: the server's share of the writer's
 * work, on the same two cores. Read from /proc (the database runs on this machine for both targets).
 */
export async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
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
export const cpuBetween = (a: Map<number, number>, b: Map<number, number>) =>
  [...b].reduce((sum, [pid, us]) => sum + (a.has(pid) ? us - a.get(pid)! : 0), 0);

export async function writerRound(
  ingest: Ingest,
  ids: string[],
  clock: number[],
  forSeconds: number,
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
  const storedBefore = ingest.writer.stats.positionsStored;
  const flushesBefore = ingest.writer.stats.flushes;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(ids.map(device));
  const { user, system } = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  const serverUs = pool && serverBefore ? cpuBetween(serverBefore, await backendCpu(pool)) : 0;
  // This process's CPU a position (the bench's devices included, alike in both modes): the engine's share of the
  // writer's own work, which the other engineers' load does not inflate as much as it does the wall clock.
  const stored = ingest.writer.stats.positionsStored - storedBefore;
  // A fix the filters drop (its clock run past the future limit, say) costs the writer next to nothing: a timed
  // round that stored less than it sent measures something else. (A first fix may be another writer's duplicate.)
  if (fixes === Infinity && stored < acked) throw new Error(`writer round: ${acked} positions sent, ${stored} stored`);
  // Positions a flush: a flush's fixed costs (its round trip, its statements' set-up) fall on fewer positions when
  // flushes are small.
  const perFlush = stored / Math.max(1, ingest.writer.stats.flushes - flushesBefore);
  return {
    rate: acked / (elapsed / 1000),
    latencies,
    cpuUs: (user + system) / acked,
    serverUs: serverUs / acked,
    perFlush,
  };
}

/**
 * Where the fleet's clocks start: a minute into today (UTC). A fix of a past UTC day would make every flush mark its
 * day stale for the track rollup, a statement per flush that live traffic does not pay. The clocks run fast (a
 * device's fixes a second of its clock apart, a thousand devices at 100,000 positions/s: 100 s of clock a second),
 * so a run soon passes now: the bench's writers do not drop future fixes (createWriter).
 */
export function fleetStart(): number {
  return Math.floor(Date.now() / 86_400_000) * 86_400_000 + 60_000;
}

export interface FenceWorld {
  ids: string[];
  /** Another fleet of as many devices, bound to nothing, for the engine-off writer of `apartWriters`. */
  offIds: string[];
  /** The bound devices' pks, in the order of `ids`. */
  pks: number[];
  /** A device bound to nothing: the no-fence case. */
  unbound: number;
  /** fence_devices rows as seeded. */
  bindings: number;
}

/** `nDevices` devices and one more, `nFences` fences, `perDevice` of them bound to each device but the last. */
export async function seedWorld(
  db: BenchDb,
  nDevices: number,
  nFences: number,
  perDevice: number,
): Promise<FenceWorld> {
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
  await seedFences(db.pool, holdId, nFences, perDevice);
  const bindings = (await db.pool.query('SELECT count(*)::int AS n FROM fence_devices')).rows[0].n as number;
  // Unbound by the modulo (its pk is the last): bound to nothing, it is the no-fence case.
  await db.pool.query('DELETE FROM fence_devices WHERE device_pk = $1', [unbound]);
  // The engine-off writer's own fleet (apart), registered after the bindings: bound to nothing, which the engine
  // off never asks. Device i of either fleet drives the same road.
  const offIds = ids.map((_, i) => `87${String(i).padStart(13, '0')}`);
  await registerDevices(
    db.pool,
    offIds.map((deviceId) => ({ deviceId, protocol: 'gt06' })),
  );
  return { ids, offIds, pks, unbound, bindings };
}

/** The writer with the fence engine off and on. */
export const writerModes = ['off', 'on'] as const;
export function createWriter(pool: pg.Pool, mode: (typeof writerModes)[number]): Ingest {
  return createIngest(
    pool,
    new InProcessBus(),
    // Future fixes kept: the fleet's clocks run ahead of now (fleetStart).
    { ...DEFAULT_FILTERS, futureMs: 0 },
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    mode === 'on'
      ? {
          hysteresisMetres: ZONE_LIMITS.hysteresisMetres,
          staySweepMs: 0,
          // FENCE_ENGINE_THREAD, as the server reads it: the checks in the engine's worker thread or the writer's.
          thread: process.env.FENCE_ENGINE_THREAD === 'worker' ? 'worker' : 'main',
        }
      : false,
  );
}

/** Both writers on the same pool, in this process (`--writers shared`, and the profiles). */
export const createWriters = (pool: pg.Pool): Ingest[] => writerModes.map((m) => createWriter(pool, m));

/**
 * Not measured: the engine's first load, every device's state and visits read, the JIT settled, in both modes.
 * Each writer reads a device's latest state once, at its first fix: both take their first fixes at once, before
 * either writes a state row, so neither starts from the other's (later) fix and sees its own as out of order.
 */
export async function warmWriters(ingests: Ingest[], ids: string[], clocks: number[][]): Promise<void> {
  await ingests[1]!.writer.zones!.load();
  await Promise.all(ingests.map((ingest, m) => writerRound(ingest, ids, clocks[m]!, 60, 1)));
  for (const [m, ingest] of ingests.entries()) await writerRound(ingest, ids, clocks[m]!, 2);
}

export interface Writers {
  /**
   * One measured round of mode m (writerModes' index); `measured` is told the pid of the process whose round it is,
   * before the round starts, and awaited (perf records it).
   */
  round(
    m: number,
    seconds: number,
    measured?: (pid: number) => Promise<() => Promise<void>>,
  ): Promise<{ rate: number; cpuUs: number; serverUs: number; perFlush: number; latencies: Iterable<number> }>;
  close(): Promise<void>;
}

/** Both writers in this process, on the bench's pool, driving one fleet (how rounds ran up to session 19). */
export async function sharedWriters(db: BenchDb, ids: string[], start: number): Promise<Writers> {
  const ingests = createWriters(db.pool);
  const clocks = writerModes.map(() => ids.map(() => start));
  await warmWriters(ingests, ids, clocks);
  return {
    async round(m, s, measured) {
      const done = await measured?.(process.pid);
      const w = await writerRound(ingests[m]!, ids, clocks[m]!, s, Infinity, db.pool);
      await done?.();
      return w;
    },
    async close() {
      for (const ingest of ingests) await ingest.writer.close();
    },
  };
}
