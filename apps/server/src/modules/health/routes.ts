import type { FastifyInstance } from 'fastify';
import type { HealthService } from './service.ts';

/** For load balancers and process managers; outside the API contract (no appid, no reply envelope). */
export function healthRoutes(app: FastifyInstance, svc: HealthService): void {
  app.get('/healthz', { schema: { hide: true } }, () => svc.check());
}
