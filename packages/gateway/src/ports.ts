import type { DecodedMessage, ProtocolName } from '@lodestar/protocols';

/**
 * The gateway's boundary. The gateway owns sockets, framing, sessions and replies; everything it
 * needs from storage comes through these ports, implemented by the server's ingest module.
 */

export interface InboundRecord {
  protocol: ProtocolName;
  /** IMEI, or the JT/T 808 terminal phone number. */
  deviceId: string;
  receivedAt: Date;
  remoteAddress: string;
  message: DecodedMessage;
}

/** Where decoded messages go. `persist` resolves only once every record is durable (committed). */
export interface IngestSink {
  persist(records: InboundRecord[]): Promise<void>;
}

/** A photo a terminal uploaded (JT/T 808 0x0801), whole and checked as a JPEG. */
export interface StoredPhoto {
  deviceId: string;
  /** The terminal's multimedia id (0x0800 / 0x0801). */
  multimediaId: number;
  channel: number;
  /** 0x0800 event code: 0 platform command, 1 timed, 2 robbery alarm, 3 collision or rollover, … */
  event: number;
  /** The time of the location the terminal attached to the upload. */
  at: Date;
  lat: number | null;
  lng: number | null;
  bytes: Buffer;
}

/** Where whole photos go. `store` resolves once the file and its row are durable; the terminal is answered then. */
export interface PhotoSink {
  store(photo: StoredPhoto): Promise<void>;
}

export interface DeviceDirectory {
  /** Whether this device id is registered (for this protocol). Implementations cache briefly. */
  isKnown(protocol: ProtocolName, deviceId: string): Promise<boolean>;
  /** A device we refused, so administrators can see and register it. */
  recordUnknown(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): Promise<void>;
  /** Connection state for the online/offline logic; fire-and-forget. */
  connected(u: { protocol: ProtocolName; deviceId: string; remoteAddress: string; at: Date }): void;
  disconnected(u: { protocol: ProtocolName; deviceId: string; at: Date }): void;
}

/** The stored command types, the domain's catalogue (issue #18). */
import type { CommandType } from '@lodestar/domain';

export type { CommandType };

export interface PendingCommand {
  id: number;
  deviceId: string;
  type: CommandType;
  /**
   * Type-specific: { text } for text, { params: Record<number|string, string|number> } for setParameters,
   * a Jt808ZoneSet / Jt808ZoneDelete (packages/protocols jt808/area.ts) for zoneSet / zoneDelete …
   */
  payload: Record<string, unknown>;
  /** Never sent at or after this instant (the dispatcher checks again when it writes). */
  expireAt?: Date;
}

/** The per-device command queue: queued → sent → acknowledged / failed ('timeout' when unanswered). */
export interface CommandStore {
  /** The device's queued commands not past their expiry, oldest first. */
  pendingFor(deviceId: string): Promise<PendingCommand[]>;
  /**
   * False when the command may no longer go out (cancelled or expired since it was read): the dispatcher then
   * does not write it. The store decides, so a cancel made through another process is honoured too.
   */
  markSent(id: number, at: Date): Promise<boolean>;
  markAcknowledged(id: number, at: Date, result?: string): Promise<void>;
  markFailed(id: number, at: Date, reason: string): Promise<void>;
}
