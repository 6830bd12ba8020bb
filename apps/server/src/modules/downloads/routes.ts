import { createReadStream } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DownloadListQuery, DownloadListReply, GetFileQuery } from '@lodestar/contract/downloads';
import type { FastifyInstance } from 'fastify';
import { contentDisposition, contentTypeOf } from '../../lib/exporter.ts';
import type { DownloadService } from './service.ts';

/** The download centre lists the caller's own prepared files; exports fill it in later issues. */
export function downloadRoutes(fastify: FastifyInstance, svc: DownloadService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/API/api/Download/GetDownloadList',
    { schema: { tags: ['downloads'], querystring: DownloadListQuery, response: { 200: DownloadListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.query)),
  );
  // Only the caller's own file: another user's FileID answers like a missing one.
  app.get(
    '/API/api/Download/GetFile',
    { schema: { tags: ['downloads'], querystring: GetFileQuery } },
    async (req, reply) => {
      const file = await svc.file(req.auth, req.query.FileID);
      return reply
        .header('content-disposition', contentDisposition(file.fileName))
        .type(contentTypeOf(file.fileName))
        .send(createReadStream(file.path));
    },
  );
}
