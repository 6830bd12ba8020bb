import type { MessageCatalogue } from '../../lib/messages.ts';

/** The wallet and VIP upgrade messages (registered with lib/messages.ts's catalogue by the module). */
export const WALLET_MESSAGES = {
  walletInsufficient: {
    zh: 'VPoint余额不足',
    en: 'Not enough VPoints in the wallet',
    fr: 'Pas assez de VPoints dans le portefeuille',
  },
  walletGiftOwnUnit: {
    zh: '只能赠送给下级单位',
    en: 'VPoints can only be given to a unit below yours',
    fr: 'Les VPoints ne peuvent être offerts qu’à une unité en dessous de la vôtre',
  },
  vipPeriodRequired: {
    zh: '请选择升级月数或到期日期（二选一）',
    en: 'Choose either the months or the date to upgrade to',
    fr: 'Choisissez soit le nombre de mois, soit la date jusqu’à laquelle passer en VIP',
  },
  vipPeriodTooShort: {
    zh: '升级期限至少1个月',
    en: 'An upgrade lasts at least 1 month',
    fr: 'Un passage en VIP dure au moins 1 mois',
  },
  vipPeriodTooLong: {
    zh: '升级期限最多5年',
    en: 'An upgrade lasts at most 5 years',
    fr: 'Un passage en VIP dure au plus 5 ans',
  },
  vipPricesOwnUnit: {
    zh: '价格由上级单位的管理员设置',
    en: "A unit's prices are set by its parent unit's administrator",
    fr: 'Les prix d’une unité sont fixés par l’administrateur de son unité parente',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof WALLET_MESSAGES, true> {}
}
