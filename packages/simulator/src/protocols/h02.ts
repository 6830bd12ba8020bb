import { H02FrameSplitter } from '@lodestar/protocols';
import type { SimAlarm, SimFix } from '../route.ts';
import { clockParts, type DialectEvent, type TcpDialect } from './types.ts';

/** Status word bits, active low (H02 protocol status table): bit 1 SOS, 2 overspeed, 19 power cut; bit 10 ACC. */
const ALARM_BIT: Record<SimAlarm, number> = { sos: 1, overspeed: 2, powerCut: 19 };
const KMH_PER_KNOT = 1.852;

const two = (n: number) => String(n).padStart(2, '0');

/** Degrees → "ddmm.mmmm" (or "dddmm.mmmm" for longitude) and the hemisphere letter. */
function nmea(value: number, degreeDigits: number, positive: string, negative: string): [string, string] {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = ((abs - degrees) * 60).toFixed(4).padStart(7, '0');
  return [`${String(degrees).padStart(degreeDigits, '0')}${minutes}`, value < 0 ? negative : positive];
}

/** "*HQ,<id>,V1,hhmmss,A,ddmm.mmmm,N,dddmm.mmmm,E,knots,course,ddmmyy,status#" (H02 V1 report, UTC). */
export function encodeH02Location(id: string, fix: SimFix): Buffer {
  const [yy, mo, dd, hh, mi, ss] = clockParts(fix.time).map(two);
  const [lat, ns] = nmea(fix.lat, 2, 'N', 'S');
  const [lon, ew] = nmea(fix.lon, 3, 'E', 'W');
  let status = 0xffffffff;
  if (!fix.acc) status &= ~(1 << 10);
  if (fix.alarm) status &= ~(1 << ALARM_BIT[fix.alarm]);
  const word = (status >>> 0).toString(16).toUpperCase().padStart(8, '0');
  const knots = (fix.speedKmh / KMH_PER_KNOT).toFixed(2);
  const fields = [
    `*HQ,${id},V1,${hh}${mi}${ss},A,${lat},${ns},${lon},${ew},${knots},${fix.course},${dd}${mo}${yy},${word}#`,
  ];
  return Buffer.from(fields.join(''), 'latin1');
}

/** H02 has no login; the gateway answers each V1 with "V4,V1" in order, and commands expect a V4 reply. */
export function h02Dialect(id: string): TcpDialect {
  return {
    splitter: () => new H02FrameSplitter(),
    login: () => undefined,
    position: (fix) => ({ bytes: encodeH02Location(id, fix), key: '' }),
    onFrame(frame): DialectEvent[] {
      const f = frame.toString('latin1').replace(/#$/, '').split(',');
      if (f[2] === 'V4' && f[3] === 'V1') return [{ type: 'ack', key: '' }];
      if (f[0] === '*HQ' && f[2] && f[2] !== 'V4') {
        // "*HQ,id,S20,hhmmss,1,1#" → "*HQ,id,V4,S20,1,1,hhmmss#"
        const reply = `*HQ,${id},V4,${f[2]},${f.slice(4).join(',')},${f[3]}#`;
        const answer: DialectEvent = { type: 'send', bytes: Buffer.from(reply, 'latin1') };
        // S20,1,1 cuts the oil/power (the relay), S20,1,0 restores it.
        return f[2] === 'S20' ? [{ type: 'immobilise', on: f[5] === '1' }, answer] : [answer];
      }
      return [];
    },
  };
}
