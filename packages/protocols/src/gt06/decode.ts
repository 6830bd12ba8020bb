import { ByteReader } from '../common/reader.ts';
import { type DecodedMessage, malformed, newMessage, type Position } from '../common/types.ts';
import { encodeGt06Ack, encodeGt06TimeReply } from './encode.ts';
import { GT06_TRAILER, type Gt06Frame, parseGt06Frame } from './frame.ts';
import {
  decodeAlarmPacket,
  decodeDeviceStatus,
  decodeInfo,
  decodeModular,
  decodeSerial,
  decodeString,
  decodeStringInfo,
} from './info.ts';
import { expectsAck, type Gt06Layout, Gt06Type, LAYOUTS } from './messages.ts';
import { readGps, readLbs, readStatus } from './position.ts';

export interface Gt06SessionOptions {
  /** Device zone in minutes east of UTC; default: the login's time-zone extension, else UTC. */
  timezoneMinutes?: number;
  /** Device model when known (e.g. "LW4G-4B"): a few layouts depend on it. */
  model?: string;
  /** Also ACK plain location packets (Traccar does; the Concox document says they need no reply). */
  ackLocations?: boolean;
  /** Clock for the 0x8A time reply. */
  now?: () => Date;
}

/**
 * One TCP connection's GT06 state: the login (0x01) names the device; later frames belong to it.
 * Frames before a login decode to `kind: 'unknown'` with an error and no reply (as Traccar does).
 */
export class Gt06Session {
  deviceId?: string;
  timezoneMinutes?: number;

  constructor(private readonly options: Gt06SessionOptions = {}) {
    this.timezoneMinutes = options.timezoneMinutes;
  }

  decode(frameBytes: Buffer): DecodedMessage {
    const frame = parseGt06Frame(frameBytes);
    const m = newMessage('gt06', frame?.type ?? -1);
    if (!frame) {
      m.error = 'not a GT06 frame';
      return m;
    }
    m.serial = frame.serial;
    m.crcValid = frame.crcValid;
    try {
      this.decodeFrame(frame, m);
    } catch (err) {
      malformed(m, err);
    }
    return m;
  }

  private decodeFrame(frame: Gt06Frame, m: DecodedMessage): void {
    const r = new ByteReader(frame.body);
    if (frame.type === Gt06Type.Login) {
      this.decodeLogin(r, frame, m);
      return;
    }
    if (this.deviceId === undefined) {
      m.error = 'no login on this connection yet';
      return;
    }
    m.deviceId = this.deviceId;
    const tz = this.timezoneMinutes ?? 0;
    const layout = LAYOUTS.get(frame.type);
    const model = this.options.model?.toUpperCase();
    if (frame.type === Gt06Type.Status && frame.length === 0x13) this.decodeObdStatus(r, m);
    else if (layout && !frame.extended) this.decodeLayout(r, frame, layout, m, model);
    else if (frame.type === Gt06Type.String) decodeString(r, m);
    else if (frame.type === Gt06Type.StringInfo) decodeStringInfo(r, m);
    else if (frame.type === Gt06Type.Info) decodeInfo(r, frame, m, tz);
    else if (frame.type === Gt06Type.Serial) decodeSerial(r, m);
    else if (frame.type === Gt06Type.DeviceStatus) decodeDeviceStatus(r, m);
    else if (frame.type === Gt06Type.Alarm) decodeAlarmPacket(r, frame, m, tz);
    else if (frame.type === Gt06Type.Modular) decodeModular(r, m);
    else if (frame.type === Gt06Type.TimeRequest) {
      m.kind = 'info';
      m.reply = encodeGt06TimeReply((this.options.now ?? (() => new Date()))());
      return;
    }
    if (expectsAck(frame.type, this.options.ackLocations ?? false)) {
      m.reply = encodeGt06Ack(frame.type, frame.serial);
    }
  }

