import type { Language } from '@lodestar/domain';
import { PAY_METHOD_TEXT, textOf } from '../payments/texts.ts';

type Texts = Record<Language, string>;

export { textOf };
export const METHOD_TEXT = PAY_METHOD_TEXT;

export const ENTRY_KIND_TEXT: Record<number, Texts> = {
  1: { zh: '充值', en: 'Top-up', fr: 'Recharge' },
  2: { zh: '升级VIP', en: 'VIP upgrade', fr: 'Passage en VIP' },
  3: { zh: '赠送', en: 'Gift given', fr: 'Don offert' },
  4: { zh: '获赠', en: 'Gift received', fr: 'Don reçu' },
  5: { zh: '退回', en: 'Refund', fr: 'Remboursement' },
};

/** A listed movement is done (a top-up is listed once paid). */
export const STATUS_TEXT: Record<number, Texts> = {
  1: { zh: '已完成', en: 'Completed', fr: 'Terminé' },
};

export const UPGRADE_STATUS_TEXT: Record<number, Texts> = {
  0: { zh: '待审批', en: 'Awaiting approval', fr: 'En attente d’approbation' },
  1: { zh: '已生效', en: 'In effect', fr: 'En vigueur' },
  2: { zh: '已驳回', en: 'Rejected', fr: 'Rejetée' },
};
