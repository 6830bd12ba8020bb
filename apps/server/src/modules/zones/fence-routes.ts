import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddFenceBody,
  AddFenceReply,
  BindReply,
  FenceBindBody,
  FenceBody,
  FenceListBody,
  FenceListReply,
  FenceReply,
  FenceUnbindBody,
  ModifyFenceBody,
  RemoveFenceBody,
} from '@lodestar/contract/zones';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { FenceService } from './fence-service.ts';

const tags = ['zones'];
const config = { fn: Fn.geofence };

/** Geo-fences (/monitor/fence, function 51; docs/API.md "Geo-fences, roads, points and events"). */
export function fenceRoutes(fastify: FastifyInstance, svc: FenceService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Fence';

  app.post(
    `${base}/AddFence`,
    { config, schema: { tags, body: AddFenceBody, response: { 200: AddFenceReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyFence`,
    { config, schema: { tags, body: ModifyFenceBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveFence`,
    { config, schema: { tags, body: RemoveFenceBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.FenceIDs);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetFenceList`,
    { config, schema: { tags, body: FenceListBody, response: { 200: FenceListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    `${base}/GetFence`,
    { config, schema: { tags, body: FenceBody, response: { 200: FenceReply } } },
    async (req, reply) => reply.ok(await svc.get(req.auth, req.body.FenceID)),
  );
  app.post(
    `${base}/BindDevices`,
    { config, schema: { tags, body: FenceBindBody, response: { 200: BindReply } } },
    async (req, reply) => reply.ok(await svc.bind(req.auth, req.body)),
  );
  app.post(
    `${base}/UnbindDevices`,
    { config, schema: { tags, body: FenceUnbindBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.unbind(req.auth, req.body);
      return reply.ok();
    },
  );
}
