import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { decodeOsmAnd, hasDeviceIdForm, normaliseDeviceId } from '@lodestar/protocols';
import type { CommandLink } from './commands.ts';
import { errorText, type GatewayContext, toRecord } from './context.ts';
import { listen } from './listen.ts';
import type { ConnectionSlot } from './stats.ts';

/** OsmAnd has no downlink: a queued command fails at once (the dispatcher marks it 'unsupported protocol'). */
const NO_DOWNLINK: CommandLink = {
  encodeCommand: () => ({ unsupported: 'unsupported protocol' }),
  write: () => false,
  answerTo: () => undefined,
};

/**
 * OsmAnd / Traccar Client over HTTP: GET with a query string, POST form or JSON. 200 only after the position is
 * durable (the app keeps and resends what was not answered 200); 400/404 malformed, 403 unknown device,
 * 503 when storage failed.
 */
export async function listenOsmAnd(gw: GatewayContext, port: number, sockets: Set<Socket>): Promise<Server> {
  const slots = new WeakMap<Socket, ConnectionSlot>();
  const server = createServer((req, res) => {
    handle(gw, req, res, () => slots.get(req.socket)?.identified()).catch((err) => {
      gw.opts.log('warn', 'OsmAnd request failed', { error: errorText(err) });
      reply(res, 500);
    });
  });
  server.on('connection', (socket: Socket) => {
    const slot = gw.limiter.acquire('osmand', socket.remoteAddress ?? '', () => socket.destroy());
    if (!slot) {
      socket.destroy();
      return;
    }
    slots.set(socket, slot);
    sockets.add(socket);
    socket.setTimeout(gw.opts.idleTimeoutMs, () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      slot.release();
    });
  });
  server.on('error', (err) => gw.opts.log('error', 'HTTP listener error', { protocol: 'osmand', error: err.message }));
  await listen(server, port, gw.opts.host);
  return server;
}

async function handle(
  gw: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
  identified: () => void,
): Promise<void> {
  const { opts, stats } = gw;
  if (req.method !== 'GET' && req.method !== 'POST') return reply(res, 405);
  const body = await readBody(req, opts.maxHttpBody);
  if (body === undefined) return reply(res, 413);
  const contentType = req.headers['content-type'];
  const m = decodeOsmAnd({ uri: req.url, body, contentType }, { now: opts.now });
  if (m.error !== undefined || m.httpStatus !== 200 || !m.deviceId) {
    stats.malformedFrames++;
    return reply(res, m.httpStatus === 200 ? 400 : m.httpStatus);
  }
  stats.framesDecoded++;
  const deviceId = normaliseDeviceId('osmand', m.deviceId);
  const remoteAddress = req.socket.remoteAddress ?? '';
  if (!(await opts.directory.isKnown('osmand', deviceId))) {
    stats.unknownDevicesRefused++;
    if (hasDeviceIdForm('osmand', deviceId))
      await opts.directory.recordUnknown({ protocol: 'osmand', deviceId, remoteAddress, at: opts.now() });
    return reply(res, 403);
  }
  identified();
  if (!gw.dispatcher.isAttached(deviceId)) gw.dispatcher.attach(deviceId, NO_DOWNLINK);
  try {
    await opts.sink.persist([toRecord('osmand', deviceId, remoteAddress, opts.now(), m)]);
  } catch (err) {
    stats.persistFailures++;
    stats.acksWithheld++;
    opts.log('warn', 'persist failed; answering 503', { protocol: 'osmand', deviceId, error: errorText(err) });
    return reply(res, 503);
  }
  stats.positionsPersisted += m.positions.length;
  stats.acksSent++;
  reply(res, 200);
}

function reply(res: ServerResponse, status: number): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-length': 0 }).end();
}

/** The body as text, or undefined when it is larger than `max`. */
function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
