import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DownloadListQuery, DownloadListReply, GetFileQuery } from '@lodestar/contract/downloads';
import { type Db, downloads } from '@lodestar/db';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { formatInZone } from '../../lib/time.ts';
import { contentDisposition, contentTypeOf, DownloadStatus, type Exporter } from './exporter.ts';

/** The download centre lists the caller's own prepared files; exports fill it in later issues. */
export function downloadRoutes(fastify: FastifyInstance, db: Db, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/API/api/Download/GetDownloadList',
    { schema: { tags: ['downloads'], querystring: DownloadListQuery, response: { 200: DownloadListReply } } },
    async (req, reply) => {
      const where = eq(downloads.userId, req.auth.userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(downloads)
          .where(where)
          .orderBy(desc(downloads.createdAt))
          .limit(req.query.PageSize)
          .offset((req.query.PageIndex - 1) * req.query.PageSize),
        db.select({ n: count() }).from(downloads).where(where),
      ]);
      return reply.ok({
        rows: rows.map((r) => ({
          FileID: r.id,
          FileName: r.fileName,
          Status: r.status,
          Progress: r.progress,
          Size: r.size,
          CreateTime: formatInZone(r.createdAt, req.auth.timeZone),
        })),
        total: total?.n ?? 0,
      });
    },
  );
  // Only the caller's own file: another user's FileID answers like a missing one.
  app.get(
    '/API/api/Download/GetFile',
    { schema: { tags: ['downloads'], querystring: GetFileQuery } },
    async (req, reply) => {
      const [row] = await db
        .select()
        .from(downloads)
        .where(and(eq(downloads.id, req.query.FileID), eq(downloads.userId, req.auth.userId)));
      if (!row) throw outsideHold();
      const file = exporter.resolve(row.storagePath);
      if (row.status !== DownloadStatus.Ready || !row.storagePath || !(await exists(file)))
        throw badRequest('fileNotReady');
      return reply
        .header('content-disposition', contentDisposition(row.fileName))
        .type(contentTypeOf(row.fileName))
        .send(createReadStream(file));
    },
  );
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
