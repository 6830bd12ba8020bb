import type { HoldRow, HoldScope } from '../../lib/hold-scope.ts';
import { checkSession } from '../../lib/session-check.ts';
import type { SessionRepository, SessionView } from '../account/session-repository.ts';

/** What the live feed asks of the database: whose connection it is, and which holds it may watch. */
export class LiveService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly holds: HoldScope,
  ) {}

  /** The connection's session while it is valid (the same rule as every API call), else undefined. */
  async session(tokenHash: string): Promise<SessionView | undefined> {
    return (await checkSession(this.sessions, tokenHash)).session;
  }

  /** The hold a `scope` message names, if it is in the caller's subtree. */
  async holdInReach(callerPath: string, holdId: number): Promise<HoldRow | undefined> {
    const hold = await this.holds.findById(holdId);
    return hold?.path.startsWith(callerPath) ? hold : undefined;
  }
}
