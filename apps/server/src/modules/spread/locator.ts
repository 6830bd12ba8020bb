import type { FastifyInstance } from 'fastify';
import type { RegionIndex } from './regions.ts';
import type { LocatedRegion, SpreadRepository } from './repository.ts';

/** Devices located per statement; a background pass repeats until none is left. */
const BATCH = 5000;
export const LOCATE_INTERVAL_MS = 30_000;
/** A request looks at states that arrived since the last full pass began, less this much (a slow writer's commit). */
const SINCE_MARGIN_MS = 60_000;

/**
 * Keeps device_regions up to date with device_states: each pass locates the devices whose latest position has
 * none yet or moved, in batches. Passes never overlap: a caller asking for one while one runs waits for it and
 * then for one more, so what it asks about is located once it returns.
 */
export class RegionLocator {
  private chain: Promise<number> = Promise.resolve(0);
  /** When the last full pass began (ms): a bounded pass after it need only look at states newer than that. */
  private fullSince: number | null = null;

  constructor(
    private readonly repo: SpreadRepository,
    private readonly index: () => RegionIndex,
  ) {}

  /**
   * One pass of at most `maxDevices` (a request bounds its wait). The background pass does all, then rebuilds the
   * country rollup (spread_cells), which brings in devices moved to another unit or removed since.
   */
  run(maxDevices = Number.POSITIVE_INFINITY): Promise<number> {
    const full = maxDevices === Number.POSITIVE_INFINITY;
    this.chain = this.chain
      .catch(() => 0)
      .then(async () => {
        const started = Date.now();
        const since = full || this.fullSince === null ? undefined : new Date(this.fullSince - SINCE_MARGIN_MS);
        const n = await this.pass(maxDevices, since);
        if (full) {
          await this.repo.rebuildCells();
          this.fullSince = started;
        }
        return n;
      });
    return this.chain;
  }

  private async pass(maxDevices: number, since: Date | undefined): Promise<number> {
    let done = 0;
    while (done < maxDevices) {
      const states = await this.repo.pending(Math.min(BATCH, maxDevices - done), since);
      if (!states.length) break;
      const index = this.index();
      const regions: LocatedRegion[] = states.map((s) => ({
        ...s,
        ...(index.locate(s.lon, s.lat) ?? { province: '', city: '' }),
      }));
      await this.repo.save(regions);
      done += states.length;
      if (states.length < BATCH) break;
    }
    return done;
  }
}

/** A pass at start and every LOCATE_INTERVAL_MS; the timer does not keep the process alive. */
export function scheduleLocator(app: FastifyInstance, locator: RegionLocator): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () => locator.run().catch((err: unknown) => app.log.error({ err }, 'device region locator failed'));
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, LOCATE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await locator.run(0).catch(() => 0);
  });
}
