import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ErrCode, ReplyCode } from '@lodestar/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { message } from '../../lib/messages.ts';
import type { CompactPieces } from './compact-reply.ts';
import { GzipJoin } from './gzip-join.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a reply goes as it is: compressing costs more than the bytes it saves. */
const MIN_COMPRESS_BYTES = 1024;

/** The content codings a client takes (a q=0 refusal honoured), lower-case. */
function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of acceptEncoding?.toLowerCase().split(',') ?? []) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name) accepted.add(name.trim());
  }
  return accepted;
}

/** br when the client takes it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends `{ code, msg, errCode, data }` with `data` already JSON text (a string, or UTF-8 bytes), compressed for a client that accepts
 * it. The big history replies are written by hand instead of through the route's response schema
 * (bench/RESULTS.md: JSON.stringify of 259,200 points is 3× faster than fast-json-stringify with the
 * union schema, the compact columns' join faster still), and compressed here rather than by a global
 * plugin so only these replies pay for it. Compression runs on libuv's pool, off the event loop.
 * Levels measured on a 30-day compact track with noisy deltas (4.1 MB of JSON, bench/RESULTS.md): brotli 2
 * gives 1.15 MB in about a third of quality 4's time, gzip 4 1.14 MB in a sixth of level 6's.
 * The output is taken in chunks of half the input rather than zlib's 16 KiB: each chunk is a round trip
 * from the pool to the event loop, and while the loop serves a page's other calls those waits, not the
 * compression, were most of the time (a 30-day track: 145 ms against 40 ms with the loop kept busy).
 */
export async function sendJsonText(
  req: FastifyRequest,
  reply: FastifyReply,
  data: string | Buffer,
): Promise<FastifyReply> {
  const head = envelopeHead(req);
  const raw =
    typeof data === 'string'
      ? Buffer.from(`${head}${data}}`)
      : Buffer.concat([Buffer.from(head), data, Buffer.from('}')]);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = raw.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(raw);
  const chunkSize = Math.max(constants.Z_DEFAULT_CHUNK, raw.length >> 1);
  const body =
    encoding === 'br'
      ? await brotli(raw, {
          chunkSize,
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 2,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gzipAsync(raw, { level: 4, chunkSize });
  return reply.header('content-encoding', encoding).send(body);
}

const envelopeHead = (req: FastifyRequest) =>
  `{"code":${ReplyCode.Ok},"msg":${JSON.stringify(message('ok', req.lang))},"errCode":${ErrCode.None},"data":`;

/**
 * GetTrack's compact reply. With whole rolled days in it and a client that takes gzip (every browser), the
 * body is one gzip member joined from the days' segments deflated at rollup time and the rest deflated now:
 * no per-point work and almost no compression in the call (a 30-day track at load 13: ~34 ms of CPU against ~257 ms
 * with brotli over text written whole, 213 KB against 212 KB on the wire; bench/RESULTS.md, #16), so gzip
 * is chosen over br here. Otherwise the text is written whole and sent as any reply.
 */
export async function sendCompactTrack(
  req: FastifyRequest,
  reply: FastifyReply,
  track: CompactPieces,
): Promise<FastifyReply> {
  if (!track.hasSegments || !acceptedEncodings(req.headers['accept-encoding']).has('gzip'))
    return sendJsonText(req, reply, track.toJson());
  const gzip = new GzipJoin();
  gzip.text(Buffer.from(envelopeHead(req)));
  track.write(gzip);
  gzip.text(Buffer.from('}'));
  return reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('content-encoding', 'gzip')
    .send(gzip.done());
}
