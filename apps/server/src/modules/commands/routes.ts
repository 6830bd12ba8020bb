import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommandIdReply, CommandListBody, CommandListReply, SendCommandBody } from '@lodestar/contract/commands';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { CommandService } from './service.ts';

/** Command/SendCommand and Command/GetCommandList (the rules in CommandService). */
export function commandRoutes(fastify: FastifyInstance, svc: CommandService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Command/SendCommand',
    {
      config: { fn: Fn.sendCommand },
      schema: {
        tags: ['commands'],
        body: SendCommandBody,
        response: { 200: CommandIdReply },
      },
    },
    async (req, reply) => reply.ok(await svc.send(req.auth, req.body)),
  );
  app.post(
    '/API/api/Command/GetCommandList',
    {
      // Lock/unlock (83) follows its own commands to the device's acknowledgement too.
      config: { fn: [Fn.sendCommand, Fn.lockUnlock] },
      schema: { tags: ['commands'], body: CommandListBody, response: { 200: CommandListReply } },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body.DeviceID)),
  );
}
