import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): antd's stylesheet is 1 MB as text and ~110 KB
 * gzipped, and compressing once at build time costs the server nothing per request.
 */
export function precompress(): Plugin {
  return {
    name: 'lodestar-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!TEXT.test(name)) continue;
        const file = join(dir, name);
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
      }
    },
  };
}
