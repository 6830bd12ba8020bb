import { ByteReader } from '../common/reader.ts';
import { type DecodedMessage, malformed, newMessage, safely } from '../common/types.ts';
import { decodeGh3000Record, decodeRecord, decodeTextRecord, TeltonikaCodec } from './avl.ts';
import { encodeTeltonikaAck, encodeTeltonikaImeiReply, encodeTeltonikaUdpAck } from './encode.ts';
import { avlCrcValid, teltonikaFrameKind } from './frame.ts';

export interface TeltonikaSessionOptions {
  /** Accept this IMEI? Answered 0x01 / 0x00 (default accept all; the gateway checks its device list). */
  accept?: (imei: string) => boolean;
  /** Devices configured to send the extra 16-byte IO group (Traccar's teltonika.extended). */
  extended?: boolean;
}

/** One TCP connection: the IMEI handshake names the device, AVL packets follow. */
export class TeltonikaSession {
  imei?: string;

  constructor(private readonly options: TeltonikaSessionOptions = {}) {}

  decode(frame: Buffer): DecodedMessage {
    const kind = teltonikaFrameKind(frame);
    const m = newMessage('teltonika', kind ?? -1);
    if (kind === 'ping') {
      m.kind = 'heartbeat';
      m.deviceId = this.imei;
      return m;
    }
    if (kind === 'imei') {
      const imei = frame.toString('latin1', 2);
      const accepted = this.options.accept?.(imei) ?? true;
      if (accepted) this.imei = imei;
      m.kind = 'login';
      m.deviceId = imei;
      m.reply = encodeTeltonikaImeiReply(accepted);
      return m;
    }
    if (kind !== 'avl') {
      m.error = 'not a Teltonika frame';
      return m;
    }
    if (this.imei === undefined) {
      m.error = 'no IMEI handshake on this connection yet';
      return m;
    }
    m.deviceId = this.imei;
    m.crcValid = avlCrcValid(frame);
    try {
      const count = decodeAvlData(new ByteReader(frame, 8, frame.length - 4), m, this.options.extended ?? false);
      if (m.kind === 'position') m.reply = encodeTeltonikaAck(count);
    } catch (err) {
      malformed(m, err);
    }
    return m;
  }
}

/** Codec data (codec id, count, records, count); returns the record count to acknowledge. */
export function decodeAvlData(r: ByteReader, m: DecodedMessage, extended: boolean): number {
  const codec = r.u8();
  const count = r.u8();
  m.messageType = codec;
  for (let i = 0; i < count; i++) {
    if (codec === TeltonikaCodec.Codec12 || codec === TeltonikaCodec.Codec13) {
      decodeTextRecord(r, codec, m);
      m.kind = 'info';
    } else if (codec === TeltonikaCodec.Gh3000) {
      m.positions.push(decodeGh3000Record(r));
      m.kind = 'position';
    } else if (
      codec === TeltonikaCodec.Codec8 ||
      codec === TeltonikaCodec.Codec8Ext ||
      codec === TeltonikaCodec.Codec16
    ) {
      m.positions.push(decodeRecord(r, codec, extended));
      m.kind = 'position';
    } else throw new RangeError(`unsupported codec 0x${codec.toString(16)}`);
  }
  return count;
}

/**
 * UDP datagram: length (2), packet id (2), packet type (1), AVL packet id (1), IMEI length (2), IMEI, codec data.
 * The reply echoes the packet id and AVL packet id with the accepted count.
 */
export function decodeTeltonikaUdp(datagram: Buffer, options: TeltonikaSessionOptions = {}): DecodedMessage {
  const m = newMessage('teltonika', 'udp');
  return safely(m, () => {
    const r = new ByteReader(datagram);
    r.u16(); // length
    const packetId = r.u16();
    r.u8(); // packet type
    const avlPacketId = r.u8();
    m.deviceId = r.ascii(r.u16());
    const count = decodeAvlData(r, m, options.extended ?? false);
    if (m.kind === 'position') m.reply = encodeTeltonikaUdpAck(packetId, avlPacketId, count);
  });
}
