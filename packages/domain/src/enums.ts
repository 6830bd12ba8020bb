/** Account types (spec section 6). Stored as these numbers. */
export enum AccountType {
  SuperAdmin = 1,
  Admin = 2,
  User = 3,
  Installer = 4,
}

/** Hold types (spec section 3: 1 to 4 and other, a different icon each). */
export enum HoldType {
  ServiceProvider = 1,
  Enterprise = 2,
  Fleet = 3,
  Individual = 4,
  Other = 9,
}
export const HOLD_TYPES = [1, 2, 3, 4, 9] as const;
/** A hold type as stored and sent: one of HOLD_TYPES. */
export type HoldTypeCode = (typeof HOLD_TYPES)[number];

/** Menu position (spec section 2: default right; configuration direction 1 = top). */
export enum MenuPosition {
  Top = 1,
  Left = 2,
  Right = 3,
}

/**
 * Order and install-task status (spec section 4). Cancelled (8) is ours: the spec names no end for a task its
 * creator withdraws, and deleting it would lose its log (docs/install-flow.md).
 */
export enum TaskStatus {
  Created = 0,
  WaitingConfirm = 1,
  Working = 2,
  WaitingApproval = 3,
  Cancelled = 8,
  Completed = 9,
}

export const LANGS = ['zh', 'en', 'fr'] as const;
export type Language = (typeof LANGS)[number];
export const DEFAULT_LANG: Language = 'zh';
export const FALLBACK_LANG: Language = 'en';
