import type { MessageCatalogue } from '../../lib/messages.ts';
import { ZONES_MESSAGES } from '../zones/messages.ts';

/** Photo calls' messages: the VIP gate reuses the fence binding's text object (one key may be registered once).  */
export const PHOTOS_MESSAGES = {
  deviceVipExpired: ZONES_MESSAGES.deviceVipExpired,
  photoUnsupportedProtocol: { zh: '不支持的协议', en: 'Unsupported protocol', fr: 'Protocole non pris en charge' },
} satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof PHOTOS_MESSAGES, true> {}
}
