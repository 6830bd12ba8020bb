import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessageListBody, MessageListReply, SendMessageBody, SendMessageReply } from '@lodestar/contract/messages';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { tooManySelected } from '../commands/routes.ts';
import type { MessageService } from './service.ts';

/** Message/… (/monitor/message, function 52). */
export function messageRoutes(fastify: FastifyInstance, svc: MessageService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['messages'];
  app.post(
    '/API/api/Message/SendMessage',
    {
      config: { fn: Fn.sendMessage },
      preValidation: tooManySelected,
      schema: { tags, body: SendMessageBody, response: { 200: SendMessageReply } },
    },
    async (req, reply) => reply.ok(await svc.send(req.auth, req.body)),
  );
  app.post(
    '/API/api/Message/GetMessageList',
    { config: { fn: Fn.sendMessage }, schema: { tags, body: MessageListBody, response: { 200: MessageListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
}
