// Building an Intl.DateTimeFormat costs ~0.3 ms; a list of 1,000 rows formats thousands of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

// Node re-reads TZ when it changes (the console's tests move the runtime's zone and back within one worker),
// so the runtime's own formatter is kept per TZ; a browser has no process and one zone.
const runtimeTz = () => (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.TZ;

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? `runtime:${runtimeTz() ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    // h23 so midnight is 00, never 24. An unknown zone name throws here, and is not kept.
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
    formatters.set(key, f);
  }
  return f;
}

/**
 * `YYYY-MM-DD HH:mm:ss` of an instant in a time zone (spec section 7's time format): the wall clock
 * of that zone, or of the runtime's own zone when none is given. Throws a RangeError for an unknown
 * zone name or an invalid date. The server writes every time of a reply with it, the console reads
 * the user's clock with it.
 */
export function formatInZone(d: Date, timeZone?: string): string {
  const parts = formatterFor(timeZone).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}
