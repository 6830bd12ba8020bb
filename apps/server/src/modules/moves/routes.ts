import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MoveDevicesBody, MoveReply, MoveVehiclesBody } from '@lodestar/contract/moves';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { MoveService } from './service.ts';

/** Device/MoveDevices (device management, 70) and Vehicle/MoveVehicles (vehicle management, 38); DryRun previews. */
export function moveRoutes(fastify: FastifyInstance, svc: MoveService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Device/MoveDevices',
    {
      config: { fn: Fn.deviceManage },
      schema: { tags: ['devices'], body: MoveDevicesBody, response: { 200: MoveReply } },
    },
    async (req, reply) => reply.ok(await svc.moveDevices(req.auth, req.body)),
  );
  app.post(
    '/API/api/Vehicle/MoveVehicles',
    {
      config: { fn: Fn.vehicleManage },
      schema: { tags: ['vehicles'], body: MoveVehiclesBody, response: { 200: MoveReply } },
    },
    async (req, reply) => reply.ok(await svc.moveVehicles(req.auth, req.body)),
  );
}
