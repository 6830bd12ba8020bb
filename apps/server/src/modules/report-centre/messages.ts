import { REPORT_LIMITS } from '@lodestar/domain';
import type { MessageCatalogue } from '../../lib/messages.ts';

/** The report centre's server messages (registered by the module). */
export const REPORT_CENTRE_MESSAGES = {
  reportRangeTooLong: {
    zh: `报表时间范围最长${REPORT_LIMITS.maxDays}天（3个月）`,
    en: `A report covers ${REPORT_LIMITS.maxDays} days (3 months) at most`,
    fr: `Un rapport couvre ${REPORT_LIMITS.maxDays} jours (3 mois) au plus`,
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof REPORT_CENTRE_MESSAGES, true> {}
}
