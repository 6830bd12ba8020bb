import type { Socket as UdpSocket } from 'node:dgram';
import type { Server, Socket } from 'node:net';
import type { ProtocolName } from '@lodestar/protocols';
import { type StreamProtocolName, tcpChannelFactory, udpChannelFactory } from './channels/index.ts';
import { CommandDispatcher } from './commands.ts';
import type { GatewayContext } from './context.ts';
import { closeServer, closeUdp } from './listen.ts';
import { type GatewayOptions, resolveOptions } from './options.ts';
import { listenOsmAnd } from './osmand.ts';
import { ConnectionLimiter, type ConnectionLimits, emptyStats, type GatewayStats } from './stats.ts';
import { listenTcp } from './tcp.ts';
import { listenUdp } from './udp.ts';

export interface GatewayHandle {
  /** Actual TCP/HTTP ports per protocol; 0 = disabled. */
  ports: Record<ProtocolName, number>;
  /** Actual UDP ports of the protocols that also listen on UDP. */
  udpPorts: Partial<Record<ProtocolName, number>>;
  /** The connection caps in force (defaults filled in). */
  limits: ConnectionLimits;
  stats(): GatewayStats;
  /** A command was queued for this device: send it now if the device is connected. */
  notifyCommand(deviceId: string): void;
  /** Stop listening and close every connection. Commands in flight stay 'sent' in the store. */
  close(): Promise<void>;
}

const STREAM_PROTOCOLS: StreamProtocolName[] = ['gt06', 'jt808', 'h02', 'teltonika'];

/** Start the device gateway: TCP for GT06, JT/T 808, H02, Teltonika; UDP for H02/JT/T 808; HTTP for OsmAnd. */
export async function startGateway(options: GatewayOptions): Promise<GatewayHandle> {
  const opts = resolveOptions(options);
  const stats = emptyStats();
  const gw: GatewayContext = {
    opts,
    stats,
    limiter: new ConnectionLimiter(stats, opts, (msg, fields) => opts.log('warn', msg, fields)),
    dispatcher: new CommandDispatcher(opts, stats),
  };
  const servers: Server[] = [];
  const udpSockets: { socket: UdpSocket; forget(): void }[] = [];
  const sockets = new Set<Socket>();
  const ports: Record<ProtocolName, number> = { gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 };
  const udpPorts: Partial<Record<ProtocolName, number>> = {};

  const close = async () => {
    gw.dispatcher.close();
    const closing = servers.map(closeServer);
    for (const socket of sockets) socket.destroy();
    for (const u of udpSockets) u.forget();
    await Promise.all([...closing, ...udpSockets.map((u) => closeUdp(u.socket))]);
  };

  try {
    const channelOptions = {
      gt06AckLocations: opts.gt06AckLocations,
      h02AckReports: opts.h02AckReports,
      now: opts.now,
    };
    for (const protocol of STREAM_PROTOCOLS) {
      if (opts.ports[protocol] === 0) continue;
      const server = await listenTcp(
        gw,
        protocol,
        opts.ports[protocol],
        tcpChannelFactory(protocol, channelOptions),
        sockets,
      );
      servers.push(server);
      ports[protocol] = portOf(server);
      const udpChannel = udpChannelFactory(protocol, channelOptions);
      if (!opts.udp.has(protocol) || !udpChannel) continue;
      // Same number as TCP; with free ports that number may be taken on UDP, then any free one.
      const udp = await listenUdp(gw, protocol, ports[protocol], udpChannel).catch((err) =>
        opts.ports[protocol] === -1 ? listenUdp(gw, protocol, -1, udpChannel) : Promise.reject(err),
      );
      udpSockets.push(udp);
      udpPorts[protocol] = udp.port;
    }
    if (opts.ports.osmand !== 0) {
      const server = await listenOsmAnd(gw, opts.ports.osmand, sockets);
      servers.push(server);
      ports.osmand = portOf(server);
    }
  } catch (err) {
    await close();
    throw err;
  }
  opts.log('info', 'gateway listening', { ports, udpPorts });

  return {
    ports,
    udpPorts,
    limits: {
      maxConnections: opts.maxConnections,
      unidentifiedTimeoutMs: opts.unidentifiedTimeoutMs,
      maxUnidentifiedPerAddress: opts.maxUnidentifiedPerAddress,
      unidentifiedGraceMs: opts.unidentifiedGraceMs,
    },
    stats: () => structuredClone(stats),
    notifyCommand: (deviceId) => gw.dispatcher.notify(deviceId),
    close,
  };
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
