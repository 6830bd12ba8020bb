import type { TaskRow } from '@lodestar/contract/install';

/**
 * The install address, once the contract carries it (requested of the install slice: TaskRow.Address); read as
 * optional so the phone works with or without it.
 */
export const addressOf = (task: TaskRow): string => (task as TaskRow & { Address?: string }).Address?.trim() ?? '';

/** Whether an expected time (the user's wall clock, `YYYY-MM-DD HH:mm:ss`) has passed on that clock. */
export const isOverdue = (expected: string | null, nowWallClock: string): boolean =>
  expected !== null && expected < nowWallClock;
