import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SystemInfoReply } from '@lodestar/contract/system';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { SystemService } from './service.ts';

/** System/GetInfo (/system, function 33; the service also requires a super administrator). */
export function systemRoutes(fastify: FastifyInstance, svc: SystemService) {
  fastify
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/API/api/System/GetInfo',
      { config: { fn: Fn.systemInfo }, schema: { tags: ['system'], response: { 200: SystemInfoReply } } },
      async (req, reply) => reply.ok(await svc.info(req.auth)),
    );
}