  /** 0x01 login (GT06N v1.8 §5.1): 8-byte BCD terminal id, then type id and time-zone word on newer firmware. */
  private decodeLogin(r: ByteReader, frame: Gt06Frame, m: DecodedMessage): void {
    const terminalId = r.hex(8);
    this.deviceId = terminalId.substring(1);
    m.kind = 'login';
    m.deviceId = this.deviceId;
    m.attributes.terminalId = terminalId;
    if (r.remaining >= 2 + GT06_TRAILER) m.attributes.typeId = r.u16();
    if (frame.length - 5 > 10 && r.remaining >= 2 + GT06_TRAILER) {
      // JM-VL03 §5.1.1.3: bits 15-4 zone ×100 (hhmm), bit 3 set = west.
      const word = r.u16();
      const hhmm = word >> 4;
      const minutes = (Math.floor(hhmm / 100) * 60 + (hhmm % 100)) * (word & 0x08 ? -1 : 1);
      m.attributes.timezoneMinutes = minutes;
      if (this.options.timezoneMinutes === undefined) this.timezoneMinutes = minutes;
    }
    m.reply = encodeGt06Ack(frame.type, frame.serial);
  }

  /** GPS / LBS / status family, laid out per LAYOUTS. */
  private decodeLayout(r: ByteReader, frame: Gt06Frame, layout: Gt06Layout, m: DecodedMessage, model?: string) {
    // "SEEWORLD" firmwares send 0x16 with length 0x26 and 0x22 with 0x2F: 4-byte cell id.
    const cid4 =
      (frame.type === Gt06Type.GpsLbsStatus && frame.length === 0x26) ||
      (frame.type === Gt06Type.GpsLbs2 && frame.length === 0x2f);
    let target: DecodedMessage | Position = m;
    if (layout.gps) {
      const p = readGps(r, this.timezoneMinutes ?? 0);
      m.positions.push(p);
      target = p;
    }
    if (layout.lbs && r.remaining > GT06_TRAILER) readLbs(r, layout, cid4, target.attributes);
    if (layout.status) {
      const lw = frame.type === Gt06Type.Status && (model?.startsWith('LW') ?? false);
      readStatus(r, target, { lw, fence: layout.fenceTail ?? false });
      if (layout.fenceTail && r.remaining >= 2 + GT06_TRAILER) {
        r.u8(); // language
        target.attributes.geofence = r.u8();
      }
    }
    // VL03 0x22 tail: ACC, data upload mode, GPS real-time / re-upload (JM-VL03 §5.3.1.10-12).
    if (layout.accTail && r.remaining >= 3 + GT06_TRAILER) {
      target.attributes.ignition = r.u8() > 0;
      target.attributes.uploadMode = r.u8();
      target.attributes.archive = r.u8() > 0;
    }
    if (r.remaining === 4 + GT06_TRAILER) target.attributes.odometer = r.u32();
    m.kind = layout.gps ? 'position' : target.alarms.length > 0 ? 'alarm' : 'heartbeat';
  }

  /** 0x13 with length 0x13 (OBD6-style heartbeat carrying satellites, voltage and a temperature). */
  private decodeObdStatus(r: ByteReader, m: DecodedMessage): void {
    m.kind = 'heartbeat';
    const a = m.attributes;
    a.status = r.u8();
    const signal = r.u16();
    a.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    a.rssi = signal & 0x1f;
    r.u8(); // alarm
    r.u8(); // language
    a.batteryLevel = r.u8();
    const mode = r.u8();
    a.power = r.u16() / 100;
    r.u8(); // reserved
    r.u16(); // working time
    if (mode === 4) a.temp1 = r.i16() / 10;
  }
}

/** Stateless convenience: decode a single frame with a fresh session (only a login gives a device id). */
export function decodeGt06(frame: Buffer, options?: Gt06SessionOptions): DecodedMessage {
  return new Gt06Session(options).decode(frame);
}
