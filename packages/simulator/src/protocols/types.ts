import type { FrameSplitter } from '@lodestar/protocols';
import type { SimFix } from '../route.ts';

/** A frame to send and the key its acknowledgement will carry ('' for protocols answered in order). */
export interface Outgoing {
  bytes: Buffer;
  key: string;
}

/** What a frame from the gateway means to the virtual tracker. */
export type DialectEvent =
  | { type: 'loggedIn' }
  | { type: 'send'; bytes: Buffer }
  | { type: 'ack'; key: string }
  | { type: 'refused' }
  /** The platform cut (true) or restored (false) the fuel/power relay: the vehicle halts until restored. */
  | { type: 'immobilise'; on: boolean };

/** The device side of one TCP protocol: login handshake, position frames, reading the gateway's replies. */
export interface TcpDialect {
  /** A fresh splitter for each connection (serials and keys live on across reconnects). */
  splitter(): FrameSplitter;
  /** The first frame after connecting; undefined when the protocol has no login (H02). */
  login(): Buffer | undefined;
  position(fix: SimFix): Outgoing;
  onFrame(frame: Buffer): DialectEvent[];
}

/** Date → the six wall-clock fields in a zone (minutes east of UTC). */
export function clockParts(time: Date, zoneMinutes = 0): number[] {
  const t = new Date(time.getTime() + zoneMinutes * 60_000);
  return [
    t.getUTCFullYear() % 100,
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  ];
}
