import { AccountType } from './enums.ts';

/**
 * Who may manage whom (issue #14, item 3): the server enforces it and the console hides what it
 * would refuse, so both read this one rule.
 *
 * Account types rank in the order spec section 6 lists them: super administrator, administrator,
 * ordinary user, installer; the stored number grows downwards, so a smaller number ranks higher.
 */
export const ranksAbove = (a: number, b: number): boolean => a < b;

/** The account types an account of `actorType` may give (never the super administrator, never above itself). */
export const grantableAccountTypes = (actorType: number): AccountType[] =>
  [AccountType.Admin, AccountType.User, AccountType.Installer].filter((t) => !ranksAbove(t, actorType));

/** Why an actor may not manage an account, or null when it may. */
export type ManageRefusal = 'superAdmin' | 'typeAbove' | 'moreFunctions';

/**
 * Whether `actor` may manage (edit, reset, move, grant, remove) `target`: never the super
 * administrator, never an account whose type ranks above the actor's, never one holding a
 * function the actor lacks, since editing such an account (its password above all) would let
 * the actor act with powers it was never given. Being oneself is the caller's rule, not this one.
 */
export function manageRefusal(
  actor: { accountType: number; funs: ReadonlySet<number> },
  target: { accountType: number; funs: readonly number[] },
): ManageRefusal | null {
  if (target.accountType === AccountType.SuperAdmin) return 'superAdmin';
  if (ranksAbove(target.accountType, actor.accountType)) return 'typeAbove';
  // The super administrator holds every function, including any an account keeps from an older catalogue.
  if (actor.accountType !== AccountType.SuperAdmin && target.funs.some((f) => !actor.funs.has(f)))
    return 'moreFunctions';
  return null;
}
