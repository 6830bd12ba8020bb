import type { FastifyInstance } from 'fastify';
import type { NoticeRepository } from './repository.ts';

export const EXPIRY_SCAN_INTERVAL_MS = 60 * 60 * 1000;

/** The SIM expiry scan, then the VIP one: the notices added by both. */
export async function expiryScans(repo: NoticeRepository, now = new Date()): Promise<number> {
  return (await repo.expiryScan(now)) + (await repo.vipExpiryScan(now));
}

/**
 * The expiry scans at start and every hour (one SIM notice per user and day, one VIP notice per device and
 * state, so the hourly runs only catch a new day, a newly expiring card or a device entering a narrower
 * state). The timer does not keep the process alive and stops when the app closes; a run in progress is
 * awaited then.
 */
export function scheduleExpiryScan(app: FastifyInstance, repo: NoticeRepository): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = expiryScans(repo)
      .then((added) => {
        if (added) app.log.info({ added }, 'expiry scan: notices added');
      })
      .catch((err: unknown) => app.log.error({ err }, 'expiry scan failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, EXPIRY_SCAN_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
