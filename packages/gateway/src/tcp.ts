import { createServer, type Server, type Socket } from 'node:net';
import type { ChannelFactory, StreamProtocolName } from './channels/index.ts';
import { DeviceConnection } from './connection.ts';
import type { GatewayContext } from './context.ts';
import { listen } from './listen.ts';

/** After end(), a peer that never closes its side is cut after this long. */
const END_GRACE_MS = 2_000;
/** Frames one connection may queue behind the batch being stored before reading stops. */
const MAX_QUEUED_FRAMES = 256;

/** TCP listener for one stream protocol: connection caps, idle timeout, one DeviceConnection per socket. */
export async function listenTcp(
  gw: GatewayContext,
  protocol: StreamProtocolName,
  port: number,
  channel: ChannelFactory,
  sockets: Set<Socket>,
): Promise<Server> {
  const server = createServer((socket) => {
    const slot = gw.limiter.acquire(protocol, socket.remoteAddress ?? '', () => socket.destroy());
    if (!slot) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    // Idle sockets are usually half-open: the tracker lost power or coverage without a FIN.
    socket.setTimeout(gw.opts.idleTimeoutMs, () => {
      gw.opts.log('debug', 'idle timeout', { protocol, remoteAddress: socket.remoteAddress });
      socket.destroy();
    });
    const connection = new DeviceConnection(gw, channel(), {
      remoteAddress: socket.remoteAddress ?? '',
      write: (bytes) => {
        if (socket.destroyed || !socket.writable) return false;
        socket.write(bytes);
        return true;
      },
      end: () => {
        socket.end();
        setTimeout(() => socket.destroy(), END_GRACE_MS).unref();
      },
      destroy: () => socket.destroy(),
      identified: () => slot.identified(),
      lookingUp: (waiting) => slot.lookingUp(waiting),
    });
    socket.on('data', (chunk) => {
      const handled = connection.receive(chunk);
      // Reading goes on while a batch is persisted (frames queue for the next batch), and pauses only when
      // a device sends faster than it is stored: pausing and resuming every read costs two epoll calls.
      if (connection.queuedFrames >= MAX_QUEUED_FRAMES && !socket.isPaused()) {
        socket.pause();
        void handled.then(() => {
          if (!socket.destroyed) socket.resume();
        });
      }
    });
    socket.on('error', (err) => gw.opts.log('debug', 'socket error', { protocol, error: err.message }));
    socket.on('close', () => {
      sockets.delete(socket);
      slot.release();
      connection.transportClosed();
    });
  });
  server.on('error', (err) => gw.opts.log('error', 'TCP listener error', { protocol, error: err.message }));
  await listen(server, port, gw.opts.host);
  return server;
}
