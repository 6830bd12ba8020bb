import type { Language } from '@lodestar/domain';

/** The notices module's server messages (keys join lib/messages.ts's catalogue). */
export const NOTICES_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
