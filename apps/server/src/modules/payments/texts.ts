import type { Language } from '@lodestar/domain';

type Texts = Record<Language, string>;

export const PAY_STATUS_TEXT: Record<number, Texts> = {
  0: { zh: '待支付', en: 'Pending', fr: 'En attente' },
  1: { zh: '已支付', en: 'Paid', fr: 'Payée' },
  2: { zh: '支付失败', en: 'Failed', fr: 'Échouée' },
  3: { zh: '已关闭', en: 'Closed', fr: 'Fermée' },
};

export const PAY_KIND_TEXT: Record<number, Texts> = {
  1: { zh: 'SIM续费', en: 'SIM renewal', fr: 'Renouvellement SIM' },
  2: { zh: '短信包', en: 'SMS pack', fr: 'Pack SMS' },
  3: { zh: '钱包充值', en: 'Wallet top-up', fr: 'Recharge du portefeuille' },
};

export const PAY_METHOD_TEXT: Record<number, Texts> = {
  1: { zh: '支付宝', en: 'Alipay', fr: 'Alipay' },
  2: { zh: '微信支付', en: 'WeChat Pay', fr: 'WeChat Pay' },
};

export const textOf = (table: Record<number, Texts>, value: number, lang: Language) =>
  table[value]?.[lang] ?? String(value);
