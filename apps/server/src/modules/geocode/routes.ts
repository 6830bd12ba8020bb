import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ReplyOf } from '../../lib/schemas.ts';
import type { CachedGeocoder } from './provider.ts';

const Point = Type.Object({
  Lat: Type.Number({ minimum: -90, maximum: 90 }),
  Lng: Type.Number({ minimum: -180, maximum: 180 }),
});
const PlaceSchema = Type.Object({
  Country: Type.String(),
  Province: Type.String(),
  City: Type.String({ description: 'prefecture-level city; a municipality is its own city' }),
  Address: Type.String(),
  Source: Type.String({ description: 'offline, amap or nominatim' }),
});

/** Geocode/Reverse: places for up to 100 WGS-84 points at once, in the caller's language. */
export function geocodeRoutes(fastify: FastifyInstance, geocoder: CachedGeocoder) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Geocode/Reverse',
    {
      config: { fn: [Fn.onlineMonitor, Fn.locationService, Fn.playback] },
      schema: {
        tags: ['monitor'],
        body: Type.Object({ Points: Type.Array(Point, { minItems: 1, maxItems: 100 }) }),
        response: { 200: ReplyOf(Type.Array(PlaceSchema)) },
      },
    },
    async (req, reply) =>
      reply.ok(await Promise.all(req.body.Points.map((p) => geocoder.reverse(p.Lat, p.Lng, req.lang)))),
  );
}
