import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrCode, ReplyCode } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from './core.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built console. Any other GET that wants HTML gets index.html (history fallback), so
 * /login or /manage/sim load the app; unknown API paths get the reply contract's 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { dist: string }) => {
  const built = existsSync(path.join(opts.dist, 'index.html'));
  // Vite names every file under assets/ by its content: a browser may keep one for good, and a reload
  // need not ask again. index.html keeps the default (revalidated) so a new build is picked up.
  const assets = path.join(opts.dist, 'assets') + path.sep;
  if (built)
    await app.register(fastifyStatic, {
      root: opts.dist,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (file.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

  app.setNotFoundHandler((req, reply) => {
    const wantsHtml = req.method === 'GET' && !isApiUrl(req.url) && !req.url.toLowerCase().startsWith('/api/');
    if (wantsHtml && built) return reply.type('text/html').sendFile('index.html');
    if (wantsHtml)
      return reply
        .status(503)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build` (npm start does it for you).');
    return reply
      .status(404)
      .send({ code: ReplyCode.NotFound, msg: 'Not found', errCode: ErrCode.NotFound, data: null });
  });
});
