/** What a session check needs of a session: when it ends and whether it was revoked. */
export interface CheckedSession {
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Where sessions are looked up by token hash (the account module's repository, passed in). */
export interface SessionLookup<S extends CheckedSession> {
  findByTokenHash(tokenHash: string): Promise<S | undefined>;
}

export type SessionCheck<S> =
  | { session: S; refused?: undefined }
  | { session?: undefined; refused: 'missing' | 'revoked' | 'expired' };

/**
 * The one rule for a token, used by every API call (plugins/auth.ts) and by the live feed when it
 * opens and every recheck: a session that exists, was not revoked and has not expired.
 */
export async function checkSession<S extends CheckedSession>(
  sessions: SessionLookup<S>,
  tokenHash: string,
): Promise<SessionCheck<S>> {
  const session = await sessions.findByTokenHash(tokenHash);
  if (!session) return { refused: 'missing' };
  if (session.revokedAt) return { refused: 'revoked' };
  if (session.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };
  return { session };
}
