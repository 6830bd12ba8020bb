import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DistributionBody, DistributionReply, MapBody, MapReply } from '@lodestar/contract/spread';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { SpreadService } from './service.ts';

const tags = ['spread'];
const config = { fn: Fn.businessMap };

/** The business distribution map (/spread, function 41; docs/API.md "Provinces, business map, insurance, system"). */
export function spreadRoutes(fastify: FastifyInstance, svc: SpreadService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Spread/GetDistribution',
    { config, schema: { tags, body: DistributionBody, response: { 200: DistributionReply } } },
    async (req, reply) => reply.ok(await svc.distribution(req.auth, req.body, req.lang)),
  );
  app.post(
    '/API/api/Spread/GetMap',
    { config, schema: { tags, body: MapBody, response: { 200: MapReply } } },
    async (req, reply) => reply.ok(svc.map(req.body, req.lang)),
  );
}
