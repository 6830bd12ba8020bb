/**
 * Notices administrators write for their subtree (issue #21; spec section 3 "Notice") and the hold branding of
 * spec section 5. Shared by the server (rules) and the console (labels, form limits).
 */

/** banner: at the top of the shell until dismissed; popup: once after log-in; list: only in the notice list. */
export const BULLETIN_LEVELS = ['banner', 'popup', 'list'] as const;
export type BulletinLevel = (typeof BULLETIN_LEVELS)[number];

export const BULLETIN_STATES = ['current', 'scheduled', 'old', 'deleted'] as const;
export type BulletinState = (typeof BULLETIN_STATES)[number];

export const BULLETIN_LIMITS = {
  titleMax: 100,
  /** Of the HTML as sent, before sanitising. */
  bodyMax: 20_000,
  removeMax: 100,
} as const;

/**
 * A version's state: removing a notice makes its newest version "deleted"; a version a later edit replaced is
 * "old" (whether or not the notice was removed later); the newest version of a live notice is "current" once its
 * begin time has passed and "scheduled" before.
 */
export function bulletinState(v: { beginAt: Date; newest: boolean; removedAt: Date | null }, now: Date): BulletinState {
  if (!v.newest) return 'old';
  if (v.removedAt) return 'deleted';
  return v.beginAt.getTime() <= now.getTime() ? 'current' : 'scheduled';
}

/** Spec section 5: a custom title is 1 to 30 letters or digits (any script's letters: 中文 counts). */
export const BRANDING_TITLE_RE = /^[\p{L}\p{N}]{1,30}$/u;
/** Spec section 5: the logo is a PNG of exactly 40 by 40 pixels. */
export const BRANDING_LOGO_SIZE = 40;
/** Base64 of the PNG: a 40×40 logo needs far less. */
export const BRANDING_LOGO_MAX_BASE64 = 65_536;
/** Changing every subordinate unit's title or logo asks for this word typed (spec section 5). */
export const BRANDING_CONFIRM_WORD = 'CONFIRM';

/** Spec section 6: platform 1 or 2 changes the layout and the external system link. */
export const PLATFORMS = [1, 2] as const;
export type Platform = (typeof PLATFORMS)[number];
