import { ByteReader } from '../common/reader.ts';
import { type DecodedMessage, malformed, newMessage } from '../common/types.ts';
import { normaliseDeviceId } from '../device-id.ts';
import { decodeParametersAnswer, decodePositionAnswer, decodeTerminalAttributes } from './answers.ts';
import { decodeAuth, decodeBatch, decodeRegister, decodeTerminalReply, decodeTextResult } from './bodies.ts';
import { encodeGeneralReply, encodeRegisterReply, encodeTimeSyncReply, type Jt808Target } from './encode.ts';
import { type Jt808Frame, parseJt808Frame } from './frame.ts';
import { decodeLocation } from './location.ts';
import { JT808_DEVICE_ZONE_MINUTES, Jt808MsgId } from './messages.ts';
import { decodeMediaEvent, decodeMediaPacket } from './multimedia.ts';

export interface Jt808DecoderOptions {
  /** Device clock zone in minutes east of UTC (default GMT+8, JT/T 808 §4.4). */
  zoneMinutes?: number;
  /** Auth code handed out in 0x8100; default the terminal id digits (as Traccar does). */
  authCode?: (deviceId: string) => string;
  now?: () => Date;
}

/** Terminal id digits without the BCD padding zeros (normaliseDeviceId); a non-decimal 6-byte id is an IMEI packed as a number, completed with its Luhn digit. */
export function jt808DeviceId(phone: Buffer): string {
  return deviceIdOf(phone, phone.toString('hex'));
}

/** jt808DeviceId for a header whose id the frame parser already turned into hex. */
function deviceIdOf(phone: Buffer, hex: string): string {
  if (!DECIMAL.test(hex)) {
    const imei = String(phone.readUIntBE(0, 6));
    return imei + luhn(imei);
  }
  return normaliseDeviceId('jt808', hex);
}

const DECIMAL = /^\d+$/;

