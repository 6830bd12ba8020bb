import { crc16X25 } from '../common/crc.ts';
import { Gt06Type } from './messages.ts';

const NO_CONTENT = Buffer.alloc(0);

/**
 * Build a server→device packet: 78 78 LEN type content serial CRC 0D 0A (0x7979 and a 2-byte length when the
 * packet does not fit a 1-byte length or `extended` is asked for). Concox GT06N v1.8 §4. Written into one buffer.
 */
export function encodeGt06Packet(type: number, serial: number, content: Buffer = NO_CONTENT, extended = false) {
  const length = 1 + content.length + 2 + 2;
  const long = extended || length > 0xff;
  const out = Buffer.allocUnsafe((long ? 4 : 3) + length + 2);
  out[0] = long ? 0x79 : 0x78;
  out[1] = out[0];
  let at = 2;
  if (long) out[at++] = length >> 8;
  out[at++] = length;
  out[at++] = type;
  at += content.copy(out, at);
  out[at++] = serial >> 8;
  out[at++] = serial;
  const crc = crc16X25(out, 2, at);
  out[at++] = crc >> 8;
  out[at++] = crc;
  out[at++] = 0x0d;
  out[at] = 0x0a;
  return out;
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
