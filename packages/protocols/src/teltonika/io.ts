import type { ByteReader } from '../common/reader.ts';
import { type AlarmName, addAlarm, type Position } from '../common/types.ts';

/**
 * Teltonika AVL IO element ids → attributes (Teltonika "FMB AVL ID" list, FMB/FMC/FMM families).
 * Unknown ids are kept as `io<id>`.
 */
type Handler = (p: Position, v: ByteReader, length: number) => void;

const flag =
  (key: string): Handler =>
  (p, v, n) => {
    p.attributes[key] = readUnsigned(v, n) > 0;
  };
const scaled =
  (key: string, divisor: number): Handler =>
  (p, v, n) => {
    p.attributes[key] = readUnsigned(v, n) / divisor;
  };
const signed =
  (key: string, divisor: number): Handler =>
  (p, v) => {
    p.attributes[key] = v.i16() / divisor;
  };
const alarmIf =
  (alarm: AlarmName): Handler =>
  (p, v, n) => {
    if (readUnsigned(v, n) > 0) addAlarm(p, alarm);
  };

const IO: ReadonlyMap<number, Handler> = new Map<number, Handler>([
  [1, flag('in1')],
  [2, flag('in2')],
  [3, flag('in3')],
  [4, flag('in4')],
  [9, scaled('adc1', 1000)],
  [10, scaled('adc2', 1000)],
  [16, scaled('odometer', 1)], // total odometer, metres
  [21, scaled('rssi', 1)], // GSM signal 0-5
  [66, scaled('power', 1000)], // external voltage, mV
  [67, scaled('battery', 1000)], // battery voltage, mV
  [69, scaled('gnssStatus', 1)],
  [113, scaled('batteryLevel', 1)],
  [179, flag('out1')],
  [180, flag('out2')],
  [181, scaled('pdop', 10)],
  [182, scaled('hdop', 10)],
  [199, scaled('tripOdometer', 1)],
  [200, scaled('sleepMode', 1)],
  [205, scaled('cellId', 1)], // GSM cell id (serving cell; with 206 and 241, LBS positioning)
  [206, scaled('lac', 1)], // GSM area code
  [239, flag('ignition')],
  [240, flag('motion')],
  [241, scaled('operator', 1)], // active GSM operator: MCC then MNC digits (24602)
  [246, alarmIf('tow')],
  [247, alarmIf('accident')],
  [249, alarmIf('jamming')],
  [252, alarmIf('powerCut')],
  [
    253, // green driving type
    (p, v, n) => {
      const kind = readUnsigned(v, n);
      addAlarm(
        p,
        kind === 1 ? 'hardAcceleration' : kind === 2 ? 'hardBraking' : kind === 3 ? 'hardCornering' : undefined,
      );
    },
  ],
  [636, scaled('cellId', 1)], // 4G (LTE) cell id
  [10800, signed('eyeTemp1', 100)], // EYE sensor temperatures, 0.01 °C
  [10801, signed('eyeTemp2', 100)],
  [10802, signed('eyeTemp3', 100)],
  [10803, signed('eyeTemp4', 100)],
]);

export function readUnsigned(v: ByteReader, length: number): number {
  if (length === 1) return v.u8();
  if (length === 2) return v.u16();
  if (length === 4) return v.u32();
  return v.u64();
}

/** One fixed-size IO element (1, 2, 4 or 8 bytes). */
export function decodeIo(p: Position, id: number, v: ByteReader, length: number): void {
  const handler = IO.get(id);
  if (handler) handler(p, v, length);
  else if (length === 8) {
    const hi = v.u32();
    const lo = v.u32();
    p.attributes[`io${id}`] =
      hi < 0x200000 ? hi * 2 ** 32 + lo : `0x${hi.toString(16)}${lo.toString(16).padStart(8, '0')}`;
  } else p.attributes[`io${id}`] = readUnsigned(v, length);
}

/** Variable-length (codec 8E "NX") element: VIN, DTCs, BLE tag lists, else hex. */
export function decodeIoX(p: Position, id: number, v: ByteReader): void {
  const a = p.attributes;
  if (id === 256 || id === 325) a.vin = v.ascii(v.remaining);
  else if (id === 281) a.dtcs = v.ascii(v.remaining).replaceAll(',', ' ');
  else if ([548, 10828, 10829, 10831, 11317].includes(id)) decodeTags(p, v);
  else a[`io${id}`] = v.hex(v.remaining);
}

/** BLE sensor list: header byte, then per tag a length-prefixed run of (param id, length, value). */
function decodeTags(p: Position, v: ByteReader): void {
  v.u8(); // header
  for (let i = 1; v.remaining > 0; i++) {
    const tag = v.sub(Math.min(v.u8(), v.remaining));
    while (tag.remaining >= 2) {
      const param = tag.u8();
      const value = tag.sub(Math.min(tag.u8(), tag.remaining));
      const key = `tag${i}`;
      if (param === 0) p.attributes[`${key}Rssi`] = value.i8();
      else if (param === 1) p.attributes[`${key}Id`] = value.hex(value.remaining);
      else if (param === 2) {
        const f = value.u8();
        if (f & 0x40) p.attributes[`${key}LowBattery`] = true;
        if (f & 0x80) p.attributes[`${key}Voltage`] = value.u8() * 10 + 2000;
      } else if (param === 6) p.attributes[`${key}Temp`] = value.i16();
      else if (param === 7) p.attributes[`${key}Humidity`] = value.u8();
      else if (param === 13) p.attributes[`${key}LowBattery`] = value.u8();
      else if (param === 14) p.attributes[`${key}Battery`] = value.u16();
      else if (param === 15) p.attributes[`${key}Mac`] = value.hex(6);
    }
  }
}
