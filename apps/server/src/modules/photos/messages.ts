import type { MessageCatalogue } from '../../lib/messages.ts';

/** Photo calls' messages ("device VIP expired" is the VIP gate's, lib/vip-gate.ts). */
export const PHOTOS_MESSAGES = {
  photoUnsupportedProtocol: { zh: '不支持的协议', en: 'Unsupported protocol', fr: 'Protocole non pris en charge' },
} satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof PHOTOS_MESSAGES, true> {}
}
