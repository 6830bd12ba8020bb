import { type CompiledZone, compileZone, type ZoneEvent, type ZoneVisit } from '@lodestar/domain';
import type pg from 'pg';
import type { Fix, LatestState } from './state.ts';
import { ZoneBatch } from './zone-batch.ts';
import { ZoneIndex } from './zone-index.ts';
import { loadBindings, loadBoundZones, loadVisits, type VisitChanges } from './zone-sql.ts';
import { KeptVisits, NO_VISITS } from './zone-visits.ts';

/** A zone event with the name of its zone (the live feed shows it). */
export interface ZoneHit extends ZoneEvent {
  zoneName: string;
}

/** What planFlush asks of the fence engine for each stored fix that is its device's latest. */
export interface ZoneCheck {
  /**
   * True when a fix at (lng, lat) cannot change the device's visits or fire an event: asked before `step` with
   * coordinates the caller keeps in arrays, it reads neither the fix nor the zones. False: `step` decides.
   */
  clear(devicePk: number, lng: number, lat: number): boolean;
  step(devicePk: number, fix: ZoneFixIn): ZoneHit[] | undefined;
  /** The visit rows the steps changed, for the flush's transaction. */
  changes(): VisitChanges;
}

/** A fix as the fence engine reads it. */
export type ZoneFixIn = Pick<Fix, 'fixTime' | 'valid' | 'lat' | 'lon' | 'speedKmh'>;

/**
 * One flush's fence check, done: the events of each fix (by its place in the request; absent: none), and the visit
 * rows it changed. Its visits become the engine's with `commit`, after the flush's COMMIT; `abort` drops them.
 */
export interface CheckedZones {
  hits: (ZoneHit[] | undefined)[];
  changes: VisitChanges;
  commit(): void;
  abort(): void;
}

/**
 * The fence engine as the writer uses it: in this thread (ZoneEngine) or in a worker thread of its own
 * (ZoneThread, zone-thread.ts), which keeps the checks off the thread that writes the positions.
 */
export interface FenceEngine {
  readonly stats: ZoneEngineStats;
  ready(): Promise<void>;
  load(): Promise<void>;
  invalidate(): void;
  /** Steps each fix through its device's zones, in order (a device's fixes in the order they were stored). */
  check(devicePks: readonly number[], fixes: readonly ZoneFixIn[]): Promise<CheckedZones>;
  /** The stay timers of devices that sent no fix, at `now`, each at its last known place. */
  stays(devicePks: readonly number[], places: readonly StayPlace[], now: number): Promise<CheckedZones>;
  close(): void;
}

/** Where a silent device was last: its fenceStay is placed there. */
export type StayPlace = Pick<LatestState, 'lat' | 'lon' | 'speed'>;

export interface ZoneEngineOptions {
  /** FENCE_HYSTERESIS_METRES */
  hysteresisMetres: number;
  /** A change is loaded this long after the last notice, so one API write of many bindings costs one reload. */
  reloadDelayMs?: number;
  log?: (msg: string) => void;
  /** After each load, done or failed (the engine's thread posts its stats). */
  onLoad?: () => void;
}

export interface ZoneEngineStats {
  loads: number;
  failedLoads: number;
  lastLoadMs: number;
  /** Of which reading the zones and bindings (the rest: compiling them and building the index). */
  lastQueryMs: number;
  zones: number;
  devices: number;
  bindings: number;
}

/** An engine's figures before its first load. */
export const noZoneStats = (): ZoneEngineStats => ({
  loads: 0,
  failedLoads: 0,
  lastLoadMs: 0,
  lastQueryMs: 0,
  zones: 0,
  devices: 0,
  bindings: 0,
});

/** A reload that failed (the database away) is tried again this much later, not at every change. */
const RETRY_MS = 5000;

/**
 * The fence engine (issue #17): which bound zones a stored fix concerns, stepped through the rules of
 * @lodestar/domain's zone-rules. The index of bound zones is loaded whole at start and again after every change
 * (`invalidate`, debounced); a device's visits are read from zone_states the first time it reports and kept
 * here. A flush steps visits in a batch of its own, and they replace the kept ones only after its COMMIT.
 */
export class ZoneEngine implements FenceEngine {
  private index = ZoneIndex.EMPTY;
  /** Devices whose visits were read; absent: not yet (or no longer bound). Replaced per device, never mutated. */
  private readonly visits = new KeptVisits();
  /** The zones of the index by zoneKey, with the version they were compiled from: a reload compiles only changes. */
  private compiled = new Map<number, { version: string; zone: CompiledZone }>();
  private loading: Promise<void> | undefined;
  private loaded = false;
  /** A change arrived while a load ran: load again after it. */
  private stale = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  readonly hysteresisMetres: number;
  private readonly reloadDelayMs: number;
  private readonly log: (msg: string) => void;
  private readonly onLoad: () => void;
  readonly stats = noZoneStats();

