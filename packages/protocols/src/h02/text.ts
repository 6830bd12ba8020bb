import { dateFromParts } from '../common/time.ts';
import { type AlarmName, addAlarm, KNOTS_TO_KMH, type Position } from '../common/types.ts';

/** Field helpers shared by the H02 text and binary decoders. */

/** "ddmm.mmmm", "-dd-mm.mmmm" or "dddmmmmmm" with N/S/E/W → signed degrees; NaN when unreadable. */
export function parseCoordinate(value: string, hemisphere: string): number {
  let degrees: number;
  if (DECIMAL_MINUTES.test(value)) {
    // The common form, split at the minutes' two integer digits without a match array.
    const minutesAt = value.indexOf('.') - 2;
    degrees = Number(value.slice(0, minutesAt) || 0) + Number(value.slice(minutesAt)) / 60;
  } else {
    const dashed = /^-(\d+)-(\d+\.\d+)$/.exec(value); // "-23-29.0095"
    const packed = /^(\d+)(\d\d)(\d{4})$/.exec(value); // "354220430"
    if (dashed) degrees = Number(dashed[1]) + Number(dashed[2]) / 60;
    else if (packed) degrees = Number(packed[1]) + Number(`${packed[2]}.${packed[3]}`) / 60;
    else return Number.NaN;
  }
  return hemisphere === 'S' || hemisphere === 'W' ? -degrees : degrees;
}

/** "3542.2043", "38.6508": degrees, then minutes with two integer digits. */
const DECIMAL_MINUTES = /^\d*\d\d\.\d+$/;
const SIX_DIGITS = /^\d{6}$/;

/** Two decimal digits at i (the caller checked they are digits). */
function twoDigits(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);
}

/** hhmmss + ddmmyy (UTC) → Date, or null for empty / all-zero dates. */
export function parseH02Time(hhmmss: string, ddmmyy: string): Date | null {
  if (!SIX_DIGITS.test(hhmmss) || !SIX_DIGITS.test(ddmmyy) || ddmmyy === '000000') return null;
  return dateFromParts(
    2000 + twoDigits(ddmmyy, 4),
    twoDigits(ddmmyy, 2),
    twoDigits(ddmmyy, 0),
    twoDigits(hhmmss, 0),
    twoDigits(hhmmss, 2),
    twoDigits(hhmmss, 4),
  );
}

/**
 * Status word, active low (H02 protocol status table): bit 0 vibration, bit 1 SOS, bit 2 overspeed,
 * bit 18 SOS (second button), bit 19 power cut; bit 10 ACC on. Traccar reports the first alarm found.
 */
export function applyH02Status(p: Pick<Position, 'alarms' | 'attributes'>, status: number): void {
  let alarm: AlarmName | undefined;
  if (!bitSet(status, 0)) alarm = 'vibration';
  else if (!bitSet(status, 1) || !bitSet(status, 18)) alarm = 'sos';
  else if (!bitSet(status, 2)) alarm = 'overspeed';
  else if (!bitSet(status, 19)) alarm = 'powerCut';
  addAlarm(p, alarm);
  p.attributes.ignition = bitSet(status, 10);
  p.attributes.status = status;
}

function bitSet(status: number, n: number): boolean {
  return (status & (2 ** n)) !== 0;
}

/** Build a position from the common V1 field run: validity, lat, N/S, lon, E/W, speed (knots), course, date. */
export function textPosition(f: string[], timeAt: number): Position | null {
  // time, validity, lat, N/S, lon, E/W, speed, course, date, status
  const fixTime = parseH02Time(f[timeAt] ?? '', f[timeAt + 8] ?? '');
  const latitude = parseCoordinate(f[timeAt + 2] ?? '', f[timeAt + 3] ?? '');
  const longitude = parseCoordinate(f[timeAt + 4] ?? '', f[timeAt + 5] ?? '');
  if (!fixTime || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const p: Position = {
    fixTime,
    valid: f[timeAt + 1] === 'A',
    lat: latitude,
    lon: longitude,
    speedKmh: (Number(f[timeAt + 6]) || 0) * KNOTS_TO_KMH,
    course: Number(f[timeAt + 7]) || 0,
    alarms: [],
    attributes: {},
  };
  const status = f[timeAt + 9];
  if (status && /^[0-9A-Fa-f]{8}$/.test(status)) applyH02Status(p, Number.parseInt(status, 16));
  return p;
}
