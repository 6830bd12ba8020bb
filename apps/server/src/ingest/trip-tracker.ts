import {
  type DetectorState,
  newDetector,
  openSegment,
  openStart,
  pushPoint,
  type Segment,
  type TripParams,
  type TripPoint,
} from '@lodestar/domain';
import type pg from 'pg';
import type { PositionRow } from './plan.ts';
import {
  loadTripStates,
  readTripPoints,
  rebuildAnchors,
  type TripWrite,
  tripPointOf,
  writeTrips,
} from './trips-sql.ts';

interface Entry {
  state: DetectorState;
  loaded: boolean;
  /** A persisted state was loaded: the positions stored past its watermark are read once. */
  catchUp: boolean;
  /** Being loaded, caught up or rebuilt: fixes wait in `buffer` meanwhile. */
  busy: boolean;
  buffer: TripPoint[];
  /** The earliest late fix (ms) not yet rebuilt from. */
  lateFrom: number | null;
}

const RETRY_MS = 2000;

/**
 * Trips and stops as positions are stored (issue #16). The writer hands it each committed flush's
 * positions; it keeps a detector per device in memory and writes closed rows and detector states behind,
 * coalesced, like the latest-state rows. Everything here is derived from committed positions, so any
 * failure is logged and retried and never touches the position write: a device whose state is not in
 * memory (first sight, after a restart) is loaded and caught up from the table, and a fix older than its
 * watermark (a late or resent one) rebuilds the device from the start of the stop it falls in or follows.
 */
export class TripTracker {
  private readonly entries = new Map<number, Entry>();
  private pending = new Map<number, TripWrite>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly syncs = new Set<Promise<void>>();
  /** Devices first seen, whose persisted states are loaded together on the next turn. */
  private toLoad = new Map<number, Entry>();
  private loadScheduled = false;
  /** When each device's state was last written. */
  private readonly stateWritten = new Map<number, number>();
  private closed = false;
  readonly stats = { rebuilds: 0, catchUps: 0, failures: 0 };

  constructor(
    private readonly pool: pg.Pool,
    readonly params: TripParams,
    private readonly flushMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
    /**
     * A device whose segment stays open has its state (watermark, open segment) written this often: after a
     * restart the tracker reads the positions past it, and the API's open trip or stop lags by as much.
     */
    private readonly stateEveryMs = 15_000,
  ) {}

  /** A committed flush's positions, in the order the devices sent them. Never throws, never waits. */
  feed(positions: readonly PositionRow[]): void {
    const out: Segment[] = [];
    for (const r of positions) {
      const p = tripPointOf(r.fix_time, r.lat, r.lon, r.speed, r.valid, r.attributes);
      let e = this.entries.get(r.device_pk);
      if (!e) {
        e = { state: newDetector(), loaded: false, catchUp: false, busy: false, buffer: [], lateFrom: null };
        this.entries.set(r.device_pk, e);
      }
      if (!e.loaded) {
        e.buffer.push(p);
        if (!e.busy) {
          e.busy = true;
          this.toLoad.set(r.device_pk, e);
          this.scheduleLoad();
        }
        continue;
      }
      if (e.busy) {
        e.buffer.push(p);
        continue;
      }
      const wm = e.state.watermark;
      if (wm !== null && p.time < wm) {
        e.lateFrom = p.time;
        this.sync(r.device_pk, e);
        continue;
      }
      pushPoint(e.state, p, this.params, out);
      this.mark(r.device_pk, e.state, out);
      out.length = 0;
    }
  }

  /** The open trip or stop of a device as the tracker holds it now (tests). */
  open(devicePk: number): Segment | null {
    const e = this.entries.get(devicePk);
    return e ? openSegment(e.state) : null;
  }

  /** Waits for every load, catch-up and rebuild under way, then writes what is pending (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.syncs.size) await Promise.all([...this.syncs]);
    await this.flush(true);
  }

  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Writes what is due (every closed row and rebuild, with its device's state; a state alone once per
   * `stateEveryMs`), or everything with `all`; resolves when committed (or failed and kept for the next try).
   */
  async flush(all = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    const now = Date.now();
    const batch = new Map<number, TripWrite>();
    for (const [pk, w] of this.pending)
      if (
        all ||
        w.segments.length ||
        w.deleteFrom !== null ||
        now - (this.stateWritten.get(pk) ?? 0) >= this.stateEveryMs
      )
        batch.set(pk, w);
    for (const pk of batch.keys()) this.pending.delete(pk);
    if (batch.size)
      this.running = writeTrips(this.pool, batch).then(
        () => {
          for (const pk of batch.keys()) this.stateWritten.set(pk, now);
        },
        (err) => {
          this.stats.failures++;
          this.requeue(batch);
          this.schedule(RETRY_MS);
          this.onError(err);
        },
      );
    await this.running;
    this.running = undefined;
    if (this.pending.size) this.schedule(this.flushMs);
  }

  private mark(devicePk: number, state: DetectorState, segments: readonly Segment[], deleteFrom?: number): void {
    let w = this.pending.get(devicePk);
    if (!w) {
      w = { deleteFrom: null, segments: [], state };
      this.pending.set(devicePk, w);
    }
    if (deleteFrom !== undefined) {
      w.segments = w.segments.filter((s) => s.start < deleteFrom);
      w.deleteFrom = Math.min(w.deleteFrom ?? deleteFrom, deleteFrom);
    }
    for (const s of segments) w.segments.push(s);
    w.state = state;
    this.schedule(this.flushMs);
  }

