import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import {
  type CheckedZones,
  type FenceEngine,
  noZoneStats,
  type StayPlace,
  type ZoneEngineOptions,
  type ZoneEngineStats,
  type ZoneFixIn,
  type ZoneHit,
} from './zone-engine.ts';
import type { VisitChanges } from './zone-sql.ts';

/** What ZoneThread posts to its worker (zone-worker.ts). */
export type ZoneRequest =
  | { op: 'load' | 'ready'; id: number }
  | { op: 'invalidate' }
  /** `fixes`: FIX_WORDS numbers a fix (FIX_* below); `pks` beside it. */
  | { op: 'check'; id: number; pks: Float64Array; fixes: Float64Array }
  | { op: 'stays'; id: number; pks: Float64Array; places: Float64Array; now: number }
  | { op: 'commit' | 'abort'; id: number }
  | { op: 'close' };

/** The worker's answer to a request with an id; `stats` ride along with every answer. */
export interface ZoneReply {
  id: number;
  error?: string;
  hits?: [number, ZoneHit[]][];
  changes?: VisitChanges;
  stats: ZoneEngineStats;
}

/** A fix as posted: time (ms), valid (1/0), lat, lon, speed (km/h). */
export const FIX_WORDS = 5;

/** What the worker needs to open its own pool and engine. */
export interface ZoneWorkerData {
  connection: Record<string, string | number | boolean>;
  hysteresisMetres: number;
  reloadDelayMs?: number;
}

/**
 * The fence engine in a worker thread of its own (FENCE_ENGINE_THREAD=worker): the thread that writes the positions
 * posts each flush's fixes and awaits their events while the database stores the positions, rather than stepping
 * them itself. The worker holds the index and the visits and reads the database through a pool of its own; a
 * flush's visits become the kept ones when its `commit` arrives (after the flush's COMMIT). A worker that dies fails
 * the checks in flight (their flushes fail and are retried) and is started again by the next call; it reads the
 * visits afresh from zone_states, where every committed flush left them.
 */
export class ZoneThread implements FenceEngine {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: ZoneReply) => void; reject: (err: Error) => void }>();
  private closed = false;
  private readonly log: (msg: string) => void;
  /** The pool's connection settings, for the thread's own pool. */
  private readonly connection: Record<string, string | number | boolean>;
  /** The engine thread's figures, as of its last answer or load. */
  readonly stats = noZoneStats();

  constructor(
    pool: pg.Pool,
    private readonly opts: ZoneEngineOptions,
  ) {
    this.log = opts.log ?? (() => {});
    this.connection = connectionOf(pool);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const data: ZoneWorkerData = {
      connection: this.connection,
      hysteresisMetres: this.opts.hysteresisMetres,
      ...(this.opts.reloadDelayMs !== undefined ? { reloadDelayMs: this.opts.reloadDelayMs } : {}),
    };
    const worker = new Worker(new URL('./zone-worker-boot.mjs', import.meta.url), { workerData: data });
    worker.on('message', (m: ZoneReply | { log: string } | { stats: ZoneEngineStats }) => {
      if ('log' in m) {
        this.log(m.log);
        return;
      }
      Object.assign(this.stats, m.stats);
      if (!('id' in m)) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m);
    });
    const gone = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const err = new Error(`fence engine thread: ${why}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (!this.closed) this.log(err.message);
    };
    worker.on('error', (err) => gone(String(err)));
    worker.on('exit', (code) => gone(`exited (${code})`));
    // The writer's timers and sockets keep the process up, not this thread.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private ask(req: ZoneRequest & { id: number }, transfer: ArrayBuffer[] = []): Promise<ZoneReply> {
    if (this.closed) return Promise.reject(new Error('fence engine closed'));
    const worker = this.start();
    return new Promise<ZoneReply>((resolve, reject) => {
      this.pending.set(req.id, { resolve, reject });
      worker.postMessage(req, transfer);
    });
  }

  private tell(req: ZoneRequest): void {
    this.worker?.postMessage(req);
  }

  async ready(): Promise<void> {
    await this.ask({ op: 'ready', id: this.nextId++ });
  }

  async load(): Promise<void> {
    await this.ask({ op: 'load', id: this.nextId++ });
  }

  invalidate(): void {
    // No worker yet: its first load reads the change anyway.
    this.tell({ op: 'invalidate' });
  }

  async check(devicePks: readonly number[], fixes: readonly ZoneFixIn[]): Promise<CheckedZones> {
    const pks = Float64Array.from(devicePks);
    const packed = new Float64Array(fixes.length * FIX_WORDS);
    for (let i = 0, o = 0; i < fixes.length; i++, o += FIX_WORDS) {
      const f = fixes[i]!;
      packed[o] = f.fixTime.getTime();
      packed[o + 1] = f.valid ? 1 : 0;
      packed[o + 2] = f.lat;
      packed[o + 3] = f.lon;
      packed[o + 4] = f.speedKmh;
    }
    const id = this.nextId++;
    const reply = await this.ask({ op: 'check', id, pks, fixes: packed }, [pks.buffer, packed.buffer]);
    return this.checked(id, reply);
  }

  async stays(devicePks: readonly number[], places: readonly StayPlace[], now: number): Promise<CheckedZones> {
    const pks = Float64Array.from(devicePks);
    const packed = new Float64Array(places.length * 3);
    places.forEach((p, i) => {
      packed[i * 3] = p.lat ?? 0;
      packed[i * 3 + 1] = p.lon ?? 0;
      packed[i * 3 + 2] = p.speed ?? 0;
    });
    const id = this.nextId++;
    const reply = await this.ask({ op: 'stays', id, pks, places: packed, now }, [pks.buffer, packed.buffer]);
    return this.checked(id, reply);
  }

  private checked(id: number, reply: ZoneReply): CheckedZones {
    const hits: (ZoneHit[] | undefined)[] = [];
    for (const [i, h] of reply.hits ?? []) hits[i] = h;
    const worker = this.worker;
    // A commit or abort for a worker that died since is dropped: the new one reads the visits from the database.
    const settle = (op: 'commit' | 'abort') => {
      if (this.worker === worker) this.tell({ op, id });
    };
    return {
      hits,
      changes: reply.changes ?? { upserts: [], leaves: [] },
      commit: () => settle('commit'),
      abort: () => settle('abort'),
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // The worker ends its pool and exits; nothing waits on it.
    this.tell({ op: 'close' });
    for (const p of this.pending.values()) p.reject(new Error('fence engine closed'));
    this.pending.clear();
  }
}

/** The pool's connection settings, the plain ones a worker's pool can be made from. */
function connectionOf(pool: pg.Pool): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const options = (pool as pg.Pool & { options: Record<string, unknown> }).options;
  for (const key of ['connectionString', 'host', 'port', 'user', 'password', 'database', 'ssl'])
    if (['string', 'number', 'boolean'].includes(typeof options[key])) out[key] = options[key] as string | number;
  return out;
}
