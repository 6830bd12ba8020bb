import { toBcd } from '../common/bcd.ts';
import { xor8 } from '../common/crc.ts';
import { gbkEncode } from '../common/gbk.ts';
import { escapeInto, escapesNeeded } from './frame.ts';
import { FLAG, Jt808MsgId } from './messages.ts';

/** Where a downlink goes: terminal id bytes (6, or 10 in 2019) and the 2019 version byte if the terminal uses it. */
export interface Jt808Target {
  phone: Buffer;
  version?: number;
}

/** Digits → terminal id bytes; an odd-length IMEI without its check digit packed as a 48-bit number (Traccar). */
export function jt808TerminalId(uniqueId: string, version2019 = false): Buffer {
  if (version2019) return toBcd(uniqueId, 10);
  if (uniqueId.length % 2 === 0) return toBcd(uniqueId, 6);
  const imei = BigInt(uniqueId.substring(0, uniqueId.length - 1));
  const out = Buffer.alloc(6);
  out.writeUIntBE(Number(imei & 0xffffffffffffn), 0, 6);
  return out;
}

/** Reused by encodeJt808 (which never keeps it past a call); grown for a larger message. */
let scratch = Buffer.allocUnsafeSlow(1100);

/**
 * Frame a message (JT/T 808-2019 §5.4): header, body, XOR, escaped, between 7E flags. The un-escaped message is
 * assembled in a scratch buffer and escaped straight into the one buffer returned.
 */
export function encodeJt808(msgId: number, target: Jt808Target, serial: number, body: Buffer): Buffer {
  const v2019 = target.version !== undefined;
  const size = 4 + (v2019 ? 1 : 0) + target.phone.length + 2 + body.length + 1;
  if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(size);
  const inner = scratch;
  let at = inner.writeUInt16BE(msgId, 0);
  at = inner.writeUInt16BE((body.length & 0x3ff) | (v2019 ? 0x4000 : 0), at);
  if (v2019) at = inner.writeUInt8(target.version ?? 1, at);
  at += target.phone.copy(inner, at);
  at = inner.writeUInt16BE(serial & 0xffff, at);
  at += body.copy(inner, at);
  inner[at] = xor8(inner, 0, at);
  const out = Buffer.allocUnsafe(size + escapesNeeded(inner, 0, size) + 2);
  out[0] = FLAG;
  out[escapeInto(inner, 0, size, out, 1)] = FLAG;
  return out;
}

/** The one reply the decoder sends per frame: its body is reused (encodeJt808 copies bodies). */
const generalReplyBody = Buffer.alloc(5);

/** 0x8001 platform general reply (table 4): reply serial, reply id, result (0 ok, 1 fail, 2 error, 3 unsupported, 4 alarm ack). */
export function encodeGeneralReply(t: Jt808Target, serial: number, replySerial: number, replyId: number, result = 0) {
  const body = generalReplyBody;
  body.writeUInt16BE(replySerial, 0);
  body.writeUInt16BE(replyId, 2);
  body.writeUInt8(result, 4);
  return encodeJt808(Jt808MsgId.PlatformGeneralReply, t, serial, body);
}

/** 0x8100 register reply (table 9): reply serial, result, auth code only when result is 0. */
export function encodeRegisterReply(t: Jt808Target, serial: number, replySerial: number, result: number, auth = '') {
  const head = Buffer.from([replySerial >> 8, replySerial & 0xff, result]);
  const body = result === 0 ? Buffer.concat([head, gbkEncode(auth)]) : head;
  return encodeJt808(Jt808MsgId.RegisterReply, t, serial, body);
}

/** 0x8300 text message (table 38): flag (bit0 urgent, bit2 display, bit3 TTS …), 2019 type byte, GBK text. */
export function encodeTextMessage(t: Jt808Target, serial: number, text: string, flag = 0x0c, type2019 = 1): Buffer {
  const head = t.version !== undefined ? Buffer.from([flag, type2019]) : Buffer.from([flag]);
  return encodeJt808(Jt808MsgId.TextMessage, t, serial, Buffer.concat([head, gbkEncode(text)]));
}

/** 0x8105 terminal control command words (table 18) and vendor relay words Traccar sends. */
export const JT808_CONTROL = {
  upgrade: 1,
  connectServer: 2,
  powerOff: 3,
  reset: 4,
  factoryReset: 5,
  closeDataLink: 6,
  closeWireless: 7,
  engineStop: 0xf0,
  engineResume: 0xf1,
} as const;

/** 0x8105 terminal control: command word, optional ';'-separated parameter string. */
export function encodeTerminalControl(t: Jt808Target, serial: number, command: number, params?: string): Buffer {
  const body = Buffer.concat([Buffer.from([command]), params ? gbkEncode(params) : Buffer.alloc(0)]);
  return encodeJt808(Jt808MsgId.TerminalControl, t, serial, body);
}

/** One 0x8103 parameter (table 12): numbers default to DWORD; pass `bytes` 1/2 for BYTE/WORD parameters. */
export interface Jt808Parameter {
  id: number;
  value: number | string | Buffer;
  bytes?: 1 | 2 | 4;
}

/** 0x8103 set parameters (table 10): count, then id DWORD, length BYTE, value. */
export function encodeSetParameters(t: Jt808Target, serial: number, params: Jt808Parameter[]): Buffer {
  const parts: Buffer[] = [Buffer.from([params.length])];
  for (const p of params) {
    let value: Buffer;
    if (typeof p.value === 'number') {
      value = Buffer.alloc(p.bytes ?? 4);
      value.writeUIntBE(p.value, 0, p.bytes ?? 4);
    } else value = typeof p.value === 'string' ? gbkEncode(p.value) : p.value;
    const head = Buffer.alloc(5);
    head.writeUInt32BE(p.id, 0);
    head.writeUInt8(value.length, 4);
    parts.push(head, value);
  }
  return encodeJt808(Jt808MsgId.SetParameters, t, serial, Buffer.concat(parts));
}

/** 0x8801 camera shoot now (table 81). shots: 0 stop, 0xFFFF record video, else photo count. */
export interface Jt808CameraShot {
  channel: number;
  shots: number;
  intervalSeconds: number;
  /** 1 save on the terminal, 0 upload now */
  save: number;
  resolution: number;
  quality: number;
  brightness: number;
  contrast: number;
  saturation: number;
  chroma: number;
}

export function encodeCameraShoot(t: Jt808Target, serial: number, s: Jt808CameraShot): Buffer {
  const body = Buffer.alloc(12);
  body.writeUInt8(s.channel, 0);
  body.writeUInt16BE(s.shots, 1);
  body.writeUInt16BE(s.intervalSeconds, 3);
  [s.save, s.resolution, s.quality, s.brightness, s.contrast, s.saturation, s.chroma].forEach((v, i) => {
    body.writeUInt8(v, 5 + i);
  });
  return encodeJt808(Jt808MsgId.CameraShoot, t, serial, body);
}

/** 0x8109 time sync reply (vendor): UTC year WORD, month … second, result. */
export function encodeTimeSyncReply(t: Jt808Target, serial: number, now: Date): Buffer {
  const body = Buffer.alloc(8);
  body.writeUInt16BE(now.getUTCFullYear(), 0);
  [now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), 0].forEach(
    (v, i) => {
      body.writeUInt8(v, 2 + i);
    },
  );
  return encodeJt808(Jt808MsgId.TimeSyncReply, t, serial, body);
}
