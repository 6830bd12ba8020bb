import type { holds } from '@lodestar/db';
import type { AuthContext } from '../plugins/auth.ts';
import { assertInSubtree } from './tenancy.ts';

export type HoldRow = typeof holds.$inferSelect;

/** Where holds are looked up (the holds module's repository, passed in by app.ts). */
export interface HoldLookup {
  findById(id: number): Promise<HoldRow | undefined>;
}

/**
 * The hold scope every module checks its calls against: a hold the caller names must be its own
 * or below it, and "this hold and everything below" is its path. Modules get this, not the holds
 * module's repository.
 */
export class HoldScope implements HoldLookup {
  constructor(private readonly holds: HoldLookup) {}

  findById(id: number): Promise<HoldRow | undefined> {
    return this.holds.findById(id);
  }

  /** The hold `id` if it is in the caller's subtree; a missing hold and another's answer alike. */
  async inReach(auth: Pick<AuthContext, 'holdPath'>, id: number): Promise<HoldRow> {
    const hold = await this.holds.findById(id);
    assertInSubtree(auth.holdPath, hold);
    return hold!;
  }

  /** The subtree a list searches: the caller's, or the one an optional HoldID narrows it to. */
  async pathOf(auth: Pick<AuthContext, 'holdPath'>, holdId: number | null | undefined): Promise<string> {
    return holdId ? (await this.inReach(auth, holdId)).path : auth.holdPath;
  }
}
