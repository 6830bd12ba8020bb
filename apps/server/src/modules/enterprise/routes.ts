import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddEnterpriseBody,
  AddEnterpriseReply,
  EnterpriseListBody,
  EnterpriseListReply,
  ModifyEnterpriseBody,
  RemoveEnterpriseBody,
} from '@lodestar/contract/enterprise';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { registerMessages } from '../../lib/messages.ts';
import { ENTERPRISE_MESSAGES } from './messages.ts';
import type { EnterpriseService } from './service.ts';

/** The GPS console's enterprise page (/info/enterprise): account management, function 69. */
const manage = { fn: Fn.accountManage };
const tags = ['enterprise'];

export function enterpriseRoutes(fastify: FastifyInstance, svc: EnterpriseService) {
  registerMessages(ENTERPRISE_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Enterprise';

  app.post(
    `${base}/GetEnterpriseList`,
    { config: manage, schema: { tags, body: EnterpriseListBody, response: { 200: EnterpriseListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    `${base}/AddEnterprise`,
    { config: manage, schema: { tags, body: AddEnterpriseBody, response: { 200: AddEnterpriseReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyEnterprise`,
    { config: manage, schema: { tags, body: ModifyEnterpriseBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveEnterprise`,
    { config: manage, schema: { tags, body: RemoveEnterpriseBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.HoldID);
      return reply.ok();
    },
  );
}
