import { formatInZone } from '@lodestar/domain';

/** What a session check needs of a session: when it ends, whether it was revoked, the account's service end. */
export interface CheckedSession {
  expiresAt: Date;
  revokedAt: Date | null;
  /** The last day (YYYY-MM-DD, UTC) the account may be used; null: no end. */
  serviceEndDate: string | null;
  /** The account's daily log-in window, "HH:mm" in its time zone (both null: any time). */
  accessStart?: string | null;
  accessEnd?: string | null;
  timeZone?: string;
}

/** Where sessions are looked up by token hash (the account module's repository, passed in). */
export interface SessionLookup<S extends CheckedSession> {
  findByTokenHash(tokenHash: string): Promise<S | undefined>;
}

export type SessionCheck<S> =
  | { session: S; refused?: undefined }
  | { session?: undefined; refused: 'missing' | 'revoked' | 'expired' | 'serviceEnded' | 'outsideHours' };

/** The service end date is the last day of use: the account ends when the next UTC day begins. */
export const serviceEnded = (serviceEndDate: string | null, now = new Date()): boolean =>
  serviceEndDate !== null && serviceEndDate < now.toISOString().slice(0, 10);

/** The instant an account with this service end date stops working (undefined: never). */
export const serviceEndsAt = (serviceEndDate: string | null): number | undefined =>
  serviceEndDate === null ? undefined : Date.parse(`${serviceEndDate}T00:00:00Z`) + 86_400_000;

/**
 * Whether `now` falls in a daily window of "HH:mm" wall-clock times in `timeZone` (the account's):
 * the start is inside and the end is not; an end before the start runs past midnight. A window
 * with either end missing, or an unknown zone, does not restrict (the form and the API refuse
 * one end alone; an unknown zone cannot be stored).
 */
export function inAccessWindow(
  start: string | null | undefined,
  end: string | null | undefined,
  timeZone: string | undefined,
  now = new Date(),
): boolean {
  if (!start || !end || start === end) return true;
  let clock: string;
  try {
    clock = formatInZone(now, timeZone).slice(11, 16);
  } catch {
    return true;
  }
  return start < end ? clock >= start && clock < end : clock >= start || clock < end;
}

/**
 * The one rule for a token, used by every API call (plugins/auth.ts) and by the live feed when it
 * opens and every recheck: a session that exists, was not revoked and has not expired, of an
 * account whose service has not ended (log-in refuses such an account; a session open when the
 * service end passes stops working too).
 */
export async function checkSession<S extends CheckedSession>(
  sessions: SessionLookup<S>,
  tokenHash: string,
): Promise<SessionCheck<S>> {
  const session = await sessions.findByTokenHash(tokenHash);
  if (!session) return { refused: 'missing' };
  // First: an account whose service ended is told so, whether or not its sessions were also revoked.
  if (serviceEnded(session.serviceEndDate)) return { refused: 'serviceEnded' };
  // Like the service end: a session opened inside the window stops working when the window closes.
  if (!inAccessWindow(session.accessStart, session.accessEnd, session.timeZone)) return { refused: 'outsideHours' };
  if (session.revokedAt) return { refused: 'revoked' };
  if (session.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };
  return { session };
}