  constructor(
    private readonly pool: pg.Pool,
    opts: ZoneEngineOptions,
  ) {
    this.hysteresisMetres = opts.hysteresisMetres;
    this.reloadDelayMs = opts.reloadDelayMs ?? 150;
    this.log = opts.log ?? (() => {});
    this.onLoad = opts.onLoad ?? (() => {});
  }

  /** Fences, roads, bindings or a device's VIP changed: reload soon. */
  invalidate(): void {
    if (this.closed || !this.loaded) {
      // Not loaded yet: the first load reads the change anyway (one already running may have missed it).
      if (this.loading) this.stale = true;
      return;
    }
    this.schedule(this.reloadDelayMs);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.load().catch(() => {});
    }, ms);
    this.timer.unref();
  }

  /** Resolves once the index is loaded; the first call loads it, and a failed first load is tried again. */
  ready(): Promise<void> {
    if (this.loaded) return Promise.resolve();
    return this.load();
  }

  /** Loads now (and again if a change came in meanwhile); resolves when the newest index is in place. */
  load(): Promise<void> {
    if (this.loading) {
      this.stale = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.stale = false;
          await this.loadOnce();
        } while (this.stale && !this.closed);
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    const started = performance.now();
    try {
      const known = new Map([...this.compiled].map(([key, c]) => [key, c.version]));
      const [loaded, bindings] = await Promise.all([loadBoundZones(this.pool, known), loadBindings(this.pool)]);
      const read = performance.now();
      const compiled = new Map<number, { version: string; zone: CompiledZone }>();
      for (const z of loaded) {
        if (!z.def) {
          const held = this.compiled.get(z.key);
          if (held) compiled.set(z.key, held);
          continue;
        }
        try {
          compiled.set(z.key, { version: z.version, zone: compileZone(z.def, this.hysteresisMetres) });
        } catch (err) {
          // A geometry the API should have refused: left out, rather than stopping every other zone.
          this.log(`fence engine: ${z.def.kind} ${z.def.id} left out: ${String(err)}`);
        }
      }
      const index = new ZoneIndex(
        [...compiled.values()].map((c) => c.zone),
        bindings,
      );
      this.compiled = compiled;
      this.swap(index);
      this.loaded = true;
      this.stats.loads++;
      this.stats.lastLoadMs = performance.now() - started;
      this.stats.lastQueryMs = read - started;
      Object.assign(this.stats, index.size);
    } catch (err) {
      this.stats.failedLoads++;
      this.log(`fence engine: zones not loaded: ${String(err)}`);
      // Loaded before: the old index keeps working, and the load is tried again a little later.
      if (this.loaded) this.schedule(RETRY_MS);
      throw err;
    } finally {
      this.onLoad();
    }
  }

  /**
   * Unbound devices and zones lose their visits here (the API deleted their zone_states rows); a device that is
   * bound again later reads its rows afresh.
   */
  private swap(index: ZoneIndex): void {
    this.index = index;
    for (const [pk, visits] of [...this.visits.entries()]) {
      const slot = index.slotOf(pk);
      if (slot === undefined) {
        this.visits.delete(pk);
        continue;
      }
      let kept: Map<number, ZoneVisit> | undefined;
      for (const key of visits.keys()) {
        const zi = index.zoneOf(key);
        if (zi >= 0 && index.isBound(slot, zi)) continue;
        kept ??= new Map(visits);
        kept.delete(key);
      }
      if (kept) this.visits.set(pk, kept);
    }
  }

  /**
   * A flush's view: the index as it is now, and the visits of its devices, read first for bound devices not
   * seen yet (one query for all of them).
   */
  async batch(devicePks: readonly number[]): Promise<ZoneBatch> {
    await this.ready();
    const index = this.index;
    const missing: number[] = [];
    for (const pk of devicePks) if (index.has(pk) && !this.visits.has(pk)) missing.push(pk);
    if (missing.length) {
      const read = await loadVisits(this.pool, missing);
      for (const pk of missing) if (!this.visits.has(pk)) this.visits.set(pk, read.get(pk) ?? NO_VISITS);
    }
    return new ZoneBatch(index, this.visits, this.hysteresisMetres);
  }

  async check(devicePks: readonly number[], fixes: readonly ZoneFixIn[]): Promise<CheckedZones> {
    const batch = await this.batch(devicePks);
    const hits: (ZoneHit[] | undefined)[] = [];
    for (let i = 0; i < devicePks.length; i++) {
      const pk = devicePks[i]!;
      const fix = fixes[i]!;
      if (!batch.clear(pk, fix.lon, fix.lat)) hits[i] = batch.step(pk, fix);
    }
    return { hits, changes: batch.changes(), commit: () => batch.commit(), abort: () => {} };
  }

  async stays(devicePks: readonly number[], places: readonly StayPlace[], now: number): Promise<CheckedZones> {
    const batch = await this.batch(devicePks);
    const hits = devicePks.map((pk, i) => batch.stays(pk, now, places[i]!));
    return { hits, changes: batch.changes(), commit: () => batch.commit(), abort: () => {} };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
