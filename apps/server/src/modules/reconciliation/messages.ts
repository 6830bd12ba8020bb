import type { MessageCatalogue } from '../../lib/messages.ts';

/** The reconciliation module's server messages (registered with lib/messages.ts's catalogue by the module). */
export const RECONCILIATION_MESSAGES = {
  billAmountRequired: { zh: '金额必填', en: 'Amount is required', fr: 'Le montant est obligatoire' },
  billAmountFormat: {
    zh: '金额须为不小于0的数字，最多两位小数（元）',
    en: 'Amount must be a number of yuan ≥ 0 with at most 2 decimals',
    fr: 'Le montant doit être un nombre de yuans ≥ 0 avec au plus 2 décimales',
  },
  reconConfirmed: {
    zh: '该月对账已确认，不能再上传账单',
    en: 'This month is confirmed: a new bill cannot be uploaded',
    fr: 'Ce mois est confirmé : impossible de téléverser une nouvelle facture',
  },
  reconNoBill: {
    zh: '请先上传供应商账单再确认',
    en: 'Upload the supplier bill before confirming',
    fr: 'Téléversez la facture du fournisseur avant de confirmer',
  },
  reconMonthRange: {
    zh: '开始月份不能晚于结束月份',
    en: 'The first month cannot be after the last month',
    fr: 'Le premier mois ne peut pas être après le dernier',
  },
  billOwnHold: {
    zh: '只能为下级客户生成账单',
    en: 'Bills are made for the customers below your organisation only',
    fr: 'Les factures ne concernent que les clients sous votre organisation',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof RECONCILIATION_MESSAGES, true> {}
}
