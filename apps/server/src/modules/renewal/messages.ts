import type { MessageCatalogue } from '../../lib/messages.ts';

/** The renewal module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const RENEWAL_MESSAGES = {
  renewalNoSims: {
    zh: '请选择要续费的SIM卡',
    en: 'Select the SIM cards to renew',
    fr: 'Sélectionnez les cartes SIM à renouveler',
  },
  renewalTooManySims: {
    zh: '一次续费的SIM卡过多',
    en: 'Too many SIM cards in one renewal',
    fr: 'Trop de cartes SIM dans un renouvellement',
  },
  renewalSimCancelled: {
    zh: 'SIM卡已销户，不能续费',
    en: 'The SIM card is cancelled and cannot be renewed',
    fr: 'La carte SIM est résiliée et ne peut pas être renouvelée',
  },
  renewalNoPackage: {
    zh: 'SIM卡没有套餐，请选择续费套餐',
    en: 'The SIM card has no package; choose the package to renew with',
    fr: 'La carte SIM n’a pas de forfait ; choisissez le forfait du renouvellement',
  },
  renewalPackageCarrier: {
    zh: '套餐不属于该SIM卡的运营商',
    en: "The package is not of the SIM card's carrier",
    fr: 'Le forfait n’est pas celui de l’opérateur de la carte SIM',
  },
  renewalPendingOrder: {
    zh: 'SIM卡已在待支付的续费订单中',
    en: 'The SIM card is already in a renewal order waiting for payment',
    fr: 'La carte SIM figure déjà dans une commande de renouvellement en attente de paiement',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof RENEWAL_MESSAGES, true> {}
}
