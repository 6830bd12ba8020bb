import type { ProtocolName } from '@lodestar/protocols';
import type { CommandStore, DeviceDirectory, IngestSink, PhotoSink } from './ports.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type GatewayLogger = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

/** Traccar's default ports (PortConfigSuffix.java), which the devices in the field are configured for. */
export const DEFAULT_PORTS: Readonly<Record<ProtocolName, number>> = {
  gt06: 5023,
  jt808: 5015,
  h02: 5013,
  osmand: 5055,
  teltonika: 5027,
};

/** A port number; 0 disables the protocol, -1 binds a free ephemeral port (tests). */
export type PortSetting = number;

export interface GatewayOptions {
  sink: IngestSink;
  directory: DeviceDirectory;
  commands: CommandStore;
  /** Where uploaded photos go; without it a terminal's upload is answered and dropped. */
  photos?: PhotoSink;
  /** Photo uploads (JT/T 808 0x0801) gathered in memory: see MediaLimits. */
  media?: Partial<MediaLimits>;
  /** Per protocol; missing → DEFAULT_PORTS, 0 → disabled, -1 → a free port. */
  ports?: Partial<Record<ProtocolName, PortSetting>>;
  /** Bind every enabled protocol to a free port (tests); the actual ports are in the handle. */
  listenOnFreePorts?: boolean;
  /** Also listen on UDP for these protocols (same port number as TCP). Default: H02 and JT/T 808. */
  udp?: ProtocolName[];
  host?: string;
  /**
   * Open TCP/HTTP connections plus live UDP peers, all protocols together. Default 20,000; keep it below the
   * process's open-file limit with room for everything else the process opens. At the cap the oldest
   * unidentified connection is closed for a new one; only when all are identified is the new one refused.
   */
  maxConnections?: number;
  /**
   * A connection (or UDP peer) that has not identified a registered device this long after it opened is closed.
   * Default 30 s: a tracker sends its login or first report right after connecting.
   */
  unidentifiedTimeoutMs?: number;
  /**
   * Unidentified connections one address (an IPv6 /64) may hold at once; a new one closes the address's oldest.
   * Identified devices are never capped per address (carrier NAT). Default 1,000: room for a NAT's trackers
   * reconnecting together.
   */
  maxUnidentifiedPerAddress?: number;
  /**
   * An unidentified connection younger than this does not give way to a newcomer from its address, so trackers
   * reconnecting together behind one NAT are not closed for each other before they can log in. Default 5 s.
   */
  unidentifiedGraceMs?: number;
  /** A socket silent this long is closed (half-open connections after a device lost power). Default 5 min. */
  idleTimeoutMs?: number;
  /** A sent command with no answer after this long is marked failed 'timeout'. Default 60 s. */
  commandTimeoutMs?: number;
  /**
   * ACK GT06 plain location packets (0x10/0x12/0x22 …). Concox GT06N v1.8 §5.2 says they need no reply, but
   * Traccar answers them and devices then drop them from their resend buffer; default true so that
   * "ACK after durable write" covers positions too.
   */
  gt06AckLocations?: boolean;
  /** H02: answer position reports with R12 (Traccar's h02.ack). V1 always gets V4,V1. Default false. */
  h02AckReports?: boolean;
  /** Largest OsmAnd request body we read (bytes). Default 64 KiB. */
  maxHttpBody?: number;
  logger?: GatewayLogger;
  now?: () => Date;
}

/** Bounds on the uploads a gateway gathers (a terminal sends one at a time; a photo is tens to hundreds of KB). */
export interface MediaLimits {
  /** Bytes one device's upload may hold; past it the upload is dropped. Default 2 MiB. */
  maxBytesPerDevice: number;
  /** Bytes all uploads of the gateway may hold together; a new upload past it is refused. Default 64 MiB. */
  maxBytes: number;
  /** Quiet this long with packets missing: ask again for them (0x8800). Default 5 s. */
  resendAfterMs: number;
  /** Asked this many times with nothing new: give the upload up and free its memory. Default 3. */
  maxResends: number;
}

export interface ResolvedOptions {
  sink: IngestSink;
  directory: DeviceDirectory;
  commands: CommandStore;
  photos: PhotoSink | undefined;
  media: MediaLimits;
  ports: Record<ProtocolName, PortSetting>;
  udp: ReadonlySet<ProtocolName>;
  host: string;
  maxConnections: number;
  unidentifiedTimeoutMs: number;
  maxUnidentifiedPerAddress: number;
  unidentifiedGraceMs: number;
  idleTimeoutMs: number;
  commandTimeoutMs: number;
  gt06AckLocations: boolean;
  h02AckReports: boolean;
  maxHttpBody: number;
  log: GatewayLogger;
  now: () => Date;
}

export function resolveOptions(o: GatewayOptions): ResolvedOptions {
  const ports = { ...DEFAULT_PORTS };
  for (const name of Object.keys(ports) as ProtocolName[]) {
    const setting = o.ports?.[name] ?? DEFAULT_PORTS[name];
    if (!Number.isInteger(setting) || setting < -1 || setting > 65535) {
      throw new RangeError(`gateway port for ${name} must be 0 (off), -1 (free port) or 1-65535, got ${setting}`);
    }
    ports[name] = o.listenOnFreePorts && setting !== 0 ? -1 : setting;
  }
  return {
    sink: o.sink,
    directory: o.directory,
    commands: o.commands,
    photos: o.photos,
    media: {
      maxBytesPerDevice: positive('media.maxBytesPerDevice', o.media?.maxBytesPerDevice ?? 2 * 1024 * 1024),
      maxBytes: positive('media.maxBytes', o.media?.maxBytes ?? 64 * 1024 * 1024),
      resendAfterMs: positive('media.resendAfterMs', o.media?.resendAfterMs ?? 5_000),
      maxResends: nonNegative('media.maxResends', o.media?.maxResends ?? 3),
    },
    ports,
    udp: new Set(o.udp ?? ['h02', 'jt808']),
    host: o.host ?? '0.0.0.0',
    maxConnections: positive('maxConnections', o.maxConnections ?? 20_000),
    unidentifiedTimeoutMs: positive('unidentifiedTimeoutMs', o.unidentifiedTimeoutMs ?? 30_000),
    maxUnidentifiedPerAddress: positive('maxUnidentifiedPerAddress', o.maxUnidentifiedPerAddress ?? 1_000),
    unidentifiedGraceMs: nonNegative('unidentifiedGraceMs', o.unidentifiedGraceMs ?? 5_000),
    idleTimeoutMs: o.idleTimeoutMs ?? 5 * 60_000,
    commandTimeoutMs: o.commandTimeoutMs ?? 60_000,
    gt06AckLocations: o.gt06AckLocations ?? true,
    h02AckReports: o.h02AckReports ?? false,
    maxHttpBody: o.maxHttpBody ?? 64 * 1024,
    log: o.logger ?? (() => {}),
    now: o.now ?? (() => new Date()),
  };
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`gateway ${name} must be a whole number ≥ 1, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`gateway ${name} must be a whole number ≥ 0, got ${value}`);
  return value;
}
