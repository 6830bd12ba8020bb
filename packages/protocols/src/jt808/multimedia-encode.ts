import { xor8 } from '../common/crc.ts';
import type { MediaEvent } from '../common/types.ts';
import type { Jt808Target } from './encode.ts';
import { escapeInto, escapesNeeded } from './frame.ts';
import { FLAG, Jt808MsgId } from './messages.ts';

/** The most body bytes one frame declares (the header's 10-bit length). */
export const JT808_MAX_BODY = 0x3ff;

/**
 * Frame one message, or one sub-package of a long one (JT/T 808-2019 §4.4.3: attribute bit 13, then total and
 * index WORDs after the serial). encodeJt808 frames whole messages only; uploads are the terminal's side.
 */
export function encodeJt808Part(
  msgId: number,
  t: Jt808Target,
  serial: number,
  body: Buffer,
  part?: { total: number; index: number },
): Buffer {
  if (body.length > JT808_MAX_BODY) throw new RangeError(`body of ${body.length} bytes > ${JT808_MAX_BODY}`);
  const v2019 = t.version !== undefined;
  const head = Buffer.alloc(4 + (v2019 ? 1 : 0) + t.phone.length + 2 + (part ? 4 : 0));
  let at = head.writeUInt16BE(msgId, 0);
  at = head.writeUInt16BE(body.length | (v2019 ? 0x4000 : 0) | (part ? 0x2000 : 0), at);
  if (v2019) at = head.writeUInt8(t.version ?? 1, at);
  at += t.phone.copy(head, at);
  at = head.writeUInt16BE(serial & 0xffff, at);
  if (part) {
    at = head.writeUInt16BE(part.total, at);
    head.writeUInt16BE(part.index, at);
  }
  const inner = Buffer.alloc(head.length + body.length + 1);
  head.copy(inner, 0);
  body.copy(inner, head.length);
  inner[inner.length - 1] = xor8(inner, 0, inner.length - 1);
  const out = Buffer.alloc(inner.length + escapesNeeded(inner, 0, inner.length) + 2);
  out[0] = FLAG;
  out[escapeInto(inner, 0, inner.length, out, 1)] = FLAG;
  return out;
}

/**
 * 0x8800 the platform's answer to a multimedia upload (2013 table 81, 2019 table 84): multimedia id DWORD,
 * retransmit count BYTE, the missing packets' numbers WORD each (the sub-package index). An empty list says
 * every packet arrived; the count byte is still sent (0), as both tables list it without condition.
 */
export function encodeMediaReply(t: Jt808Target, serial: number, mediaId: number, missing: readonly number[]): Buffer {
  // The count is one byte: a terminal missing more than 255 packets is asked for the first 255, then again.
  const ids = missing.slice(0, 255);
  const body = Buffer.alloc(5 + 2 * ids.length);
  body.writeUInt32BE(mediaId >>> 0, 0);
  body.writeUInt8(ids.length, 4);
  ids.forEach((id, i) => {
    body.writeUInt16BE(id, 5 + 2 * i);
  });
  return encodeJt808Part(Jt808MsgId.MediaDataReply, t, serial, body);
}

/** 0x8800 read back (the simulator's side): id and the packets asked for again. */
export function decodeMediaReply(body: Buffer): { mediaId: number; missing: number[] } {
  if (body.length < 4) throw new RangeError('0x8800 shorter than its id');
  const count = body.length > 4 ? (body[4] as number) : 0;
  const missing: number[] = [];
  for (let i = 0; i < count && 5 + 2 * i + 1 < body.length; i++) missing.push(body.readUInt16BE(5 + 2 * i));
  return { mediaId: body.readUInt32BE(0), missing };
}

function eventBytes(e: MediaEvent): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt32BE(e.mediaId >>> 0, 0);
  b.writeUInt8(e.type, 4);
  b.writeUInt8(e.format, 5);
  b.writeUInt8(e.event, 6);
  b.writeUInt8(e.channel, 7);
  return b;
}

/** 0x0800 multimedia event (the terminal's side, for the simulator and tests). */
export function encodeMediaEvent(t: Jt808Target, serial: number, e: MediaEvent): Buffer {
  return encodeJt808Part(Jt808MsgId.MediaEvent, t, serial, eventBytes(e));
}

/**
 * 0x0801 upload (the terminal's side): the multimedia header, the 28-byte location basic information and the data,
 * split into bodies of at most `packetBytes`; one frame per packet, serials firstSerial, firstSerial + 1, …
 * frames[i] is packet i + 1 (kept by the caller to send again what 0x8800 asks for).
 */
export function encodeMediaUpload(
  t: Jt808Target,
  firstSerial: number,
  e: MediaEvent,
  location: Buffer,
  data: Buffer,
  packetBytes = 1000,
): Buffer[] {
  if (location.length !== 28) throw new RangeError('the location basic information is 28 bytes');
  if (packetBytes < 37 || packetBytes > JT808_MAX_BODY) throw new RangeError(`packet size ${packetBytes}`);
  const body = Buffer.concat([eventBytes(e), location, data]);
  const total = Math.ceil(body.length / packetBytes);
  if (total > 0xffff) throw new RangeError('too many packets');
  const frames: Buffer[] = [];
  for (let i = 0; i < total; i++) {
    const chunk = body.subarray(i * packetBytes, (i + 1) * packetBytes);
    const part = total > 1 ? { total, index: i + 1 } : undefined;
    frames.push(encodeJt808Part(Jt808MsgId.MediaData, t, firstSerial + i, chunk, part));
  }
  return frames;
}
