import type pg from 'pg';
import { writeStates } from './sql.ts';
import type { LatestState } from './state.ts';

/**
 * Latest-state rows are written behind the positions, coalesced: a device that reported ten
 * times in a second costs one row update. Positions and events are the durable record (committed
 * before any ACK); a latest-state row trails them by at most `intervalMs`, and a failed write is
 * retried with the newer state on the next tick.
 */
export class StateFlusher {
  private dirty = new Map<number, LatestState>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly intervalMs = 1000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  mark(states: Map<number, LatestState>): void {
    for (const [pk, s] of states) this.dirty.set(pk, s);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  /** Writes everything marked so far; resolves when it is committed (or failed and re-queued). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    if (!this.dirty.size) return;
    const batch = this.dirty;
    this.dirty = new Map();
    this.running = writeStates(this.pool, batch).catch((err) => {
      for (const [pk, s] of batch) if (!this.dirty.has(pk)) this.dirty.set(pk, s);
      this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
      this.onError(err);
    });
    await this.running;
    this.running = undefined;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
