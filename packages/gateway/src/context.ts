import type { DecodedMessage, ProtocolName } from '@lodestar/protocols';
import type { CommandDispatcher } from './commands.ts';
import type { ResolvedOptions } from './options.ts';
import type { InboundRecord } from './ports.ts';
import type { ConnectionLimiter, GatewayStats } from './stats.ts';

/** What every listener and connection of one gateway shares. */
export interface GatewayContext {
  opts: ResolvedOptions;
  stats: GatewayStats;
  limiter: ConnectionLimiter;
  dispatcher: CommandDispatcher;
}

/** Messages that carry data the device would resend if not acknowledged (as opposed to login / keep-alive). */
export function carriesData(m: DecodedMessage): boolean {
  return (
    m.positions.length > 0 || m.alarms.length > 0 || m.kind === 'position' || m.kind === 'alarm' || m.kind === 'info'
  );
}

export function toRecord(
  protocol: ProtocolName,
  deviceId: string,
  remoteAddress: string,
  receivedAt: Date,
  message: DecodedMessage,
): InboundRecord {
  return { protocol, deviceId, receivedAt, remoteAddress, message };
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
