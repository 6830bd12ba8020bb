import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LifeStatusReply, SetLifeStatusBody } from '@lodestar/contract/vehicle-life';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { VehicleLifeService } from './service.ts';

/** Vehicle/SetLifeStatus: policy management (function 163) from the monitor's row-action menu. */
export function vehicleLifeRoutes(fastify: FastifyInstance, svc: VehicleLifeService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Vehicle/SetLifeStatus',
    {
      config: { fn: Fn.policyManage },
      schema: { tags: ['vehicles'], body: SetLifeStatusBody, response: { 200: LifeStatusReply } },
    },
    async (req, reply) => reply.ok(await svc.setLifeStatus(req.auth, req.body.DeviceID, req.body.VehicleLifeStatus)),
  );
}
