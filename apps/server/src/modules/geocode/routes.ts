import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ReverseGeocodeBody, ReverseGeocodeReply } from '@lodestar/contract/monitor';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { CachedGeocoder } from './provider.ts';

/** Geocode/Reverse: places for up to 100 WGS-84 points at once, in the caller's language. */
export function geocodeRoutes(fastify: FastifyInstance, geocoder: CachedGeocoder) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Geocode/Reverse',
    {
      config: { fn: [Fn.onlineMonitor, Fn.locationService, Fn.playback] },
      schema: {
        tags: ['monitor'],
        body: ReverseGeocodeBody,
        response: { 200: ReverseGeocodeReply },
      },
    },
    async (req, reply) =>
      reply.ok(await Promise.all(req.body.Points.map((p) => geocoder.reverse(p.Lat, p.Lng, req.lang)))),
  );
}
