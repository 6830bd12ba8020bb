import { dateFromParts } from '../common/time.ts';
import { type DecodedMessage, KNOTS_TO_KMH, malformed, newMessage, type Position, safely } from '../common/types.ts';
import { nbrCells, v3Cells, vp1Cells } from './cells.ts';
import { encodeH02Reply } from './encode.ts';
import { isH02Binary } from './frame.ts';
import { applyH02Status, parseCoordinate, textPosition } from './text.ts';

export interface H02DecoderOptions {
  /** Send "*HQ,<id>,R12,<hhmmss>#" for reports (Traccar's h02.ack). V1 is always answered with V4,V1. */
  ack?: boolean;
  now?: () => Date;
}

/** Decode one H02 frame (text "*XX,…#" or binary "$…"). Stateless: each frame carries the device id. */
export function decodeH02(frame: Buffer, options: H02DecoderOptions = {}): DecodedMessage {
  if (frame[0] === 0x24) return decodeBinary(frame);
  const sentence = frame.toString('latin1').trim();
  // The fields between the leading '*' and the closing '#' (either may be missing).
  const f = sentence.slice(sentence[0] === '*' ? 1 : 0, sentence.endsWith('#') ? -1 : undefined).split(',');
  const type = f[2] ?? '';
  const m = newMessage('h02', type);
  if (sentence[0] !== '*' || f.length < 3) {
    m.error = 'not an H02 sentence';
    return m;
  }
  m.deviceId = f[1];
  try {
    decodeSentence(f, sentence, m, options, options.now ?? systemClock);
  } catch (err) {
    malformed(m, err);
  }
  return m;
}

const systemClock = () => new Date();

function decodeSentence(f: string[], sentence: string, m: DecodedMessage, o: H02DecoderOptions, now: () => Date) {
  const id = f[1] ?? '';
  const type = f[2] ?? '';
  const a = m.attributes;
  switch (type) {
    case 'V0':
    case 'HTBT':
      // Heartbeat: echoed up to the type field.
      m.kind = 'heartbeat';
      m.reply = Buffer.from(`${sentence.slice(0, sentence.indexOf(type) + type.length)}#`, 'latin1');
      if (f[3] && /^\d+$/.test(f[3])) a.batteryLevel = Number(f[3]);
      return;
    case 'SMS':
      m.kind = 'info';
      a.result = sentence.slice(sentence.indexOf(',SMS,') + 5, -1);
      return;
    case 'LINK':
      // *HQ,id,LINK,hhmmss,rssi,satellites,battery,steps,turnovers,ddmmyy,status
      m.kind = 'heartbeat';
      Object.assign(a, {
        rssi: Number(f[4]),
        satellites: Number(f[5]),
        batteryLevel: Number(f[6]),
        steps: Number(f[7]),
      });
      if (f[10]) applyH02Status(m, Number.parseInt(f[10], 16));
      return;
    case 'NBR':
    case 'V3': {
      // Cell-tower reports (no fix): the towers in the common `cells` shape, for LBS positioning.
      m.kind = 'info';
      const cells = type === 'NBR' ? nbrCells(f) : v3Cells(f);
      if (cells) a.cells = cells;
      if (type === 'NBR') m.reply = encodeH02Reply(id, 'V4,NBR', now(), 'datetime');
      return;
    }
    case 'BASE':
      // No documented layout (Traccar ignores it): kept as text.
      m.kind = 'info';
      a.base = f.slice(3).join(',');
      return;
    case 'VP1':
      decodeVp1(f, m);
      return;
  }
  // V1, V8, V4 and the other position reports: find the time field that precedes the validity letter.
  let timeAt = 3;
  if (type === 'V4') {
    timeAt = f.findIndex((v, i) => i >= 4 && /^\d{6}$/.test(v) && /^[ABV]?$/.test(f[i + 1] ?? 'x'));
  }
  const p = timeAt > 0 ? textPosition(f, timeAt) : null;
  if (p) {
    m.positions.push(p);
    m.kind = 'position';
  } else m.kind = 'info';
  if (type === 'V4') a.result = f.slice(3, timeAt > 0 ? timeAt : undefined).join(',');
  if (type === 'V1') m.reply = encodeH02Reply(id, 'V4,V1', now(), 'datetime');
  else if (o.ack && p) m.reply = encodeH02Reply(id, 'R12', now(), 'time');
}

/** *hq,imei,VP1,A,ddmm.mmmm,N,dddmm.mmmm,E,speed,course,ddmmyy (date only) — or V,mcc,mnc,cells. */
function decodeVp1(f: string[], m: DecodedMessage): void {
  m.kind = 'info';
  if (f[3] === 'V') {
    const cells = vp1Cells(f);
    if (cells) m.attributes.cells = cells;
    return;
  }
  const date = f[10] ?? '';
  const fixTime = /^\d{6}$/.test(date)
    ? dateFromParts(2000 + Number(date.slice(4)), Number(date.slice(2, 4)), Number(date.slice(0, 2)), 0, 0, 0)
    : null;
  const lat = parseCoordinate(f[4] ?? '', f[5] ?? '');
  const lon = parseCoordinate(f[6] ?? '', f[7] ?? '');
  if (!fixTime || !Number.isFinite(lat) || !Number.isFinite(lon)) return;
  const speedKmh = (Number(f[8]) || 0) * KNOTS_TO_KMH;
  m.positions.push({
    fixTime,
    valid: f[3] === 'A',
    lat,
    lon,
    speedKmh,
    course: Number(f[9]) || 0,
    alarms: [],
    attributes: {},
  });
  m.kind = 'position';
}

/** Battery byte of binary reports: 1-3 and 4-6 are levels, ≤100 a percentage, F1-F6 charging levels. */
function binaryBattery(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}

/**
 * Binary report: '$', id BCD[5], hhmmss, ddmmyy, lat ddmm.mmmm BCD[4], battery, lon dddmm.mmmm (9 digits) +
 * flags nibble (bit1 valid, bit2 north, bit3 east), speed (3 digits, knots), course (3 digits), status DWORD.
 */
function decodeBinary(frame: Buffer): DecodedMessage {
  const m = newMessage('h02', 'binary');
  if (!isH02Binary(frame)) {
    m.error = 'not an H02 binary report';
    return m;
  }
  return safely(m, () => {
    const hex = frame.toString('hex', 1);
    const n = (from: number, to: number) => Number(hex.slice(from, to));
    m.deviceId = hex.slice(0, 10);
    const fixTime = dateFromParts(2000 + n(20, 22), n(18, 20), n(16, 18), n(10, 12), n(12, 14), n(14, 16));
    if (!fixTime) throw new RangeError('bad date');
    const flags = Number.parseInt(hex[41] ?? '0', 16);
    const lat = n(22, 24) + n(24, 30) / 10000 / 60;
    const lon = n(32, 35) + n(35, 41) / 10000 / 60;
    const p: Position = {
      fixTime,
      valid: (flags & 0x02) !== 0,
      lat: flags & 0x04 ? lat : -lat,
      lon: flags & 0x08 ? lon : -lon,
      speedKmh: (n(42, 45) || 0) * KNOTS_TO_KMH,
      course: (Number.parseInt(hex[45] ?? '0', 16) & 0x0f) * 100 + (n(46, 48) || 0),
      alarms: [],
      attributes: {},
    };
    const battery = binaryBattery(frame[16] ?? 0);
    if (battery !== undefined) p.attributes.batteryLevel = battery;
    applyH02Status(p, frame.readUInt32BE(25));
    m.positions.push(p);
    m.kind = 'position';
  });
}
