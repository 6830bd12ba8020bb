import type { ByteReader } from '../common/reader.ts';
import { dateFromParts } from '../common/time.ts';
import { addAlarm, type DecodedMessage, type Position } from '../common/types.ts';
import { alarmCode, statusAlarm } from './alarms.ts';
import { GT06_TRAILER } from './frame.ts';
import type { Gt06Layout } from './messages.ts';

/** Date-time yy mm dd hh mm ss, binary (GT06N v1.8 §5.2.1.4), in the device's zone. */
export function readGt06Date(r: ByteReader, offsetMinutes: number): Date {
  const y = r.u8();
  const mo = r.u8();
  const d = r.u8();
  const h = r.u8();
  const mi = r.u8();
  const s = r.u8();
  const date = dateFromParts(2000 + y, mo, d, h, mi, s, offsetMinutes);
  if (!date) throw new RangeError(`bad date ${y}-${mo}-${d} ${h}:${mi}:${s}`);
  return date;
}

export function emptyPosition(fixTime: Date): Position {
  return { fixTime, valid: false, lat: 0, lon: 0, speedKmh: 0, course: 0, alarms: [], attributes: {} };
}

/** Course/status word: bits 0-9 course, 10 north, 11 west, 12 positioned, 14 ACC known, 15 ACC (§5.2.1.9). */
export function applyCourseStatus(p: Position, flags: number, lat: number, lon: number): void {
  p.course = flags & 0x3ff;
  p.valid = (flags & 0x1000) !== 0;
  p.lat = flags & 0x400 ? lat : -lat;
  p.lon = flags & 0x800 ? -lon : lon;
  if (flags & 0x4000) p.attributes.ignition = (flags & 0x8000) !== 0;
}

/** GPS block: time, satellites nibble, lat/lon (deg × 1,800,000), speed km/h, course/status. */
export function readGps(r: ByteReader, offsetMinutes: number): Position {
  const p = emptyPosition(readGt06Date(r, offsetMinutes));
  p.satellites = r.u8() & 0x0f;
  const lat = r.u32() / 1_800_000;
  const lon = r.u32() / 1_800_000;
  p.speedKmh = r.u8();
  applyCourseStatus(p, r.u16(), lat, lon);
  return p;
}

/** LBS block (§5.2.1.10): MCC, MNC, LAC, cell id; attributes keep the serving cell. */
export function readLbs(r: ByteReader, layout: Gt06Layout, cid4: boolean, attributes: Position['attributes']): void {
  let length = 0;
  if (layout.lbsLength) {
    length = r.u8();
    if (length === 0) return;
  }
  const mcc = r.u16();
  const mnc = mcc & 0x8000 || layout.lbs === 'g6' ? r.u16() : r.u8();
  const lac = layout.lbs === 'long' ? r.u32() : r.u16();
  const cid = layout.lbs === 'long' ? r.u64() : layout.lbs === 'g6' || cid4 ? r.u32() : r.u24();
  attributes.mcc = mcc & 0x7fff;
  attributes.mnc = mnc;
  attributes.lac = lac;
  attributes.cellId = cid;
  if (length > 9) r.skip(Math.min(length - 9, r.remaining));
}

/**
 * Status block (§5.3.1): terminal info, voltage level (0-6, or a percentage), GSM signal (0-4), alarm/language.
 * `lw`: LW-series devices send a 12-bit supply voltage instead of the alarm/language word.
 */
export function readStatus(r: ByteReader, target: DecodedMessage | Position, opts: { lw: boolean; fence: boolean }) {
  const status = r.u8();
  const a = target.attributes;
  a.status = status;
  a.armed = (status & 0x01) !== 0;
  a.ignition = (status & 0x02) !== 0;
  a.charge = (status & 0x04) !== 0;
  a.gpsTracking = (status & 0x40) !== 0;
  a.blocked = (status & 0x80) !== 0;
  addAlarm(target, statusAlarm(status));
  const battery = r.u8();
  a.voltageLevel = battery;
  if (battery <= 6) a.batteryLevel = Math.floor((battery * 100) / 6);
  else if (battery <= 100) a.batteryLevel = battery;
  a.rssi = r.u8();
  if (opts.lw) {
    a.power = (r.u16() & 0x0fff) / 10;
    return;
  }
  if (r.remaining <= GT06_TRAILER) return;
  let code = r.u8();
  // 0x27/0xA4: high nibble of the language byte extends the alarm code.
  if (opts.fence && r.remaining > GT06_TRAILER) code += ((r.buf[r.position] ?? 0) >> 4) << 8;
  addAlarm(target, alarmCode(code, false));
}
