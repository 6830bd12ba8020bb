import type { HealthRepository } from './repository.ts';

/** /healthz: the server is up when its database answers (a failure is the 500 a probe expects). */
export class HealthService {
  constructor(private readonly health: HealthRepository) {}

  async check(): Promise<{ status: 'ok' }> {
    await this.health.ping();
    return { status: 'ok' };
  }
}
