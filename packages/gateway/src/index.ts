// @lodestar/gateway — device listeners (TCP/UDP/HTTP), sessions, ACK-after-durable-write, command delivery.

export { COMMAND_SUPPORT, supportsCommand } from './command-support.ts';
export { type GatewayHandle, startGateway } from './gateway.ts';
export { isJpeg } from './media.ts';
export {
  DEFAULT_PORTS,
  type GatewayLogger,
  type GatewayOptions,
  type LogLevel,
  type MediaLimits,
  type PortSetting,
} from './options.ts';
export type {
  CommandStore,
  CommandType,
  DeviceDirectory,
  InboundRecord,
  IngestSink,
  PendingCommand,
  PhotoSink,
  StoredPhoto,
} from './ports.ts';
export type { ConnectionLimits, GatewayStats } from './stats.ts';