  /** A failed batch goes back in front of what was gathered since, which a newer rebuild may overrule. */
  private requeue(batch: Map<number, TripWrite>): void {
    for (const [pk, old] of batch) {
      const now = this.pending.get(pk);
      if (!now) {
        this.pending.set(pk, old);
        continue;
      }
      const cut = now.deleteFrom;
      const kept = cut === null ? old.segments : old.segments.filter((s) => s.start < cut);
      now.segments = [...kept, ...now.segments];
      if (old.deleteFrom !== null) now.deleteFrom = Math.min(old.deleteFrom, cut ?? old.deleteFrom);
    }
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer ??= setTimeout(() => void this.flush(), ms);
  }

  private scheduleLoad(delayMs = 0): void {
    if (this.loadScheduled) return;
    this.loadScheduled = true;
    const job = new Promise((r) => setTimeout(r, delayMs))
      .then(() => this.loadBatch())
      .finally(() => this.syncs.delete(job));
    this.syncs.add(job);
  }

  private async loadBatch(): Promise<void> {
    const batch = this.toLoad;
    this.toLoad = new Map();
    this.loadScheduled = false;
    let saved: Map<number, DetectorState>;
    try {
      saved = await loadTripStates(this.pool, [...batch.keys()]);
    } catch (err) {
      this.stats.failures++;
      this.onError(err);
      for (const [pk, e] of batch) this.toLoad.set(pk, e);
      if (!this.closed) this.scheduleLoad(RETRY_MS);
      return;
    }
    for (const [pk, e] of batch) {
      const state = saved.get(pk);
      e.state = state ?? newDetector();
      e.catchUp = state !== undefined && state.watermark !== null;
      e.loaded = true;
      e.busy = false;
      if (e.catchUp || e.lateFrom !== null) {
        this.sync(pk, e);
        continue;
      }
      // A device never tracked before: its first fixes, in time order, and nothing to read.
      const out: Segment[] = [];
      for (const p of e.buffer.sort((a, b) => a.time - b.time)) pushPoint(e.state, p, this.params, out);
      e.buffer = [];
      this.mark(pk, e.state, out);
    }
  }

  private sync(devicePk: number, e: Entry): void {
    if (e.busy) return;
    e.busy = true;
    const job = this.runSync(devicePk, e).finally(() => this.syncs.delete(job));
    this.syncs.add(job);
  }

  private async runSync(devicePk: number, e: Entry): Promise<void> {
    try {
      await this.catchUp(devicePk, e);
      e.busy = false;
    } catch (err) {
      this.stats.failures++;
      this.onError(err);
      // The device stays busy (its fixes buffered) and tries again from where it failed.
      await new Promise((r) => setTimeout(r, RETRY_MS));
      if (this.closed) {
        e.busy = false;
        return;
      }
      e.busy = false;
      this.sync(devicePk, e);
    }
  }

  private async catchUp(devicePk: number, e: Entry): Promise<void> {
    // Fix times read from the table by the last pass: buffered fixes among them were fed already.
    let read = new Set<number>();
    for (;;) {
      const buffer = e.buffer;
      e.buffer = [];
      const wm = e.state.watermark;
      let late = e.lateFrom;
      const fresh: TripPoint[] = [];
      for (const p of buffer) {
        if (read.has(p.time)) continue;
        if (wm !== null && p.time < wm) late = Math.min(late ?? p.time, p.time);
        else fresh.push(p);
      }
      if (late !== null) {
        e.lateFrom = late;
        read = await this.rebuild(devicePk, e, late);
        e.lateFrom = null;
        e.catchUp = false;
        continue;
      }
      const out: Segment[] = [];
      if (e.catchUp) {
        // The buffered fixes were committed before they were fed, so the read holds them too.
        const points = await readTripPoints(this.pool, devicePk, wm!, false);
        this.stats.catchUps++;
        for (const p of points) pushPoint(e.state, p, this.params, out);
        read = new Set(points.map((p) => p.time));
        e.catchUp = false;
      } else {
        fresh.sort((a, b) => a.time - b.time);
        for (const p of fresh) pushPoint(e.state, p, this.params, out);
        read = new Set();
      }
      this.mark(devicePk, e.state, out);
      if (!e.buffer.length && e.lateFrom === null) return;
    }
  }

  /**
   * Reruns the device from the start of the stop the late fix falls in or follows (a detector restarted
   * at a stop's start gives the same segments from there on), or from its first row when it has no stop
   * before it. Returns the fix times read.
   */
  private async rebuild(devicePk: number, e: Entry, late: number): Promise<Set<number>> {
    this.stats.rebuilds++;
    // The rows gathered so far must be in the table before it is searched for the stop.
    await this.flush(true);
    if (this.pending.has(devicePk)) throw new Error('trip rows not written; the rebuild waits');
    const open = openStart(e.state);
    let from: number;
    if (open?.kind === 'stop' && open.start <= late) from = open.start;
    else {
      const anchors = await rebuildAnchors(this.pool, devicePk, late);
      from = anchors.stop ?? Math.min(late, anchors.first ?? late, open?.start ?? late);
    }
    const points = await readTripPoints(this.pool, devicePk, from, true);
    const state = newDetector();
    const out: Segment[] = [];
    for (const p of points) pushPoint(state, p, this.params, out);
    e.state = state;
    this.mark(devicePk, state, out, from);
    return new Set(points.map((p) => p.time));
  }
}
