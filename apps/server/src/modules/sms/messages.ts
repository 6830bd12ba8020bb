import type { MessageCatalogue } from '../../lib/messages.ts';

/** The sms module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const SMS_MESSAGES = {
  smsNotSimNumber: {
    zh: '不是SIM卡号码',
    en: 'is not a SIM number',
    fr: "n'est pas un numéro de carte SIM",
  },
  smsNoTargets: {
    zh: '请至少填写一个号码',
    en: 'Enter at least one number',
    fr: 'Saisissez au moins un numéro',
  },
  smsBalanceLow: {
    zh: '短信余额不足',
    en: 'Not enough SMS balance',
    fr: 'Solde SMS insuffisant',
  },
  smsUnknownPack: {
    zh: '没有这个短信包',
    en: 'No such SMS pack',
    fr: 'Ce pack SMS n’existe pas',
  },
  smsReportRefused: {
    zh: '短信回执令牌无效或未配置',
    en: 'Delivery report refused: the SMS token is missing, wrong or not configured',
    fr: 'Accusé de réception refusé : jeton SMS absent, erroné ou non configuré',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof SMS_MESSAGES, true> {}
}
