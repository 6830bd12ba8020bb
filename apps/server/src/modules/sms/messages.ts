import type { Language } from '@lodestar/domain';

/** The sms module's server messages (keys join lib/messages.ts's catalogue). */
export const SMS_MESSAGES = {} as const satisfies Record<string, Record<Language, string>>;
