import type { MessageCatalogue } from '../../lib/messages.ts';

/** The commands module's server messages (registered with lib/messages.ts's catalogue by app.ts). */
export const COMMAND_MESSAGES = {
  commandPasswordWrong: {
    zh: '密码错误',
    en: 'The password is wrong',
    fr: 'Le mot de passe est incorrect',
  },
  commandNotQueued: {
    zh: '只能取消排队中的指令',
    en: 'Only a queued command can be cancelled',
    fr: 'Seule une commande en attente peut être annulée',
  },
  /** Spec section 8: "send failed retry". */
  commandSendFailed: {
    zh: '发送失败，请重试',
    en: 'Sending failed, please retry',
    fr: 'Échec de l’envoi, veuillez réessayer',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof COMMAND_MESSAGES, true> {}
}

/**
 * Why a device's row of a batch failed without being sent, stored as the row's Result (the console translates
 * these exact texts; spec section 8's messages).
 */
export const ROW_REASONS = {
  unsupported: 'unsupported protocol',
  vipExpired: 'device VIP expired',
  noSim: 'no SIM number',
} as const;
