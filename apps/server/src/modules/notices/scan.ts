import type { FastifyInstance } from 'fastify';
import type { NoticeRepository } from './repository.ts';

export const EXPIRY_SCAN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The expiry scan at start and every hour (one notice per user and day, so the hourly runs only
 * catch a new day or a newly expiring card). The timer does not keep the process alive and stops
 * when the app closes; a run in progress is awaited then.
 */
export function scheduleExpiryScan(app: FastifyInstance, repo: NoticeRepository): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = repo
      .expiryScan()
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