function luhn(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

const MAX_PENDING = 8;

/**
 * One connection's JT/T 808 decoder. Every frame names its terminal, so the only state is the outgoing serial
 * and sub-package reassembly (header bit 13, JT/T 808-2019 §4.4.3).
 */
export class Jt808Decoder {
  private serial = 0;
  private readonly pending = new Map<string, (Buffer | undefined)[]>();
  private target: Jt808Target | undefined;

  constructor(private readonly options: Jt808DecoderOptions = {}) {}

  /** Where downlinks go: the terminal id and version of the last frame whose header parsed. */
  get lastTarget(): Jt808Target | undefined {
    return this.target;
  }

  /** Decode one un-escaped frame from Jt808FrameSplitter (7E…7E) or a bracketed text frame. */
  decode(frameBytes: Buffer): DecodedMessage {
    if (frameBytes[0] === 0x28) return this.decodeText(frameBytes.toString('latin1'));
    const frame = parseJt808Frame(frameBytes);
    const m = newMessage('jt808', frame?.header.msgId ?? -1);
    if (!frame) {
      m.error = 'not a JT/T 808 frame';
      return m;
    }
    const h = frame.header;
    this.target = { phone: h.phoneBytes, version: h.version };
    m.serial = h.serial;
    m.crcValid = frame.checkValid;
    m.deviceId = deviceIdOf(h.phoneBytes, h.phone);
    m.attributes.phone = h.phone;
    try {
      this.decodeFrame(frame, this.target, m);
    } catch (err) {
      malformed(m, err);
    }
    return m;
  }

  private decodeFrame(frame: Jt808Frame, target: Jt808Target, m: DecodedMessage): void {
    const h = frame.header;
    let body = frame.body;
    if (h.msgId === Jt808MsgId.MediaData) {
      // Each packet on its own: the gateway gathers them, asks again for lost ones (0x8800) and answers the whole.
      decodeMediaPacket(new ByteReader(body), h, m, this.options.zoneMinutes ?? JT808_DEVICE_ZONE_MINUTES);
      return;
    }
    if (h.subpackage) {
      const whole = this.reassemble(frame);
      m.attributes.subpackage = `${h.subpackage.index}/${h.subpackage.total}`;
      m.reply = encodeGeneralReply(target, this.nextSerial(), h.serial, h.msgId);
      if (!whole) {
        m.kind = 'info';
        return;
      }
      body = whole;
    }
    const r = new ByteReader(body);
    const zone = this.options.zoneMinutes ?? JT808_DEVICE_ZONE_MINUTES;
    switch (h.msgId) {
      case Jt808MsgId.Register:
        decodeRegister(r, h, m);
        m.reply = encodeRegisterReply(target, this.nextSerial(), h.serial, 0, this.authCode(h.phoneBytes));
        return;
      case Jt808MsgId.TimeSyncRequest:
        m.kind = 'info';
        m.reply = encodeTimeSyncReply(target, this.nextSerial(), (this.options.now ?? (() => new Date()))());
        return;
      case Jt808MsgId.TerminalGeneralReply:
        decodeTerminalReply(r, m);
        return;
      case Jt808MsgId.Auth:
        decodeAuth(r, h, m);
        break;
      case Jt808MsgId.Heartbeat:
        m.kind = 'heartbeat';
        break;
      case Jt808MsgId.Logout:
        m.kind = 'info';
        m.attributes.logout = true;
        break;
      case Jt808MsgId.Location:
        m.positions.push(decodeLocation(r, zone));
        m.kind = 'position';
        break;
      case Jt808MsgId.LocationBatch:
      case Jt808MsgId.LocationBatchVendor:
        decodeBatch(r, h.msgId, m);
        break;
      case Jt808MsgId.TerminalAttributes:
        decodeTerminalAttributes(r, h.version !== undefined, m);
        break;
      case Jt808MsgId.PositionAnswer:
        decodePositionAnswer(r, zone, m);
        break;
      case Jt808MsgId.ParametersAnswer:
        decodeParametersAnswer(r, m);
        break;
      case Jt808MsgId.MediaEvent:
        decodeMediaEvent(r, m);
        break;
      case Jt808MsgId.CommandResponse:
      case Jt808MsgId.TextResponse:
        decodeTextResult(r, h.msgId, m);
        break;
      default:
        m.attributes.body = body.toString('hex');
    }
    if (!h.subpackage) m.reply = encodeGeneralReply(target, this.nextSerial(), h.serial, h.msgId);
  }

  /** "(id,…,BASE,2,TIME)": reply with TIME replaced by the UTC time; other bracketed texts are results. */
  private decodeText(sentence: string): DecodedMessage {
    const m = newMessage('jt808', 'text');
    m.kind = 'info';
    m.deviceId = sentence.slice(1).split(',')[0];
    if (sentence.includes('BASE,2')) {
      const now = (this.options.now ?? (() => new Date()))().toISOString();
      const stamp = now.slice(0, 19).replace(/[-T:]/g, '');
      m.reply = Buffer.from(sentence.replace('TIME', stamp), 'latin1');
    } else m.attributes.result = sentence;
    return m;
  }

  /** Default auth code: the terminal id as sent (zeros kept), or the IMEI it packs. */
  private authCode(phone: Buffer): string {
    const id = /^\d+$/.test(phone.toString('hex')) ? phone.toString('hex') : jt808DeviceId(phone);
    return this.options.authCode?.(jt808DeviceId(phone)) ?? id;
  }

  private nextSerial(): number {
    const serial = this.serial;
    this.serial = (this.serial + 1) & 0xffff;
    return serial;
  }

  /** Keep sub-packages until all arrived; bounded to a few messages per connection. */
  private reassemble(frame: Jt808Frame): Buffer | null {
    const { msgId, subpackage, serial } = frame.header;
    if (!subpackage || subpackage.total < 1 || subpackage.index < 1 || subpackage.index > subpackage.total) {
      return null;
    }
    // Sub-packages of one message carry consecutive serials: the first one's serial is serial - (index - 1).
    const key = `${msgId}:${subpackage.total}:${(serial - subpackage.index + 1) & 0xffff}`;
    let parts = this.pending.get(key);
    if (!parts) {
      if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
      parts = new Array(subpackage.total).fill(undefined);
      this.pending.set(key, parts);
    }
    parts[subpackage.index - 1] = frame.body;
    if (parts.some((p) => p === undefined)) return null;
    this.pending.delete(key);
    return Buffer.concat(parts as Buffer[]);
  }
}

/** Stateless convenience for one frame (outgoing serial 0, Traccar's choice). */
export function decodeJt808(frame: Buffer, options?: Jt808DecoderOptions): DecodedMessage {
  return new Jt808Decoder(options).decode(frame);
}
