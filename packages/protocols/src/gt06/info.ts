import { type ByteReader, isPrintable } from '../common/reader.ts';
import { type AlarmName, addAlarm, type DecodedMessage } from '../common/types.ts';
import { eventAlarm } from './alarms.ts';
import { GT06_TRAILER, type Gt06Frame } from './frame.ts';
import { applyCourseStatus, emptyPosition, readGt06Date } from './position.ts';

/** Text, information and status packets that carry no GPS fix of their own. */

/** 0x15 string packet (GT06N v1.8 §6.2): length, server flag, ASCII reply ("<ICCID:…>" on some firmwares). */
export function decodeString(r: ByteReader, m: DecodedMessage): void {
  const length = r.u8();
  m.kind = 'info';
  if (length < 4) return;
  // The server flag we sent in the 0x80 command comes back: it names the command this answers.
  m.attributes.serverFlag = r.u32();
  const text = r.ascii(Math.max(0, Math.min(length - 4, r.remaining - GT06_TRAILER)));
  if (text.startsWith('<ICCID:')) m.attributes.iccid = text.substring(7, 27);
  else m.attributes.result = text;
}

/** 0x21 string information (JM-VL03 §5.8): server flag, encoding (1 ASCII, else UTF-16BE), text. */
export function decodeStringInfo(r: ByteReader, m: DecodedMessage): void {
  m.attributes.serverFlag = r.u32();
  const encoding = r.u8();
  const data = r.bytes(r.remaining - GT06_TRAILER);
  m.kind = 'info';
  m.attributes.result = encoding === 1 ? data.toString('latin1') : Buffer.from(data).swap16().toString('utf16le');
}

/** 0x94 information transmission (JM-VL03 §5.9), by sub-type. */
export function decodeInfo(r: ByteReader, frame: Gt06Frame, m: DecodedMessage, offsetMinutes: number): void {
  m.kind = 'info';
  if (!frame.extended) {
    m.attributes.power = r.i16() / 100;
    return;
  }
  const subType = r.u8();
  const a = m.attributes;
  a.infoType = subType;
  switch (subType) {
    case 0x00: // external voltage
      a.adc1 = r.u16() / 100;
      break;
    case 0x05: // door status, optionally preceded by a time
      if (r.remaining >= 7 + GT06_TRAILER) a.deviceTime = readGt06Date(r, offsetMinutes).toISOString();
      a.door = (r.u8() & 0x01) !== 0;
      break;
    case 0x0a: // IMEI, IMSI, ICCID as BCD
      a.imei = r.hex(8).substring(1);
      a.imsi = r.hex(8).replace(/^0/, '');
      a.iccid = r.hex(10).replace(/f+$/i, '');
      break;
    case 0x0b: // 1 byte network (0 2G, else 4G) or 2 bytes supply voltage
      if (frame.length - 6 === 1) a.networkTechnology = r.u8() > 0 ? '4G' : '2G';
      else if (frame.length - 6 === 2) a.power = r.u16() / 100;
      break;
    default:
      a.infoData = r.hex(r.remaining - GT06_TRAILER);
  }
}

/** 0x9B transparent serial data: device type, then printable text or raw hex. */
export function decodeSerial(r: ByteReader, m: DecodedMessage): void {
  m.kind = 'info';
  r.u8(); // external device type
  const data = r.bytes(r.remaining - GT06_TRAILER);
  m.attributes.result = isPrintable(data) ? data.toString('latin1').trim() : data.toString('hex');
}

/** 0xF1 device status (Jimi IoT 4G): UNIX time then id(2) length(1) value items. */
export function decodeDeviceStatus(r: ByteReader, m: DecodedMessage): void {
  m.kind = 'heartbeat';
  m.attributes.deviceTime = new Date(r.u32() * 1000).toISOString();
  const a = m.attributes;
  while (r.remaining > GT06_TRAILER) {
    const id = r.u16();
    const item = r.sub(Math.min(r.u8(), r.remaining));
    if (id === 0x0001) a.motion = [0x02, 0x04].includes(item.u8());
    else if (id === 0x0002) a.armed = item.u8() > 0;
    else if (id === 0x0004) a.ignition = item.u8() > 0;
    else if (id === 0x0005) a.power = item.u16() / 100;
    else if (id === 0x0007) a.charge = item.u8() > 0;
  }
}

/** 0x95 alarm (Jimi JC100): short form time + event, or GPS fix + event. */
export function decodeAlarmPacket(r: ByteReader, frame: Gt06Frame, m: DecodedMessage, offsetMinutes: number) {
  const extended = frame.length - 5 > 7;
  let target: DecodedMessage | ReturnType<typeof emptyPosition> = m;
  if (extended) {
    const p = emptyPosition(readGt06Date(r, offsetMinutes));
    const lat = r.u32() / 1_800_000;
    const lon = r.u32() / 1_800_000;
    applyCourseStatus(p, r.u16(), lat, lon);
    m.positions.push(p);
    target = p;
  } else {
    m.attributes.deviceTime = readGt06Date(r, offsetMinutes).toISOString();
  }
  const event = r.u8();
  target.attributes.event = event;
  addAlarm(target, eventAlarm(event, extended));
  m.kind = extended ? 'position' : 'alarm';
}

/** 0x70 modular packet (Jimi 4G): type(2) length(2) modules; GPS in 0x33, events in 0x34. */
export function decodeModular(r: ByteReader, m: DecodedMessage): void {
  m.kind = 'heartbeat';
  const a = m.attributes;
  const alarms = { alarms: m.alarms };
  while (r.remaining > GT06_TRAILER) {
    const type = r.u16();
    const mod = r.sub(Math.min(r.u16(), r.remaining));
    if (type === 0x03) a.iccid = mod.hex(10);
    else if (type === 0x09) a.satellites = mod.u8();
    else if (type === 0x18) a.battery = mod.u16() / 100;
    else if (type === 0x2e) a.odometer = mod.u32le();
    else if (type === 0x33) {
      const p = emptyPosition(new Date(mod.u32() * 1000));
      p.satellites = mod.u8();
      p.altitude = mod.i16();
      const lat = mod.u32() / 1_800_000;
      const lon = mod.u32() / 1_800_000;
      p.speedKmh = mod.u8();
      applyCourseStatus(p, mod.u16(), lat, lon);
      m.positions.push(p);
    } else if (type === 0x34) {
      const event = mod.u8();
      a.event = event;
      addAlarm(alarms, MODULAR_EVENTS.get(event));
    }
  }
  if (m.positions.length > 0) {
    m.kind = 'position';
    const p = m.positions[0];
    if (p) for (const alarm of m.alarms) addAlarm(p, alarm);
  } else if (m.alarms.length > 0) m.kind = 'alarm';
}

const MODULAR_EVENTS = new Map<number, AlarmName>([
  [0x10, 'door'],
  [0x12, 'removal'],
  [0x14, 'geofenceEnter'],
  [0x15, 'geofenceExit'],
  [0x16, 'temperature'],
  [0x1a, 'lowBattery'],
  [0x1b, 'overspeed'],
  [0x1c, 'powerOn'],
  [0x1d, 'powerOff'],
  [0x20, 'vibration'],
  [0x21, 'powerCut'],
  [0x23, 'tampering'],
]);
