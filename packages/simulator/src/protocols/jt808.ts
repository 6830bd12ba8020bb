import { encodeJt808, gbkEncode, Jt808FrameSplitter, type Jt808Target, parseJt808Frame } from '@lodestar/protocols';
import type { SimAlarm, SimFix } from '../route.ts';
import { fuelLitres, hasVehicleSensors, tyresKPa } from '../sensors.ts';
import { type CameraOptions, Jt808Camera } from './jt808-camera.ts';
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
  return encodeJt808(0x0200, t, serial, locationBody(fix, sensors));
}

/** The 0x0200 body alone: 0x0201 answers a position query with our serial in front of it. */
function locationBody(fix: SimFix, sensors?: Jt808Sensors): Buffer {
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
  return body;
}

/** 0x0001 terminal general reply (table 5): the platform serial and message id, result 0 ok … 3 unsupported. */
function generalReply(t: Jt808Target, serial: number, replySerial: number, replyId: number, result = 0): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(replySerial, 0);
  body.writeUInt16BE(replyId, 2);
  body.writeUInt8(result, 4);
  return encodeJt808(0x0001, t, serial, body);
}

/** Table 5 result 3: the terminal does not support the message. */
const UNSUPPORTED = 3;

/**
 * Platform messages the simulated terminal carries out and confirms with 0x0001: parameters, terminal control,
 * temporary tracking, text, the areas and routes of 0x8600–0x8607, the camera. Anything else gets result 3.
 */
const UNDERSTOOD: ReadonlySet<number> = new Set([
  0x8103, 0x8105, 0x8202, 0x8300, 0x8600, 0x8601, 0x8602, 0x8603, 0x8604, 0x8605, 0x8606, 0x8607, 0x8801,
]);

/** The terminal's parameter table (id → value bytes as 0x8103 wrote them), answered by 0x0104. */
function defaultParameters(plate: string): Map<number, Buffer> {
  const dword = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return new Map([
    [0x0001, dword(60)], // heartbeat, s
    [0x0027, dword(3600)], // sleep report interval, s
    [0x0029, dword(30)], // default report interval, s
    [0x0055, dword(120)], // max speed, km/h
    [0x0056, dword(10)], // overspeed duration, s
    [0x0083, gbkEncode(plate)],
  ]);
}

/** 0x8103 body (table 10) → the table: count, then id DWORD, length BYTE, value. */
function storeParameters(body: Buffer, into: Map<number, Buffer>): void {
  let at = 1;
  for (let i = 0; i < (body[0] ?? 0) && at + 5 <= body.length; i++) {
    const id = body.readUInt32BE(at);
    const length = body[at + 4] ?? 0;
    into.set(id, Buffer.from(body.subarray(at + 5, at + 5 + length)));
    at += 5 + length;
  }
}

/** 0x0104 (table 13): reply serial, count, items. */
function parametersAnswer(replySerial: number, table: Map<number, Buffer>): Buffer {
  const items = [...table].map(([id, value]) => {
    const head = Buffer.alloc(5);
    head.writeUInt32BE(id, 0);
    head.writeUInt8(value.length, 4);
    return Buffer.concat([head, value]);
  });
  return Buffer.concat([Buffer.from([replySerial >> 8, replySerial & 0xff, table.size]), ...items]);
}

/** 0x0107 (2013 table 20): type, maker[5], model[20], terminal id[7], ICCID BCD[10], hardware, firmware, GNSS, radio. */
function attributesAnswer(deviceId: string): Buffer {
  const fixed = Buffer.alloc(2 + 5 + 20 + 7);
  fixed.writeUInt16BE(0x0006, 0); // passenger and freight vehicle
  fixed.write('LODE', 2, 'latin1');
  fixed.write('SIM-808', 7, 'latin1');
  fixed.write(deviceId.slice(-7), 27, 'latin1');
  const iccid = Buffer.from(`8986${deviceId.padStart(16, '0')}`.slice(0, 20), 'hex');
  const text = (s: string) => Buffer.concat([Buffer.from([s.length]), Buffer.from(s, 'latin1')]);
  return Buffer.concat([fixed, iccid, text('SIM-HW1'), text('SIM-FW1.0'), Buffer.from([0x03, 0x01])]);
}

/** Register → 0x8100 with an auth code → 0x0102 authenticate → 0x8001 → logged in (JT/T 808-2019 §8.1-8.3). */
export function jt808Dialect(deviceId: string, cameraOptions?: CameraOptions): TcpDialect {
  const t: Jt808Target = { phone: jt808Phone(deviceId) };
  const withSensors = hasVehicleSensors(deviceId);
  const plate = `沪A${deviceId.slice(-5)}`;
  const parameters = defaultParameters(plate);
  let lastFix: SimFix | undefined;
  let serial = 0;
  const next = () => {
    serial = (serial + 1) & 0xffff;
    return serial;
  };
  const camera = new Jt808Camera(t, next, cameraOptions);
  return {
    splitter: () => new Jt808FrameSplitter(),
    login: () => encodeJt808Register(t, next(), plate),
    position(fix) {
      lastFix = fix;
      camera.saw(fix);
      const s = next();
      const sensors = withSensors ? { fuelL: fuelLitres(deviceId, fix), tyresKPa: tyresKPa(deviceId, fix) } : undefined;
      return { bytes: encodeJt808Location(t, s, fix, sensors), key: String(s) };
    },
    onFrame(frame): DialectEvent[] {
      const f = parseJt808Frame(frame);
      if (!f) return [];
      const { msgId } = f.header;
      const body = f.body;
      const shot = camera.onFrame(msgId, f.header.serial, body);
      if (shot) return shot;
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
      if (msgId < 0x8000) return [];
      const platformSerial = f.header.serial;
      const send = (bytes: Buffer): DialectEvent => ({ type: 'send', bytes });
      // Queries are answered with their data, carrying the platform's serial (0x0107 has none).
      if (msgId === 0x8201) {
        // Table 5 result 1: no position to give yet.
        if (!lastFix) return [send(generalReply(t, next(), platformSerial, msgId, 1))];
        const sensors = withSensors
          ? { fuelL: fuelLitres(deviceId, lastFix), tyresKPa: tyresKPa(deviceId, lastFix) }
          : undefined;
        const answer = Buffer.concat([
          Buffer.from([platformSerial >> 8, platformSerial & 0xff]),
          locationBody(lastFix, sensors),
        ]);
        return [send(encodeJt808(0x0201, t, next(), answer))];
      }
      if (msgId === 0x8104) return [send(encodeJt808(0x0104, t, next(), parametersAnswer(platformSerial, parameters)))];
      if (msgId === 0x8107) return [send(encodeJt808(0x0107, t, next(), attributesAnswer(deviceId)))];
      if (!UNDERSTOOD.has(msgId)) return [send(generalReply(t, next(), platformSerial, msgId, UNSUPPORTED))];
      if (msgId === 0x8103) storeParameters(body, parameters);
      const answer = send(generalReply(t, next(), platformSerial, msgId));
      // 0x8105 with command word 0xF0 / 0xF1 cuts / restores the fuel and power.
      const relay = msgId === 0x8105 && (body[0] === 0xf0 || body[0] === 0xf1);
      return relay ? [{ type: 'immobilise', on: body[0] === 0xf0 }, answer] : [answer];
    },
  };
}
