import type { MessageCatalogue } from '../../lib/messages.ts';

/** The event list's server messages (registered by the module). */
export const EVENTS_MESSAGES = {
  eventRangeTooLong: {
    zh: '事件查询的时间范围最长31天',
    en: 'Events are listed over 31 days at most',
    fr: 'Les événements se listent sur 31 jours au plus',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof EVENTS_MESSAGES, true> {}
}
