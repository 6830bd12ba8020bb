import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddHoldBody,
  AddHoldReply,
  HoldQuery,
  ModifyHoldBody,
  MoveHoldBody,
  RemoveHoldBody,
  SelectReply,
  TreeReply,
} from '@lodestar/contract/holds';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { HoldService } from './service.ts';

/** Managing organisations: the GPS console's enterprise page (69) or the SIM console's customers (14). */
const manage = { fn: [Fn.accountManage, Fn.simCustomers] };
const tags = ['holds'];

export function holdRoutes(fastify: FastifyInstance, svc: HoldService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Hold';

  app.get(
    `${base}/GetLeftHold`,
    { schema: { tags, querystring: HoldQuery, response: { 200: TreeReply } } },
    async (req, reply) => reply.ok(await svc.tree(req.auth, req.query.HoldName || undefined)),
  );
  app.get(
    `${base}/GetHoldSelect`,
    { schema: { tags, querystring: HoldQuery, response: { 200: SelectReply } } },
    async (req, reply) => reply.ok(await svc.select(req.auth, req.query.HoldName || undefined)),
  );
  app.post(
    `${base}/AddHold`,
    { config: manage, schema: { tags, body: AddHoldBody, response: { 200: AddHoldReply } } },
    async (req, reply) =>
      reply.ok(await svc.add(req.auth, req.body.HoldName, req.body.HoldType, req.body.parentHoldId)),
  );
  app.post(
    `${base}/ModifyHold`,
    { config: manage, schema: { tags, body: ModifyHoldBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body.HoldID, { name: req.body.HoldName, holdType: req.body.HoldType });
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveHold`,
    { config: manage, schema: { tags, body: RemoveHoldBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.HoldID);
      return reply.ok();
    },
  );
  app.post(
    `${base}/MoveHold`,
    { config: manage, schema: { tags, body: MoveHoldBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.move(req.auth, req.body.HoldID, req.body.parentHoldId);
      return reply.ok();
    },
  );
}
