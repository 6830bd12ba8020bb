import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddPoiBody,
  AddPoiReply,
  ModifyPoiBody,
  PoiListBody,
  PoiListReply,
  RemovePoiBody,
} from '@lodestar/contract/pois';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { PoiService } from './service.ts';

const tags = ['pois'];
const write = { fn: Fn.geofence };
/** The monitor and history maps show the points too. */
const read = { fn: [Fn.geofence, Fn.playback, Fn.onlineMonitor] };

/** Points (POIs, favourites, risk points; docs/API.md "Geo-fences, roads, points and events"). */
export function poiRoutes(fastify: FastifyInstance, svc: PoiService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Poi';
  app.post(
    `${base}/AddPoi`,
    { config: write, schema: { tags, body: AddPoiBody, response: { 200: AddPoiReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyPoi`,
    { config: write, schema: { tags, body: ModifyPoiBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemovePoi`,
    { config: write, schema: { tags, body: RemovePoiBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.PoiIDs);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetPoiList`,
    { config: read, schema: { tags, body: PoiListBody, response: { 200: PoiListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
}
