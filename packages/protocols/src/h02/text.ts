import { dateFromParts } from '../common/time.ts';
import { type AlarmName, addAlarm, KNOTS_TO_KMH, type Position } from '../common/types.ts';

/** Field helpers shared by the H02 text and binary decoders. */

/** "ddmm.mmmm", "-dd-mm.mmmm" or "dddmmmmmm" with N/S/E/W → signed degrees; NaN when unreadable. */
export function parseCoordinate(value: string, hemisphere: string): number {
  const dashed = /^-(\d+)-(\d+\.\d+)$/.exec(value); // "-23-29.0095"
  const decimal = /^(\d*)(\d\d\.\d+)$/.exec(value); // "3542.2043", "38.6508"
  const packed = /^(\d+)(\d\d)(\d{4})$/.exec(value); // "354220430"
  let degrees: number;
  if (dashed) degrees = Number(dashed[1]) + Number(dashed[2]) / 60;
  else if (decimal) degrees = Number(decimal[1] || 0) + Number(decimal[2]) / 60;
  else if (packed) degrees = Number(packed[1]) + Number(`${packed[2]}.${packed[3]}`) / 60;
  else return Number.NaN;
  return hemisphere === 'S' || hemisphere === 'W' ? -degrees : degrees;
}

/** hhmmss + ddmmyy (UTC) → Date, or null for empty / all-zero dates. */
export function parseH02Time(hhmmss: string, ddmmyy: string): Date | null {
  if (!/^\d{6}$/.test(hhmmss) || !/^\d{6}$/.test(ddmmyy) || ddmmyy === '000000') return null;
  const n = (s: string, i: number) => Number(s.slice(i, i + 2));
  return dateFromParts(2000 + n(ddmmyy, 4), n(ddmmyy, 2), n(ddmmyy, 0), n(hhmmss, 0), n(hhmmss, 2), n(hhmmss, 4));
}

/**
 * Status word, active low (H02 protocol status table): bit 0 vibration, bit 1 SOS, bit 2 overspeed,
 * bit 18 SOS (second button), bit 19 power cut; bit 10 ACC on. Traccar reports the first alarm found.
 */
export function applyH02Status(p: Pick<Position, 'alarms' | 'attributes'>, status: number): void {
  const bit = (n: number) => (status & (2 ** n)) !== 0;
  let alarm: AlarmName | undefined;
  if (!bit(0)) alarm = 'vibration';
  else if (!bit(1) || !bit(18)) alarm = 'sos';
  else if (!bit(2)) alarm = 'overspeed';
  else if (!bit(19)) alarm = 'powerCut';
  addAlarm(p, alarm);
  p.attributes.ignition = bit(10);
  p.attributes.status = status;
}

/** Build a position from the common V1 field run: validity, lat, N/S, lon, E/W, speed (knots), course, date. */
export function textPosition(f: string[], timeAt: number): Position | null {
  const [time, validity, lat, ns, lon, ew, speed, course, date, status] = f.slice(timeAt, timeAt + 10);
  const fixTime = parseH02Time(time ?? '', date ?? '');
  const latitude = parseCoordinate(lat ?? '', ns ?? '');
  const longitude = parseCoordinate(lon ?? '', ew ?? '');
  if (!fixTime || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const p: Position = {
    fixTime,
    valid: validity === 'A',
    lat: latitude,
    lon: longitude,
    speedKmh: (Number(speed) || 0) * KNOTS_TO_KMH,
    course: Number(course) || 0,
    alarms: [],
    attributes: {},
  };
  if (status && /^[0-9A-Fa-f]{8}$/.test(status)) applyH02Status(p, Number.parseInt(status, 16));
  return p;
}
