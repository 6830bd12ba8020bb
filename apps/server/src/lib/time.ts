// Building an Intl.DateTimeFormat costs ~0.3 ms; a list of 1,000 rows formats thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (spec section 7's time format). */
export function formatInZone(d: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
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
  if (Number.isNaN(asUtc)) return undefined;
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
