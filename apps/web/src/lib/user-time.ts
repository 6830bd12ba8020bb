import { formatInZone } from '@lodestar/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useSession } from '../store/session.ts';

/** The wall-clock time 'YYYY-MM-DD HH:mm:ss' of an instant in a time zone (the browser's when none). */
export function wallClockIn(instant: Date, timeZone?: string): string {
  try {
    return formatInZone(instant, timeZone);
  } catch {
    // An unknown zone name: the browser's own zone is the best guess left.
    return formatInZone(instant);
  }
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
