import { encodeGt06Packet, Gt06FrameSplitter, Gt06Type, parseGt06Frame } from '@lodestar/protocols';
import type { SimAlarm, SimFix } from '../route.ts';
import { clockParts, type DialectEvent, type TcpDialect } from './types.ts';

/** Alarm/language byte codes (Concox GT06N v1.8 §5.4). */
const ALARM_CODE: Record<SimAlarm, number> = { sos: 0x01, powerCut: 0x02, overspeed: 0x06 };

/** 0x01 login (§5.1): 8-byte BCD terminal id, the IMEI with a leading 0. */
export function encodeGt06Login(imei: string, serial: number): Buffer {
  return encodeGt06Packet(Gt06Type.Login, serial, Buffer.from(`0${imei}`.padStart(16, '0'), 'hex'));
}

/** GPS block (§5.2.1): UTC date, satellites, lat/lon × 1,800,000, speed km/h, course/status word. */
function gpsBlock(fix: SimFix): Buffer {
  const b = Buffer.alloc(18);
  Buffer.from(clockParts(fix.time)).copy(b, 0);
  b.writeUInt8(0xc0 | 9, 6); // GPS info length 12, 9 satellites
  b.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1_800_000), 11);
  b.writeUInt8(Math.min(255, Math.round(fix.speedKmh)), 15);
  // bit 12 positioned, 10 north latitude, 11 west longitude; 14/15 ACC known / on (as Traccar reads it)
  const flags =
    (fix.course & 0x3ff) |
    0x1000 |
    (fix.lat >= 0 ? 0x400 : 0) |
    (fix.lon < 0 ? 0x800 : 0) |
    0x4000 |
    (fix.acc ? 0x8000 : 0);
  b.writeUInt16BE(flags, 16);
  return b;
}

/** Serving cell: MCC 460 (China), MNC 0, LAC, cell id. */
const LBS = Buffer.from([0x01, 0xcc, 0x00, 0x28, 0x7d, 0x00, 0x1f, 0x71]);

/**
 * A position: 0x22 GPS+LBS with the ACC byte (JM-VL03 §5.3), or 0x16 GPS+LBS+status carrying the alarm
 * when there is one (§5.3.1: terminal info, voltage level, GSM signal, alarm, language).
 */
export function encodeGt06Location(fix: SimFix, serial: number): Buffer {
  if (fix.alarm) {
    const info = (fix.acc ? 0x02 : 0) | 0x40 | 0x04;
    const status = Buffer.from([info, 0x05, 0x04, ALARM_CODE[fix.alarm], 0x02]);
    const content = Buffer.concat([gpsBlock(fix), Buffer.from([LBS.length + 1]), LBS, status]);
    return encodeGt06Packet(Gt06Type.GpsLbsStatus, serial, content);
  }
  const tail = Buffer.from([fix.acc ? 1 : 0, 0x00, 0x00]); // ACC, upload mode (timed), real-time
  return encodeGt06Packet(Gt06Type.GpsLbs2, serial, Buffer.concat([gpsBlock(fix), LBS, tail]));
}

/** §6.2 answer 0x15 to a 0x80 command: length, the server flag echoed, text. */
function stringAnswer(flag: Buffer, text: string, serial: number): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  return encodeGt06Packet(Gt06Type.String, serial, Buffer.concat([Buffer.from([4 + bytes.length]), flag, bytes]));
}

/** JM-VL03 §5.8 answer 0x21: the server flag echoed, encoding 1 (ASCII), text; in a 0x7979 packet. */
function stringInfoAnswer(flag: Buffer, text: string, serial: number): Buffer {
  const content = Buffer.concat([flag, Buffer.from([1]), Buffer.from(text, 'latin1')]);
  return encodeGt06Packet(Gt06Type.StringInfo, serial, content, true);
}

/** What the simulated Concox tracker keeps of its settings, for PARAM#. */
interface Gt06Settings {
  timer: [number, number];
  speed: string;
  senalm: string;
  center: string;
}

