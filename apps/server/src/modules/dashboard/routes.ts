import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DashboardSummaryBody, DashboardSummaryReply } from '@lodestar/contract/dashboard';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { DashboardService } from './service.ts';

/** Dashboard/GetSummary: the GPS home (function 86). */
export function dashboardRoutes(fastify: FastifyInstance, svc: DashboardService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Dashboard/GetSummary',
    {
      config: { fn: Fn.dashboard },
      schema: { tags: ['dashboard'], body: DashboardSummaryBody, response: { 200: DashboardSummaryReply } },
    },
    async (req, reply) => reply.ok(await svc.summary(req.auth, req.body.HoldID)),
  );
}
