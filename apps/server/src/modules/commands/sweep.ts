import type { FastifyInstance } from 'fastify';
import type { CommandRepository } from './repository.ts';

/** How often queued and sent commands past their expiry are marked expired. */
export const EXPIRY_SWEEP_MS = 30_000;

/**
 * Marks commands past their expiry 'expired', one statement a round. The gateway already refuses to send them
 * (its "sent" update checks the expiry); this makes the lists say so, and closes sent commands the gateway
 * could no longer time out (it restarted meanwhile). Several API processes may run it: the update is idempotent.
 */
export function scheduleExpirySweep(app: FastifyInstance, repo: CommandRepository, everyMs = EXPIRY_SWEEP_MS): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    repo
      .expireDue()
      .catch((err) => app.log.warn({ err }, 'command expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