/**
 * The tracker's answer text to a Concox command, the way GT06N / JM-VL firmwares word them; settings are kept so
 * that PARAM# shows what TIMER, SPEED, SENALM and CENTER set. Queries answer in 0x21, settings in 0x15.
 */
function answerText(text: string, imei: string, s: Gt06Settings, fix: SimFix | undefined): [string, 'info' | 'string'] {
  const [word = '', ...args] = text.replace(/#$/, '').split(',');
  switch (word.toUpperCase()) {
    case 'WHERE': {
      if (!fix) return ['Current position!No GPS fix', 'info'];
      const lat = `${fix.lat >= 0 ? 'N' : 'S'}${Math.abs(fix.lat).toFixed(6)}`;
      const lon = `${fix.lon >= 0 ? 'E' : 'W'}${Math.abs(fix.lon).toFixed(6)}`;
      const at = fix.time.toISOString().slice(0, 19).replace('T', ' ');
      return [
        `Current position!Lat:${lat},Lon:${lon},Course:${fix.course},Speed:${Math.round(fix.speedKmh)}km/h,DateTime:${at}`,
        'info',
      ];
    }
    case 'STATUS':
      return [
        `Battery:4.10V,NORMAL;GPRS:Link Up;GSM Signal Level:Strong;GPS:Successful positioning;ACC:${fix?.acc ? 'ON' : 'OFF'}`,
        'info',
      ];
    case 'PARAM':
      return [`IMEI:${imei};TIMER:${s.timer.join(',')};SPEED:${s.speed};SENALM:${s.senalm};CENTER:${s.center}`, 'info'];
    case 'TIMER':
      s.timer = [Number(args[0]), Number(args[1] ?? s.timer[1])];
      return [`TIMER ACC ON:${s.timer[0]}s,ACC OFF:${s.timer[1]}s`, 'string'];
    case 'SPEED':
      s.speed = args[0]?.toUpperCase() === 'ON' ? `ON,${args[1]},${args[2]}` : 'OFF';
      return ['SPEEDALM_OK', 'string'];
    case 'SENALM':
      s.senalm = args[0]?.toUpperCase() === 'ON' ? 'ON' : 'OFF';
      return ['OK', 'string'];
    case 'CENTER':
      s.center = args[0]?.toUpperCase() === 'A' ? (args[1] ?? '') : '';
      return ['OK', 'string'];
    default:
      return [`${text}:OK`, 'string'];
  }
}

/** The relay texts (Traccar's and the alternative fuel-cut pair): true cuts, false restores. */
function relayCommand(text: string): boolean | undefined {
  if (/^(RELAY,1|DYD,)/i.test(text)) return true;
  if (/^(RELAY,0|HFYD,)/i.test(text)) return false;
  return undefined;
}

export function gt06Dialect(imei: string): TcpDialect {
  const settings: Gt06Settings = { timer: [10, 3600], speed: 'OFF', senalm: 'OFF', center: '' };
  let lastFix: SimFix | undefined;
  let serial = 0;
  const next = () => {
    serial = (serial + 1) & 0xffff;
    return serial;
  };
  return {
    splitter: () => new Gt06FrameSplitter(),
    login: () => encodeGt06Login(imei, next()),
    position(fix) {
      lastFix = fix;
      const s = next();
      return { bytes: encodeGt06Location(fix, s), key: String(s) };
    },
    onFrame(frame): DialectEvent[] {
      const f = parseGt06Frame(frame);
      if (!f) return [];
      if (f.type === Gt06Type.Login) return [{ type: 'loggedIn' }];
      if (f.type === Gt06Type.Command) {
        const flag = f.body.subarray(1, 5);
        const command = f.body.toString('latin1', 5, 1 + (f.body[0] ?? 4));
        const [text, packet] = answerText(command, imei, settings, lastFix);
        const bytes = packet === 'info' ? stringInfoAnswer(flag, text, next()) : stringAnswer(flag, text, next());
        const answer: DialectEvent = { type: 'send', bytes };
        const relay = relayCommand(command);
        return relay === undefined ? [answer] : [{ type: 'immobilise', on: relay }, answer];
      }
      return [{ type: 'ack', key: String(f.serial) }];
    },
  };
}
