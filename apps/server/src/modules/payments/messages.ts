import type { MessageCatalogue } from '../../lib/messages.ts';

/** The payments module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const PAYMENTS_MESSAGES = {
  paymentProviderError: {
    zh: '支付渠道下单失败',
    en: 'The payment provider could not open the order',
    fr: 'Le prestataire de paiement n’a pas pu ouvrir la commande',
  },
  paymentNotSandbox: {
    zh: '该订单不是本地支付沙箱订单',
    en: 'This order is not a local payment sandbox order',
    fr: 'Cette commande n’est pas une commande du bac à sable de paiement local',
  },
  paymentAlreadyPaid: {
    zh: '订单已支付，不能关闭',
    en: 'The order is paid and cannot be closed',
    fr: 'La commande est payée et ne peut pas être fermée',
  },
  paymentNotPending: {
    zh: '订单已关闭或已失败，不再接受支付',
    en: 'The order is closed or failed and takes no payment any more',
    fr: 'La commande est fermée ou échouée et n’accepte plus de paiement',
  },
  paymentCallbackFailed: {
    zh: '支付回调处理失败，订单仍为待支付',
    en: 'The payment callback could not be applied; the order is still pending',
    fr: 'Le rappel de paiement n’a pas pu être appliqué ; la commande reste en attente',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof PAYMENTS_MESSAGES, true> {}
}
