import { bcdTimeParts } from '../common/bcd.ts';
import type { ByteReader } from '../common/reader.ts';
import { dateFromParts } from '../common/time.ts';
import { addAlarm, type Position } from '../common/types.ts';
import { decodeItems } from './items.ts';
import { ALARM_BITS, JT808_DEVICE_ZONE_MINUTES, STATUS } from './messages.ts';

/**
 * 0x0200 location body (JT/T 808-2019 table 23): alarm DWORD, status DWORD, lat/lon DWORD (1e-6 °),
 * altitude WORD (m), speed WORD (1/10 km/h), course WORD, time BCD[6] (GMT+8), then additional items.
 */
export function decodeLocation(r: ByteReader, zoneMinutes = JT808_DEVICE_ZONE_MINUTES): Position {
  const alarmFlags = r.u32();
  const status = r.u32();
  const lat = r.u32() / 1e6;
  const lon = r.u32() / 1e6;
  const altitude = r.i16();
  const speedKmh = r.u16() / 10;
  const course = r.u16();
  const [y, mo, d, h, mi, s] = bcdTimeParts(r.bytes(6));
  const fixTime = dateFromParts(2000 + (y ?? 0), mo ?? 0, d ?? 0, h ?? 0, mi ?? 0, s ?? 0, zoneMinutes);
  if (!fixTime) throw new RangeError('bad BCD time');
  const p: Position = {
    fixTime,
    valid: (status & STATUS.positioned) !== 0,
    lat: status & STATUS.south ? -lat : lat,
    lon: status & STATUS.west ? -lon : lon,
    speedKmh,
    course,
    altitude,
    alarms: [],
    attributes: {
      alarmFlags,
      statusFlags: status,
      ignition: (status & STATUS.acc) !== 0,
      blocked: (status & STATUS.oilCut) !== 0,
      circuitCut: (status & STATUS.circuitCut) !== 0,
    },
  };
  for (const [bit, alarm] of ALARM_BITS) if (alarmFlags & (2 ** bit)) addAlarm(p, alarm);
  decodeItems(r, p);
  return p;
}
