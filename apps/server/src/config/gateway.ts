import { networkInterfaces } from 'node:os';
import { int, positiveInt } from './parse.ts';

/** The device listeners, their connection caps, and the descriptors left for the API beside them. */
export interface GatewaySettings {
  deviceAccessHost: string;
  deviceAccessPort: number;
  gatewayPorts: { gt06: number; jt808: number; h02: number; osmand: number; teltonika: number };
  /** Caps on device connections; maxConnections unset → the open-file limit minus openFileReserve. */
  gatewayLimits: {
    maxConnections: number | undefined;
    unidentifiedTimeoutMs: number;
    maxUnidentifiedPerAddress: number;
    unidentifiedGraceMs: number;
  };
  /** Descriptors the gateway leaves for the API, the database pool, NATS and files. */
  openFileReserve: number;
  /** Connections the API port holds at once; past it new ones are dropped, so a flood cannot take the reserve. */
  apiMaxConnections: number;
}

function firstLanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

export function gatewaySettings(env: NodeJS.ProcessEnv): GatewaySettings {
  return {
    deviceAccessHost: env.DEVICE_ACCESS_HOST ?? firstLanAddress(),
    deviceAccessPort: int(env, 'DEVICE_ACCESS_PORT', int(env, 'GATEWAY_GT06_PORT', 5023)),
    gatewayPorts:
      env.GATEWAY_DISABLED === '1'
        ? { gt06: 0, jt808: 0, h02: 0, osmand: 0, teltonika: 0 }
        : {
            gt06: int(env, 'GATEWAY_GT06_PORT', 5023),
            jt808: int(env, 'GATEWAY_JT808_PORT', 5015),
            h02: int(env, 'GATEWAY_H02_PORT', 5013),
            osmand: int(env, 'GATEWAY_OSMAND_PORT', 5055),
            teltonika: int(env, 'GATEWAY_TELTONIKA_PORT', 5027),
          },
    gatewayLimits: {
      maxConnections: env.GATEWAY_MAX_CONNECTIONS ? positiveInt(env, 'GATEWAY_MAX_CONNECTIONS', 1) : undefined,
      unidentifiedTimeoutMs: positiveInt(env, 'GATEWAY_UNIDENTIFIED_TIMEOUT_SECONDS', 30) * 1000,
      maxUnidentifiedPerAddress: positiveInt(env, 'GATEWAY_MAX_UNIDENTIFIED_PER_ADDRESS', 1000),
      unidentifiedGraceMs: int(env, 'GATEWAY_UNIDENTIFIED_GRACE_SECONDS', 5) * 1000,
    },
    openFileReserve: int(env, 'OPEN_FILE_RESERVE', 2048),
    apiMaxConnections: positiveInt(
      env,
      'API_MAX_CONNECTIONS',
      Math.max(64, Math.floor(int(env, 'OPEN_FILE_RESERVE', 2048) / 2)),
    ),
  };
}
