import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PeriodBody, StopsReply, SummaryReply, TripsReply } from '@lodestar/contract/history';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { TripService } from './service.ts';

const config = { fn: [Fn.playback, Fn.trackQuery] };
const tags = ['history'];

/** History/GetTrips, GetStops and GetSummary: a device of the caller's subtree, the period rule of GetTrack. */
export function tripRoutes(fastify: FastifyInstance, svc: TripService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/History/GetTrips',
    { config, schema: { tags, body: PeriodBody, response: { 200: TripsReply } } },
    async (req, reply) => reply.ok(await svc.trips(req.auth, req.body)),
  );
  app.post(
    '/API/api/History/GetStops',
    { config, schema: { tags, body: PeriodBody, response: { 200: StopsReply } } },
    async (req, reply) => reply.ok(await svc.stops(req.auth, req.body)),
  );
  app.post(
    '/API/api/History/GetSummary',
    { config, schema: { tags, body: PeriodBody, response: { 200: SummaryReply } } },
    async (req, reply) => reply.ok(await svc.summary(req.auth, req.body)),
  );
}
