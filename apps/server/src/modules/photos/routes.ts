import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommandIdReply } from '@lodestar/contract/commands';
import { PhotoListBody, PhotoListReply, PhotoQuery, TakePhotoBody } from '@lodestar/contract/photos';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { PhotoService } from './service.ts';

/** Photo/TakePhoto (49 target image or 53 send command), GetPhotoList and GetPhoto (37 photos); rules in PhotoService. */
export function photoRoutes(fastify: FastifyInstance, svc: PhotoService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Photo/TakePhoto',
    {
      config: { fn: [Fn.targetImage, Fn.sendCommand] },
      schema: { tags: ['photos'], body: TakePhotoBody, response: { 200: CommandIdReply } },
    },
    async (req, reply) => reply.ok(await svc.take(req.auth, req.body)),
  );
  app.post(
    '/API/api/Photo/GetPhotoList',
    {
      config: { fn: Fn.photos },
      schema: { tags: ['photos'], body: PhotoListBody, response: { 200: PhotoListReply } },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  // The JPEG itself, for <img src>: the token as Download/GetFile takes it.
  app.get(
    '/API/api/Photo/GetPhoto',
    { config: { fn: Fn.photos }, schema: { tags: ['photos'], querystring: PhotoQuery } },
    async (req, reply) => {
      const bytes = await svc.photo(req.auth, Number(req.query.PhotoID));
      return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(bytes);
    },
  );
}
