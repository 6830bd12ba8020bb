import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import { ModelListBody, ModelListReply, SetFullFunctionBody } from '@lodestar/contract/zones';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { ModelService } from './model-service.ts';

const tags = ['zones'];

/** Device models (function 70 reads and, for the platform's administrators, writes; 51 reads). */
export function modelRoutes(fastify: FastifyInstance, svc: ModelService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/DeviceModel';
  app.post(
    `${base}/GetModelList`,
    {
      config: { fn: [Fn.deviceManage, Fn.geofence] },
      schema: { tags, body: ModelListBody, response: { 200: ModelListReply } },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    `${base}/SetFullFunction`,
    { config: { fn: Fn.deviceManage }, schema: { tags, body: SetFullFunctionBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.setFullFunction(req.auth, req.body);
      return reply.ok();
    },
  );
}
