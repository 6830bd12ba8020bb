import type { InboundRecord, IngestSink } from '@lodestar/gateway';
import type pg from 'pg';
import type { LiveBus, LiveUpdate } from './bus.ts';
import type { DeviceCache } from './device-cache.ts';
import { DEFAULT_FILTERS, type FilterOptions } from './filters.ts';
import { type FlushPlan, planFlush } from './plan.ts';
import { loadStates, writePlan } from './sql.ts';
import type { LatestState } from './state.ts';

interface Pending {
  records: InboundRecord[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface WriterStats {
  recordsPersisted: number;
  positionsStored: number;
  positionsDropped: Record<string, number>;
  flushes: number;
  failedFlushes: number;
  lastFlushMs: number;
}

/**
 * The ingest sink: group commit. Everything that arrives while a transaction is in flight is
 * written by the next one, so a thousand devices reporting at once cost a few transactions, and
 * `persist` resolves only after the COMMIT that made its records durable.
 */
export class PositionWriter implements IngestSink {
  private queue: Pending[] = [];
  private flushing = false;
  private readonly states = new Map<number, LatestState>();
  readonly stats: WriterStats = {
    recordsPersisted: 0,
    positionsStored: 0,
    positionsDropped: {},
    flushes: 0,
    failedFlushes: 0,
    lastFlushMs: 0,
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly devices: DeviceCache,
    private readonly bus: LiveBus,
    private readonly filters: FilterOptions = DEFAULT_FILTERS,
    private readonly maxBatchRecords = 5000,
  ) {}

  persist(records: InboundRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ records, resolve, reject });
      if (!this.flushing) setImmediate(() => void this.drain());
    });
  }

  /** Forget cached state (a device was removed or its history rewritten). */
  forget(devicePk: number): void {
    this.states.delete(devicePk);
  }

  private async drain(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length) {
        const batch = this.take();
        try {
          await this.flush(batch.flatMap((p) => p.records));
          for (const p of batch) p.resolve();
        } catch (err) {
          this.stats.failedFlushes++;
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private take(): Pending[] {
    let n = 0;
    let i = 0;
    while (i < this.queue.length && (i === 0 || n + this.queue[i]!.records.length <= this.maxBatchRecords)) {
      n += this.queue[i]!.records.length;
      i++;
    }
    return this.queue.splice(0, i);
  }

  private async flush(records: InboundRecord[]): Promise<void> {
    const started = performance.now();
    const infos = await this.devices.resolve(records.map((r) => r.deviceId));
    const missing = [...new Set([...infos.values()].map((d) => d.pk))].filter((pk) => !this.states.has(pk));
    const loaded = missing.length ? await loadStates(this.pool, missing) : new Map<number, LatestState>();
    const plan: FlushPlan = planFlush(
      records,
      infos,
      (pk) => this.states.get(pk) ?? loaded.get(pk),
      new Date(),
      this.filters,
    );
    await writePlan(this.pool, plan);
    // Only after COMMIT does the cached state move on: a failed flush leaves it as it was.
    for (const [pk, s] of plan.states) this.states.set(pk, s);
    this.stats.flushes++;
    this.stats.recordsPersisted += records.length;
    this.stats.positionsStored += plan.positions.length;
    for (const [reason, n] of Object.entries(plan.dropped))
      this.stats.positionsDropped[reason] = (this.stats.positionsDropped[reason] ?? 0) + n;
    this.stats.lastFlushMs = performance.now() - started;
    this.bus.publish(plan.updates satisfies LiveUpdate[]);
  }
}
