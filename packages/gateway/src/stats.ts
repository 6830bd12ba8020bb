import type { ProtocolName } from '@lodestar/protocols';

/** Counters since start; `connections` is the number open now. */
export interface GatewayStats {
  connections: Record<ProtocolName, number>;
  /** Connections closed at once because maxConnections was reached. */
  connectionsRefused: number;
  framesDecoded: number;
  /** Frames the codec could not decode (or that came before the device identified itself). */
  malformedFrames: number;
  /** Decoded but with a wrong checksum (accepted, as Traccar does; counted so bad links show). */
  badCrcFrames: number;
  /** Bytes the splitters threw away while resynchronising. */
  garbageBytes: number;
  positionsPersisted: number;
  persistFailures: number;
  acksSent: number;
  /** Replies not sent because their data could not be stored (the device will resend). */
  acksWithheld: number;
  unknownDevicesRefused: number;
  commandsSent: number;
  commandsAcknowledged: number;
  commandsFailed: number;
}

export function emptyStats(): GatewayStats {
  return {
    connections: { gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 },
    connectionsRefused: 0,
    framesDecoded: 0,
    malformedFrames: 0,
    badCrcFrames: 0,
    garbageBytes: 0,
    positionsPersisted: 0,
    persistFailures: 0,
    acksSent: 0,
    acksWithheld: 0,
    unknownDevicesRefused: 0,
    commandsSent: 0,
    commandsAcknowledged: 0,
    commandsFailed: 0,
  };
}

/** Counts open connections against one cap shared by every listener. */
export class ConnectionLimiter {
  private open = 0;

  constructor(
    private readonly stats: GatewayStats,
    private readonly max: number,
  ) {}

  /** Take a slot for a new connection; false (and counted as refused) when the gateway is full. */
  acquire(protocol: ProtocolName): boolean {
    if (this.open >= this.max) {
      this.stats.connectionsRefused++;
      return false;
    }
    this.open++;
    this.stats.connections[protocol]++;
    return true;
  }

  release(protocol: ProtocolName): void {
    this.open--;
    this.stats.connections[protocol]--;
  }
}
