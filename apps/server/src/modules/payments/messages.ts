import type { Language } from '@lodestar/domain';

/** The payments module's server messages (keys join lib/messages.ts's catalogue). */
export const PAYMENTS_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
