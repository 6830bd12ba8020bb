import { encodeJt808, gbkEncode, Jt808FrameSplitter, type Jt808Target, parseJt808Frame } from '@lodestar/protocols';
import type { SimAlarm, SimFix } from '../route.ts';
import { fuelLitres, hasVehicleSensors, tyresKPa } from '../sensors.ts';
import { clockParts, type DialectEvent, type TcpDialect } from './types.ts';

/** JT/T 808-2019 table 24 alarm bits and table 25 status bits. */
const ALARM_BIT: Record<SimAlarm, number> = { sos: 1 << 0, overspeed: 1 << 1, powerCut: 1 << 8 };
const STATUS = { acc: 1 << 0, positioned: 1 << 1, south: 1 << 2, west: 1 << 3 };
const BEIJING_MINUTES = 8 * 60; // §4.4: device times are GMT+8

/** Terminal phone → BCD[6] (2013 header). */
export function jt808Phone(deviceId: string): Buffer {
  return Buffer.from(deviceId.padStart(12, '0'), 'hex');
}

/** 0x0100 register, 2013 layout (table 8): province, city, maker[5], model[20], terminal id[7], plate colour, plate. */
export function encodeJt808Register(t: Jt808Target, serial: number, plate: string): Buffer {
  const fixed = Buffer.alloc(2 + 2 + 5 + 20 + 7 + 1);
  fixed.writeUInt16BE(31, 0); // Shanghai
  fixed.writeUInt16BE(115, 2);
  fixed.write('LODE', 4, 'latin1');
  fixed.write('SIM-808', 9, 'latin1');
  fixed.write(t.phone.toString('hex').slice(-7), 29, 'latin1');
  fixed.writeUInt8(1, 36); // blue plate
  return encodeJt808(0x0100, t, serial, Buffer.concat([fixed, gbkEncode(plate)]));
}

/** What a vehicle with sensors adds to its location report: fuel in litres and tyre pressures in kPa. */
export interface Jt808Sensors {
  fuelL: number;
  tyresKPa: number[];
}

/** Tyre item 0x05 (JT/T 808-2019 table 27): BYTE[30], wheels from the front, left to right; 0xFF unused. */
const TYRE_POSITIONS = 30;

/**
 * 0x0200 location (table 23) with additional item 0x01 mileage (1/10 km, table 27) and, for a vehicle with
 * sensors, 0x02 fuel (WORD, 1/10 L) and 0x05 tyre pressures (one byte per wheel, read as kPa by the platform).
 */
export function encodeJt808Location(t: Jt808Target, serial: number, fix: SimFix, sensors?: Jt808Sensors): Buffer {
  const extra = sensors ? 4 + 2 + TYRE_POSITIONS : 0;
  const body = Buffer.alloc(28 + 6 + extra);
  body.writeUInt32BE(fix.alarm ? ALARM_BIT[fix.alarm] : 0, 0);
  const status =
    (fix.acc ? STATUS.acc : 0) | STATUS.positioned | (fix.lat < 0 ? STATUS.south : 0) | (fix.lon < 0 ? STATUS.west : 0);
  body.writeUInt32BE(status, 4);
  body.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1e6), 8);
  body.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1e6), 12);
  body.writeInt16BE(fix.altitude, 16);
  body.writeUInt16BE(Math.round(fix.speedKmh * 10), 18);
  body.writeUInt16BE(fix.course, 20);
  const bcd = clockParts(fix.time, BEIJING_MINUTES)
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  Buffer.from(bcd, 'hex').copy(body, 22);
  body.writeUInt8(0x01, 28);
  body.writeUInt8(4, 29);
  body.writeUInt32BE(Math.round(fix.odometerM / 100), 30);
  if (sensors) {
    body.writeUInt8(0x02, 34);
    body.writeUInt8(2, 35);
    body.writeUInt16BE(Math.round(sensors.fuelL * 10), 36);
    body.writeUInt8(0x05, 38);
    body.writeUInt8(TYRE_POSITIONS, 39);
    body.fill(0xff, 40, 40 + TYRE_POSITIONS);
    sensors.tyresKPa.slice(0, TYRE_POSITIONS).forEach((kPa, i) => {
      body.writeUInt8(Math.max(0, Math.min(0xfe, Math.round(kPa))), 40 + i);
    });
  }
  return encodeJt808(0x0200, t, serial, body);
}

/** 0x0001 terminal general reply (table 5): the platform serial and message id, result 0. */
function generalReply(t: Jt808Target, serial: number, replySerial: number, replyId: number): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(replySerial, 0);
  body.writeUInt16BE(replyId, 2);
  return encodeJt808(0x0001, t, serial, body);
}

/** Register → 0x8100 with an auth code → 0x0102 authenticate → 0x8001 → logged in (JT/T 808-2019 §8.1-8.3). */
export function jt808Dialect(deviceId: string): TcpDialect {
  const t: Jt808Target = { phone: jt808Phone(deviceId) };
  const withSensors = hasVehicleSensors(deviceId);
  let serial = 0;
  const next = () => {
    serial = (serial + 1) & 0xffff;
    return serial;
  };
  return {
    splitter: () => new Jt808FrameSplitter(),
    login: () => encodeJt808Register(t, next(), `沪A${deviceId.slice(-5)}`),
    position(fix) {
      const s = next();
      const sensors = withSensors ? { fuelL: fuelLitres(deviceId, fix), tyresKPa: tyresKPa(deviceId, fix) } : undefined;
      return { bytes: encodeJt808Location(t, s, fix, sensors), key: String(s) };
    },
    onFrame(frame): DialectEvent[] {
      const f = parseJt808Frame(frame);
      if (!f) return [];
      const { msgId } = f.header;
      const body = f.body;
      if (msgId === 0x8100) {
        if (body[2] !== 0) return [{ type: 'refused' }];
        return [{ type: 'send', bytes: encodeJt808(0x0102, t, next(), body.subarray(3)) }];
      }
      if (msgId === 0x8001 && body.length >= 5) {
        const replySerial = body.readUInt16BE(0);
        const replyId = body.readUInt16BE(2);
        if (body[4] !== 0) return [{ type: 'refused' }];
        if (replyId === 0x0102) return [{ type: 'loggedIn' }];
        return replyId === 0x0200 ? [{ type: 'ack', key: String(replySerial) }] : [];
      }
      // Any platform command (0x8105, 0x8300 …) is answered with a general reply; 0x8105 with command
      // word 0xF0 / 0xF1 cuts / restores the fuel and power.
      if (msgId >= 0x8000) {
        const answer: DialectEvent = { type: 'send', bytes: generalReply(t, next(), f.header.serial, msgId) };
        const relay = msgId === 0x8105 && (body[0] === 0xf0 || body[0] === 0xf1);
        return relay ? [{ type: 'immobilise', on: body[0] === 0xf0 }, answer] : [answer];
      }
      return [];
    },
  };
}
