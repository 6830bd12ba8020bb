import type { TripParams } from '@lodestar/domain';
import type { InboundRecord, IngestSink } from '@lodestar/gateway';
import type pg from 'pg';
import type { LiveBus } from './bus.ts';
import type { DeviceCache } from './device-cache.ts';
import { DeviceDays } from './device-days.ts';
import { DEFAULT_FILTERS, type FilterOptions } from './filters.ts';
import { finishPlan, planRecords } from './plan.ts';
import { loadStates, markStaleDays, writePlan } from './sql.ts';
import { EMPTY_STATE, type LatestState } from './state.ts';
import { StateFlusher } from './state-flusher.ts';
import { TripTracker } from './trip-tracker.ts';
import type { CheckedZones, FenceEngine } from './zone-engine.ts';
import { dueStays } from './zone-sql.ts';
import { planStays, STAY_SWEEP_MS } from './zone-sweep.ts';

interface Pending {
  records: InboundRecord[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * A flush shares what is waiting with the other free slots (two COPYs of half each run on two
 * server backends at once, and commit together), but never for fewer records than this: below it,
 * a statement's fixed cost outweighs what running in parallel gains.
 */
const MIN_SHARED_BATCH = 200;

export interface WriterStats {
  recordsPersisted: number;
  positionsStored: number;
  positionsDropped: Record<string, number>;
  flushes: number;
  failedFlushes: number;
  /** Closed (device, UTC day) pairs a stored fix arrived late for, marked for the track rollup. */
  staleDaysMarked: number;
  /** fenceStay events the stay sweep fired (for devices that sent no fix past the limit). */
  staysSwept: number;
}

export interface WriterOptions {
  filters?: FilterOptions;
  /** Records in one transaction at most. */
  maxBatchRecords?: number;
  /** Transactions in flight at once; each holds devices no other in-flight one holds. */
  maxInFlight?: number;
  stateFlushMs?: number;
  /** The zone whose calendar days device_days records (DEVICE_DAY_TIME_ZONE); Asia/Shanghai by default. */
  dayZone?: string;
  /** Trips and stops tracked as positions are stored (HISTORY_TRIPS, HISTORY_STOP_*, HISTORY_GAP_SECONDS); off when absent. */
  trips?: TripParams;
  /** Where the derived writes (trips and stops) report their failures, which never fail a persist. */
  log?: (msg: string) => void;
  /** The fence engine (FENCE_ENGINE): each stored latest fix is checked against its device's zones. */
  zones?: FenceEngine;
  /** How often stay timers of silent devices are swept (0: only when sweepStays is called). */
  staySweepMs?: number;
  /** ONLINE_TIMEOUT_SECONDS, for the map status of a swept device's live update. */
  onlineTimeoutMs?: number;
}

/**
 * The ingest sink: group commit. Everything that arrives while transactions are in flight is
 * written by the next one, so a thousand devices reporting at once cost a few transactions, and
 * `persist` resolves only after the COMMIT that made its records durable. Up to `maxInFlight`
 * transactions overlap, but never two holding the same device, so each device's records are
 * applied in the order they came.
 */
export class PositionWriter implements IngestSink {
  private queue: Pending[] = [];
  /** Records in `queue`. */
  private queued = 0;
  private pumpScheduled = false;
  private inFlight = 0;
  /** Records waiting for a commit (System/GetInfo's ingest backlog). */
  get backlog(): number {
    return this.queued;
  }
  private readonly busyDevices = new Set<string>();
  private readonly states = new Map<number, LatestState>();
  private readonly stateRows: StateFlusher;
  private readonly days: DeviceDays;
  /** Trips and stops of the stored positions, when tracked. */
  readonly trips: TripTracker | undefined;
  private readonly log: (msg: string) => void;
  readonly zones: FenceEngine | undefined;
  private readonly onlineTimeoutMs: number;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  /** Roles apart: the stay sweep takes only the devices of this worker's partitions. */
  private sweepOwns: (deviceId: string) => boolean = () => true;
  private readonly filters: FilterOptions;
  private readonly maxBatchRecords: number;
  private readonly maxInFlight: number;
  readonly stats: WriterStats = {
    recordsPersisted: 0,
    positionsStored: 0,
    positionsDropped: {},
    flushes: 0,
    failedFlushes: 0,
    staleDaysMarked: 0,
    staysSwept: 0,
  };
  /** Late fixes' (device, UTC day) not yet marked stale: kept across flushes until a mark succeeds. */
  private readonly lateDays = new Map<string, { devicePk: number; day: string }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly devices: DeviceCache,
    private readonly bus: LiveBus,
    opts: WriterOptions = {},
  ) {
    this.filters = opts.filters ?? DEFAULT_FILTERS;
    this.maxBatchRecords = opts.maxBatchRecords ?? 5000;
    this.maxInFlight = opts.maxInFlight ?? 2;
    this.stateRows = new StateFlusher(pool, opts.stateFlushMs ?? 1000);
    this.days = new DeviceDays(opts.dayZone);
    const log = opts.log ?? (() => {});
    this.log = log;
    this.trips = opts.trips
      ? new TripTracker(pool, opts.trips, opts.stateFlushMs ?? 1000, (err) => log(`trips and stops: ${String(err)}`))
      : undefined;
    this.zones = opts.zones;
    this.onlineTimeoutMs = opts.onlineTimeoutMs ?? 600_000;
    const sweepMs = opts.staySweepMs ?? STAY_SWEEP_MS;
    if (this.zones && sweepMs > 0) {
      this.sweepTimer = setInterval(() => {
        this.sweepStays().catch((err) => log(`fence stay sweep: ${String(err)}`));
      }, sweepMs);
      this.sweepTimer.unref();
    }
  }

  persist(records: InboundRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ records, resolve, reject });
      this.queued += records.length;
      // One pump for everything persisted in this turn of the event loop, not one per call.
      if (!this.pumpScheduled) {
        this.pumpScheduled = true;
        setImmediate(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Writes the trailing latest-state rows now (tests, shutdown). */
  flushStates(): Promise<void> {
    return this.stateRows.flush();
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweeping?.catch(() => {});
    this.zones?.close();
    await this.stateRows.close();
    await this.trips?.close();
  }

  /** Roles apart: another worker sweeps the devices of its own partitions. */
  sweepOnly(owns: (deviceId: string) => boolean): void {
    this.sweepOwns = owns;
  }

  /**
   * Fires fenceStay for visits past their max stay whose devices sent no fix since (the timer calls it). The
   * devices are held like a flush holds them, so no flush of theirs runs meanwhile; one in flight now is left
   * to the next sweep. Resolves to the events fired.
   */
  sweepStays(now = new Date()): Promise<number> {
    this.sweeping ??= this.sweep(now).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweep(now: Date): Promise<number> {
    const zones = this.zones;
    if (!zones) return 0;
    await zones.ready();
    const due = (await dueStays(this.pool, now)).filter(
      (d) => this.sweepOwns(d.deviceId) && !this.busyDevices.has(d.deviceId),
    );
    if (!due.length) return 0;
    const ids = due.map((d) => d.deviceId);
    for (const id of ids) this.busyDevices.add(id);
    try {
      const infos = [...(await this.devices.resolve(ids)).values()];
      const missing = infos.map((d) => d.pk).filter((pk) => !this.states.has(pk));
      const loaded = missing.length ? await loadStates(this.pool, missing) : new Map<number, LatestState>();
      const stateOf = (pk: number) => this.states.get(pk) ?? loaded.get(pk) ?? EMPTY_STATE;
      const pks = infos.map((d) => d.pk);
      const checked = await zones.stays(pks, pks.map(stateOf), now.getTime());
      const plan = planStays(checked, infos, stateOf, now, this.onlineTimeoutMs);
      if (!plan.events.length) {
        checked.abort();
        return 0;
      }
      try {
        await writePlan(this.pool, plan);
      } catch (err) {
        checked.abort();
        throw err;
      }
      checked.commit();
      for (const [pk, s] of plan.states) this.states.set(pk, s);
      this.stateRows.mark(plan.states);
      this.stats.staysSwept += plan.events.length;
      this.bus.publish(plan.updates);
      return plan.events.length;
    } finally {
      for (const id of ids) this.busyDevices.delete(id);
      this.pump();
    }
  }

  /** An operator released the device's alarms: the next write must not bring them back. */
  releaseAlarms(devicePk: number): void {
    const s = this.states.get(devicePk);
    if (s) this.states.set(devicePk, { ...s, alarms: [], overspeedSince: null });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length) {
      const free = this.maxInFlight - this.inFlight;
      const limit = Math.min(this.maxBatchRecords, Math.max(MIN_SHARED_BATCH, Math.ceil(this.queued / free)));
      const batch = this.take(limit);
      if (!batch.length) return;
      this.inFlight++;
      const ids = new Set<string>();
      const records: InboundRecord[] = [];
      for (const p of batch)
        for (const r of p.records) {
          ids.add(r.deviceId);
          records.push(r);
        }
      this.queued -= records.length;
      for (const id of ids) this.busyDevices.add(id);
      this.flush(records)
        .then(
          () => {
            for (const p of batch) p.resolve();
          },
          (err) => {
            this.stats.failedFlushes++;
            for (const p of batch) p.reject(err);
          },
        )
        .finally(() => {
          for (const id of ids) this.busyDevices.delete(id);
          this.inFlight--;
          this.pump();
        });
    }
  }

  /** The oldest pending persists whose devices are not in flight, in order, up to `limit` records. */
  private take(limit: number): Pending[] {
    const taken: Pending[] = [];
    // Devices of persists left waiting in this pass: a later persist of the same device waits behind them.
    const held = new Set<string>();
    let n = 0;
    const rest: Pending[] = [];
    let i = 0;
    for (; i < this.queue.length && n < limit; i++) {
      const p = this.queue[i]!;
      let clash = taken.length > 0 && n + p.records.length > limit;
      if (!clash)
        for (const r of p.records)
          if (this.busyDevices.has(r.deviceId) || held.has(r.deviceId)) {
            clash = true;
            break;
          }
      if (clash) {
        for (const r of p.records) held.add(r.deviceId);
        rest.push(p);
        continue;
      }
      taken.push(p);
      n += p.records.length;
    }
    // Past the limit the rest stays queued as it is, in order.
    for (; i < this.queue.length; i++) rest.push(this.queue[i]!);
    this.queue = rest;
    return taken;
  }

  private async flush(records: InboundRecord[]): Promise<void> {
    const infos = await this.devices.resolve(records.map((r) => r.deviceId));
    const missing = [...new Set([...infos.values()].map((d) => d.pk))].filter((pk) => !this.states.has(pk));
    const loaded = missing.length ? await loadStates(this.pool, missing) : new Map<number, LatestState>();
    const zones = this.zones;
    const days = this.days.batch();
    const { plan, rest } = planRecords(
      records,
      infos,
      (pk) => this.states.get(pk) ?? loaded.get(pk),
      new Date(),
      this.filters,
      days.note,
      zones !== undefined,
    );
    // With fences, the positions go first and the database stores them while the engine checks the fixes; its
    // events and visits follow in the same transaction.
    let checked: CheckedZones | undefined;
    if (zones && rest.zonePks.length)
      try {
        await writePlan(this.pool, plan, days.rows, async () => {
          checked = await zones.check(rest.zonePks, rest.zoneFixes);
          finishPlan(plan, rest, checked);
        });
      } catch (err) {
        checked?.abort();
        throw err;
      }
    else {
      finishPlan(plan, rest);
      await writePlan(this.pool, plan, days.rows);
    }
    await this.markLateDays(plan.positions);
    // Only after COMMIT do the cached state and the fence visits move on: a failed flush leaves them as they were.
    checked?.commit();
    for (const [pk, s] of plan.states) this.states.set(pk, s);
    if (days.rows.length) this.days.committed(days.rows);
    this.stateRows.mark(plan.states);
    this.stats.flushes++;
    this.stats.recordsPersisted += records.length;
    this.stats.positionsStored += plan.positions.length;
    for (const [reason, n] of Object.entries(plan.dropped))
      this.stats.positionsDropped[reason] = (this.stats.positionsDropped[reason] ?? 0) + n;
    this.bus.publish(plan.updates);
    // Derived data, after the COMMIT: its own failures are logged and retried by the tracker.
    if (this.trips && plan.positions.length)
      try {
        this.trips.feed(plan.positions);
      } catch (err) {
        this.log(`trips and stops: ${String(err)}`);
      }
  }

  /**
   * A fix of a UTC day before today may land in a day the track rollup packed already: that (device, day) is
   * marked stale, once the fix is committed. A comparison per position on the hot path; the statement only
   * when there are late fixes (a device sending what it buffered while out of coverage). A failed mark is
   * kept for the next flush rather than failing this one, whose positions are stored.
   */
  private async markLateDays(positions: { device_pk: number; fix_time: Date }[]): Promise<void> {
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    for (const p of positions) {
      const t = p.fix_time.getTime();
      if (t >= today) continue;
      const day = new Date(t).toISOString().slice(0, 10);
      this.lateDays.set(`${p.device_pk} ${day}`, { devicePk: p.device_pk, day });
    }
    if (!this.lateDays.size) return;
    const marks = [...this.lateDays.values()];
    this.lateDays.clear();
    try {
      await markStaleDays(this.pool, marks);
      this.stats.staleDaysMarked += marks.length;
    } catch {
      for (const m of marks) this.lateDays.set(`${m.devicePk} ${m.day}`, m);
    }
  }
}
