import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { ChannelFactory, StreamProtocolName } from './channels/index.ts';
import { DeviceConnection } from './connection.ts';
import type { GatewayContext } from './context.ts';
import { bindUdp } from './listen.ts';
import type { ConnectionSlot } from './stats.ts';

interface Peer {
  connection: DeviceConnection;
  slot: ConnectionSlot;
  timer: NodeJS.Timeout;
}

/**
 * UDP listener. Each remote address:port is a virtual connection with its own channel (so JT/T 808 and H02 over
 * UDP follow the same rules as TCP: in order, known devices only, ACK after durable write). A peer silent for
 * the idle timeout, or unidentified for the unidentified timeout, is forgotten.
 */
export async function listenUdp(
  gw: GatewayContext,
  protocol: StreamProtocolName,
  port: number,
  channel: ChannelFactory,
): Promise<{ socket: Socket; port: number; forget(): void }> {
  const socket = createSocket(isIPv6(gw.opts.host) ? 'udp6' : 'udp4');
  const peers = new Map<string, Peer>();
  const forget = (key: string) => {
    const peer = peers.get(key);
    if (!peer) return;
    peers.delete(key);
    clearTimeout(peer.timer);
    peer.slot.release();
    peer.connection.transportClosed();
  };
  socket.on('message', (datagram, rinfo) => {
    const key = `${rinfo.address}:${rinfo.port}`;
    let peer = peers.get(key);
    if (!peer) {
      const slot = gw.limiter.acquire(protocol, rinfo.address, () => forget(key));
      if (!slot) return;
      const connection = new DeviceConnection(gw, channel(), {
        remoteAddress: rinfo.address,
        write: (bytes) => {
          if (!peers.has(key)) return false;
          socket.send(bytes, rinfo.port, rinfo.address);
          return true;
        },
        end: () => forget(key),
        destroy: () => forget(key),
        identified: () => slot.identified(),
        lookingUp: (waiting) => slot.lookingUp(waiting),
      });
      peer = { connection, slot, timer: setTimeout(() => forget(key), gw.opts.idleTimeoutMs).unref() };
      peers.set(key, peer);
    } else peer.timer.refresh();
    void peer.connection.receive(datagram);
  });
  socket.on('error', (err) => gw.opts.log('error', 'UDP listener error', { protocol, error: err.message }));
  const bound = await bindUdp(socket, port, gw.opts.host);
  return {
    socket,
    port: bound,
    forget: () => {
      for (const key of [...peers.keys()]) forget(key);
    },
  };
}
