import { crc16Ibm } from '../common/crc.ts';

/** IMEI handshake answer: 0x01 accept, 0x00 reject. */
export function encodeTeltonikaImeiReply(accept: boolean): Buffer {
  return Buffer.from([accept ? 0x01 : 0x00]);
}

/** TCP AVL acknowledgement: number of accepted records, 4-byte big-endian. */
export function encodeTeltonikaAck(count: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(count >>> 0);
  return out;
}

/** UDP acknowledgement: length 5, packet id, 0x01, AVL packet id, accepted count. */
export function encodeTeltonikaUdpAck(packetId: number, avlPacketId: number, count: number): Buffer {
  return Buffer.from([0x00, 0x05, packetId >> 8, packetId & 0xff, 0x01, avlPacketId, count & 0xff]);
}

/** Codec 12 command (type 0x05), e.g. "setdigout 1" to drive an immobiliser relay, "getinfo", "cpureset". */
export function encodeTeltonikaCommand(text: string): Buffer {
  const command = Buffer.from(text, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(command.length);
  // codec 12, quantity 1, type 0x05 (command), size, command, quantity 1
  const data = Buffer.concat([Buffer.from([0x0c, 0x01, 0x05]), size, command, Buffer.from([0x01])]);
  const frame = Buffer.alloc(8 + data.length + 4);
  frame.writeUInt32BE(data.length, 4);
  data.copy(frame, 8);
  frame.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return frame;
}

/**
 * Codec 12 texts of the FMB/FMC command list: the position, the connection status, and the parameters a person
 * checks first (2001 APN, 2004 server domain, 2005 port, 2006 protocol; several ids ';'-separated in one getparam).
 */
export const TELTONIKA_TEXTS = {
  engineStop: 'setdigout 1',
  engineResume: 'setdigout 0',
  position: 'getgps',
  status: 'getstatus',
  parameters: 'getparam 2001;2004;2005;2006',
} as const;
