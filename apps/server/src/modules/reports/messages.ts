import type { Language } from '@lodestar/domain';

/** The reports module's server messages (keys join lib/messages.ts's catalogue). */
export const REPORTS_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
