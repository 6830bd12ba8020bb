/** H02 downlink sentences (H02 protocol "server command" section; Traccar H02ProtocolEncoder). */

const pad = (n: number) => String(n).padStart(2, '0');

function hhmmss(now: Date): string {
  return `${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
}

/** Replies: "*HQ,<id>,<type>,<hhmmss>#" (R12) or "*HQ,<id>,V4,V1,<yyyyMMddHHmmss>#". */
export function encodeH02Reply(id: string, type: string, now: Date, stamp: 'time' | 'datetime'): Buffer {
  const texts = utcStamps(now);
  return Buffer.from(`*HQ,${id},${type},${stamp === 'time' ? texts.time : texts.datetime}#`, 'latin1');
}

/** Every V1 report is answered with the time: the texts of the last second are kept rather than rebuilt. */
let lastStamps = { second: Number.NaN, time: '', datetime: '' };

/** hhmmss and yyyyMMddhhmmss in UTC. */
function utcStamps(now: Date): { time: string; datetime: string } {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastStamps.second) {
    const time = hhmmss(now);
    const date = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;
    lastStamps = { second, time, datetime: `${date}${time}` };
  }
  return lastStamps;
}

/** A command "*HQ,<id>,<command>,<hhmmss>[,args…]#". */
export function encodeH02Command(id: string, command: string, args: (string | number)[], now: Date): Buffer {
  const tail = args.length > 0 ? `,${args.join(',')}` : '';
  return Buffer.from(`*HQ,${id},${command},${hhmmss(now)}${tail}#`, 'latin1');
}

/**
 * Common commands: S20 relay (1,1 stop / 1,0 resume), SCF arm/disarm, S71 report interval (Traccar's
 * H02ProtocolEncoder), D1 positions at an interval for a count of times (here one position, now).
 */
export const h02Commands = {
  engineStop: (id: string, now: Date) => encodeH02Command(id, 'S20', [1, 1], now),
  engineResume: (id: string, now: Date) => encodeH02Command(id, 'S20', [1, 0], now),
  alarmArm: (id: string, now: Date) => encodeH02Command(id, 'SCF', [0, 0], now),
  alarmDisarm: (id: string, now: Date) => encodeH02Command(id, 'SCF', [1, 1], now),
  positionPeriodic: (id: string, seconds: number, now: Date) => encodeH02Command(id, 'S71', [22, seconds], now),
  positionOnce: (id: string, now: Date) => encodeH02Command(id, 'D1', [1, 1], now),
};
