import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddRoadBody,
  AddRoadReply,
  BindReply,
  ModifyRoadBody,
  RemoveRoadBody,
  RoadBindBody,
  RoadBody,
  RoadListBody,
  RoadListReply,
  RoadReply,
  RoadUnbindBody,
} from '@lodestar/contract/zones';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { RoadService } from './road-service.ts';

const tags = ['zones'];
const config = { fn: [Fn.lineProvinceManage, Fn.geofence] };

/** Roads (/monitor/road, function 40 or 51; docs/API.md "Geo-fences, roads, points and events"). */
export function roadRoutes(fastify: FastifyInstance, svc: RoadService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Road';

  app.post(
    `${base}/AddRoad`,
    { config, schema: { tags, body: AddRoadBody, response: { 200: AddRoadReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyRoad`,
    { config, schema: { tags, body: ModifyRoadBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveRoad`,
    { config, schema: { tags, body: RemoveRoadBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.RoadIDs);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetRoadList`,
    { config, schema: { tags, body: RoadListBody, response: { 200: RoadListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    `${base}/GetRoad`,
    { config, schema: { tags, body: RoadBody, response: { 200: RoadReply } } },
    async (req, reply) => reply.ok(await svc.get(req.auth, req.body.RoadID)),
  );
  app.post(
    `${base}/BindDevices`,
    { config, schema: { tags, body: RoadBindBody, response: { 200: BindReply } } },
    async (req, reply) => reply.ok(await svc.bind(req.auth, req.body)),
  );
  app.post(
    `${base}/UnbindDevices`,
    { config, schema: { tags, body: RoadUnbindBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.unbind(req.auth, req.body);
      return reply.ok();
    },
  );
}
