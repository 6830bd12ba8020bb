import type { Language } from '@lodestar/domain';

/** The renewal module's server messages (keys join lib/messages.ts's catalogue). */
export const RENEWAL_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
