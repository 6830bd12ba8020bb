import type { TaskRow } from '@lodestar/contract/install';

/** The install address ('' when the task has none: the card then shows no navigate button). */
export const addressOf = (task: TaskRow): string => task.Address.trim();

/** Whether an expected time (the user's wall clock, `YYYY-MM-DD HH:mm:ss`) has passed on that clock. */
export const isOverdue = (expected: string | null, nowWallClock: string): boolean =>
  expected !== null && expected < nowWallClock;
