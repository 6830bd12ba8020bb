import type { MessageCatalogue } from '../../lib/messages.ts';

/** The work orders' server messages (registered with lib/messages.ts's catalogue by the module). */
export const WORK_ORDER_MESSAGES = {
  workNoOrderSelected: { zh: '请选择工单', en: 'No order selected', fr: 'Aucun ordre de travail sélectionné' },
  workUnitRequired: {
    zh: '退卡需要选择接收单位',
    en: 'Unit required for return',
    fr: 'Une unité de réception est requise pour un retour',
  },
  workAlreadyReviewed: {
    zh: '工单已审核',
    en: 'This order has already been reviewed',
    fr: 'Cet ordre de travail a déjà été examiné',
  },
  workOrderOpen: {
    zh: '该卡已有审核中的工单',
    en: 'This SIM already has an order under review',
    fr: 'Cette carte SIM a déjà un ordre de travail en cours d’examen',
  },
  workStateNotAllowed: {
    zh: '该卡当前状态不能办理此业务',
    en: "The SIM's state does not allow this request",
    fr: 'L’état de la carte SIM ne permet pas cette demande',
  },
  workPackageCarrier: {
    zh: '套餐不属于该卡的运营商',
    en: "The package is not one of the SIM's carrier",
    fr: 'Le forfait n’appartient pas à l’opérateur de la carte SIM',
  },
  workPackageSame: {
    zh: '新套餐与当前套餐相同',
    en: 'The new package is the current one',
    fr: 'Le nouveau forfait est le forfait actuel',
  },
  workImeiFormat: { zh: 'IMEI须为15位数字', en: 'IMEI must be 15 digits', fr: 'L’IMEI doit comporter 15 chiffres' },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof WORK_ORDER_MESSAGES, true> {}
}
