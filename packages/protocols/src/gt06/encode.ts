import { crc16X25 } from '../common/crc.ts';
import { Gt06Type } from './messages.ts';

/**
 * Build a server→device packet: 78 78 LEN type content serial CRC 0D 0A (0x7979 and a 2-byte length when the
 * packet does not fit a 1-byte length or `extended` is asked for). Concox GT06N v1.8 §4.
 */
export function encodeGt06Packet(type: number, serial: number, content: Buffer = Buffer.alloc(0), extended = false) {
  const length = 1 + content.length + 2 + 2;
  const long = extended || length > 0xff;
  const head = long ? Buffer.from([0x79, 0x79, length >> 8, length & 0xff]) : Buffer.from([0x78, 0x78, length]);
  const body = Buffer.concat([head, Buffer.from([type]), content, Buffer.from([serial >> 8, serial & 0xff])]);
  const crc = crc16X25(body, 2);
  return Buffer.concat([body, Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a])]);
}

/** The acknowledgement a device expects: same protocol number, its serial echoed (GT06N v1.8 §5.1.2). */
export function encodeGt06Ack(type: number, serial: number): Buffer {
  return encodeGt06Packet(type, serial);
}

/** 0x8A time request reply: yy mm dd hh mm ss in UTC. */
export function encodeGt06TimeReply(now: Date): Buffer {
  const content = Buffer.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]);
  return encodeGt06Packet(Gt06Type.TimeRequest, 0, content);
}

/**
 * Online command 0x80 (GT06N v1.8 §6.1): command length (4 + text), 4-byte server flag, ASCII text.
 * Common texts: "Relay,1#" (cut fuel/engine), "Relay,0#" (restore), "WHERE#", "RESET#".
 */
export function encodeGt06Command(text: string, serial = 0, serverFlag = 0): Buffer {
  const ascii = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(5);
  head.writeUInt8((4 + ascii.length) & 0xff, 0);
  head.writeUInt32BE(serverFlag >>> 0, 1);
  return encodeGt06Packet(Gt06Type.Command, serial, Buffer.concat([head, ascii]), 4 + ascii.length > 0xff - 12);
}

/** Well-known GT06 command texts. */
export const GT06_COMMANDS = {
  engineStop: 'Relay,1#',
  engineResume: 'Relay,0#',
  position: 'WHERE#',
  reboot: 'RESET#',
} as const;
