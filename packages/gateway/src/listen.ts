import type { Socket as UdpSocket } from 'node:dgram';
import type { Server } from 'node:net';

/**
 * Pending connections the kernel queues before accept (capped by net.core.somaxconn). After a gateway
 * restart every tracker reconnects within seconds; Node's default of 511 drops the rest of such a storm,
 * and their SYN retries come back only after 1, 3, 7 … seconds.
 */
const ACCEPT_BACKLOG = 4096;

/** Bind a TCP/HTTP server; port -1 means any free port. Rejects on EADDRINUSE and the like. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen({ port: port === -1 ? 0 : port, host, backlog: ACCEPT_BACKLOG }, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export function bindUdp(socket: UdpSocket, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    socket.once('error', onError);
    socket.bind(port === -1 ? 0 : port, host, () => {
      socket.off('error', onError);
      resolve(socket.address().port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export function closeUdp(socket: UdpSocket): Promise<void> {
  return new Promise((resolve) => {
    try {
      socket.close(() => resolve());
    } catch {
      resolve(); // already closed
    }
  });
}
