import { formatInZone } from '@lodestar/domain';

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

const fieldsAsUtc = (text: string): number | null => {
  const m = WALL.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
};

const wallIn = (ms: number, timeZone?: string): string => {
  try {
    return formatInZone(new Date(ms), timeZone);
  } catch {
    return formatInZone(new Date(ms));
  }
};

/**
 * The instant (Unix seconds) of a wall-clock time 'YYYY-MM-DD HH:mm:ss' in a time zone (the
 * browser's when none): the URL and the server speak wall-clock time in the user's zone, the player
 * Unix seconds. Null for malformed text. A time skipped by a DST change resolves to the instant
 * after the change, a repeated one to its first occurrence.
 */
export function wallClockToUnix(text: string, timeZone?: string): number | null {
  const asUtc = fieldsAsUtc(text);
  if (asUtc === null) return null;
  // The zone's offset at a guess, applied and checked once more (the offset may differ across a DST change).
  let guess = asUtc;
  for (let k = 0; k < 3; k++) {
    const shown = fieldsAsUtc(wallIn(guess, timeZone));
    if (shown === null) break;
    const next = guess + (asUtc - shown);
    if (next === guess) break;
    guess = next;
  }
  return Math.floor(guess / 1000);
}

/** Unix seconds as 'YYYY-MM-DD HH:mm:ss' in the zone. */
export const unixToWallClock = (t: number, timeZone?: string): string => wallIn(t * 1000, timeZone);
