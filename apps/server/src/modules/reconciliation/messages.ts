import type { Language } from '@lodestar/domain';

/** The reconciliation module's server messages (keys join lib/messages.ts's catalogue). */
export const RECONCILIATION_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
