/**
 * Sessions that just ended: all of a user's, or all but the one that asked (a password change), or
 * one session (a log-out).
 */
export type SessionsEnded = { userId: number; exceptSessionId?: number | undefined } | { sessionId: number };

/**
 * In-process news that a user's access changed (functions, hold, account type, service end,
 * password, removal) and its sessions were revoked. The live feed listens so the user's open
 * sockets close at once instead of at the next recheck; a listener failing never stops the others
 * or the change that caused it. Other processes (ROLES apart) see the change at their next recheck.
 */
export class AccessEvents {
  readonly #listeners = new Set<(e: SessionsEnded) => void>();

  /** Listen for ended sessions; returns the function that stops listening. */
  onSessionsEnded(listener: (e: SessionsEnded) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  sessionsEnded(e: SessionsEnded): void {
    for (const listener of this.#listeners) {
      try {
        listener(e);
      } catch {
        // A listener's failure is its own: the sessions are revoked in the database regardless.
      }
    }
  }
}
