import { formatInZone } from '@lodestar/domain';

/** `YYYY-MM-DD HH:mm:ss` of an instant in a zone: the one formatter server and console share (packages/domain). */
export { formatInZone };

const HOUR_MS = 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The offset of a zone at an instant in milliseconds east of UTC, seconds included (old local mean times). */
function offsetMs(instant: number, timeZone: string): number {
  const local = formatInZone(new Date(instant), timeZone).replace(' ', 'T');
  return Date.parse(`${local}Z`) - Math.floor(instant / 1000) * 1000;
}

/**
 * formatInZone for many instants in one zone (a 30-day track formats 518,400 times): the zone's offset is
 * looked up once per UTC hour and the text built from it, instead of Intl's formatToParts per instant. An hour
 * whose first and last millisecond have different offsets holds a transition and is formatted instant by
 * instant (zones never change offset twice within an hour).
 */
export function zoneFormatter(timeZone: string): (d: Date) => string {
  const offsets = new Map<number, number | null>();
  return (d) => {
    const ms = d.getTime();
    if (!Number.isFinite(ms)) return formatInZone(d, timeZone);
    const hour = Math.floor(ms / HOUR_MS);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const first = offsetMs(hour * HOUR_MS, timeZone);
      offset = first === offsetMs((hour + 1) * HOUR_MS - 1, timeZone) ? first : null;
      offsets.set(hour, offset);
    }
    if (offset === null) return formatInZone(d, timeZone);
    const t = new Date(ms + offset);
    return `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
  };
}

/** The offset of a zone at an instant, in minutes east of UTC. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const local = formatInZone(instant, timeZone).replace(' ', 'T');
  return Math.round((Date.parse(`${local}Z`) - instant.getTime()) / 60_000);
}

/** Parses `YYYY-MM-DD HH:mm:ss` as wall-clock time in a zone; undefined when malformed. */
export function parseInZone(text: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  // Date.UTC rolls 02-31 over into March, month 13 into the next year and 24:00 into the next day: such a text
  // names no time.
  const back = new Date(asUtc);
  if (Number.isNaN(asUtc) || back.getUTCMonth() !== +m[2]! - 1 || back.getUTCDate() !== +m[3]!) return undefined;
  if (back.getUTCHours() !== +m[4]!) return undefined;
  if (back.getUTCMinutes() !== +m[5]! || back.getUTCSeconds() !== +m[6]!) return undefined;
  // Two passes settle instants next to a daylight-saving change.
  let guess = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  guess = asUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
