import { bcdByte } from '../common/bcd.ts';
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
  const fixTime = readBcdTime(r, zoneMinutes);
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
  if (alarmFlags !== 0) {
    for (const [bit, alarm] of ALARM_BITS) if (alarmFlags & (2 ** bit)) addAlarm(p, alarm);
  }
  decodeItems(r, p);
  return p;
}

/** BCD[6] yy mm dd hh mm ss in the device's zone (table 23), read in place. */
function readBcdTime(r: ByteReader, zoneMinutes: number): Date {
  const at = r.position;
  r.skip(6);
  const b = r.buf;
  const year = 2000 + bcdByte(b[at] as number);
  const time = dateFromParts(
    year,
    bcdByte(b[at + 1] as number),
    bcdByte(b[at + 2] as number),
    bcdByte(b[at + 3] as number),
    bcdByte(b[at + 4] as number),
    bcdByte(b[at + 5] as number),
    zoneMinutes,
  );
  if (!time) throw new RangeError('bad BCD time');
  return time;
}
