import { INSURANCE_RULES } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { NewNotice, NoticeSink } from '../notices/types.ts';
import type { PolicyRepository } from './repository.ts';
import { addDays } from './service.ts';

export const INSURANCE_SCAN_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The bell's insurance notices: each user holding function 84 over a vehicle whose policy ends within the
 * expiring window gets one notice a day (the dedupe key carries the date), and one when policies ended yesterday.
 * Days are China's (the default zone): one scan serves every user.
 */
export async function insuranceScan(repo: PolicyRepository, sink: NoticeSink, now = new Date()): Promise<number> {
  const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const counts = await repo.expiryCounts(today, addDays(today, INSURANCE_RULES.expiringDays));
  const notices: NewNotice[] = [];
  for (const c of counts) {
    if (c.expiring)
      notices.push({
        userId: c.userId,
        kind: 'insuranceExpiring',
        params: { Count: c.expiring, Days: INSURANCE_RULES.expiringDays },
        dedupeKey: `insuranceExpiring:${today}`,
      });
    if (c.expired)
      notices.push({
        userId: c.userId,
        kind: 'insuranceExpired',
        params: { Count: c.expired },
        dedupeKey: `insuranceExpired:${today}`,
      });
  }
  if (notices.length) await sink.add(null, notices);
  return notices.length;
}

/** At start and every hour (a notice per user and day, so the hourly runs only catch a new day). */
export function scheduleInsuranceScan(app: FastifyInstance, repo: PolicyRepository, sink: NoticeSink): void {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = insuranceScan(repo, sink)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'insurance scan failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, INSURANCE_SCAN_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
