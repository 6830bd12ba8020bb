import dayjs, { type Dayjs } from 'dayjs';
import { useSession } from '../store/session.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    // sv-SE writes 'YYYY-MM-DD HH:mm:ss'; h23 so midnight is 00, never 24.
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      f = new Intl.DateTimeFormat('sv-SE', { ...options, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone is the best guess left.
      f = new Intl.DateTimeFormat('sv-SE', options);
    }
    formatters.set(key, f);
  }
  return f;
}

/** The wall-clock time 'YYYY-MM-DD HH:mm:ss' of an instant in a time zone (the browser's when none). */
export function wallClockIn(instant: Date, timeZone?: string): string {
  return formatterFor(timeZone).format(instant);
}

/**
 * "Now" as the user's clock on the wall shows it: a dayjs whose fields (date, hour…) are the user's
 * wall-clock time, whatever zone the browser is in. Ranges built from it (startOf('day'),
 * endOf('month')…) and formatted as 'YYYY-MM-DD HH:mm:ss' are what the server expects, since it reads
 * every time in a request in the user's zone. Only its fields mean anything, not its instant.
 */
export function userNow(timeZone: string | undefined, now: Date = new Date()): Dayjs {
  return dayjs(wallClockIn(now, timeZone));
}

/** The signed-in user's time zone (from the log-in reply, kept up to date by the settings page). */
export const useUserTimeZone = (): string | undefined => useSession((s) => s.timeZone) ?? undefined;
