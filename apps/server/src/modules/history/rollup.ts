import { LIMITS } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { packDayReply } from './compact-reply.ts';
import type { PackedDay, RollupRepository } from './rollup-repository.ts';
import { packDay, type TrackColumns } from './track-columns.ts';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Device-days asked for at a time: a batch is a few seconds of work, and stopping waits at most for one. */
const BATCH = 100;

/** A day's points packed (partial reads of the day) and its share of the compact reply (whole-day reads). */
export const packTrackDay = (c: TrackColumns): PackedDay => ({ data: packDay(c), reply: packDayReply(c) });

/**
 * The track rollup (issue #16): every closed UTC day of the last LIMITS.historyVipDays, each device that
 * reported packed into one track_days row; days the ingest marked stale packed again. Rows older than any
 * device may read are dropped.
 */
export class TrackRollup {
  private stopping = false;

  constructor(private readonly repo: RollupRepository) {}

  /** Rolls everything due; answers how many device-days it packed. */
  async run(now = new Date()): Promise<number> {
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const first = utcDay(today - LIMITS.historyVipDays * DAY_MS);
    await this.repo.prune(first);
    let rolled = 0;
    while (!this.stopping) {
      const due = await this.repo.candidates(first, utcDay(today - DAY_MS), BATCH);
      for (const d of due) {
        if (this.stopping) break;
        await this.repo.rollDay(d, packTrackDay);
        rolled++;
      }
      if (due.length < BATCH) break;
    }
    return rolled;
  }

  stop(): void {
    this.stopping = true;
  }
}

/**
 * Runs the rollup when the app is ready and every `intervalMs` after (TRACK_ROLLUP_INTERVAL_MINUTES), as the
 * notices' expiry scan runs: the timer does not keep the process alive, a run never overlaps the one before,
 * and closing the app stops a run between two days and waits for it.
 */
export function scheduleTrackRollup(app: FastifyInstance, rollup: TrackRollup, intervalMs: number): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = rollup
      .run()
      .then((rolled) => {
        if (rolled) app.log.info({ rolled }, 'track rollup: device-days packed');
      })
      .catch((err: unknown) => app.log.error({ err }, 'track rollup failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    rollup.stop();
    await running;
  });
}
