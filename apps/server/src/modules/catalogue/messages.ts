import type { MessageCatalogue } from '../../lib/messages.ts';

/** The catalogue's server messages: carriers, card types, packages, suppliers (registered with lib/messages.ts's catalogue by the module). */
export const CATALOGUE_MESSAGES = {
  nameExists: { zh: '名称已存在', en: 'Already exists', fr: 'Existe déjà' },
  operatorNotAvailable: {
    zh: '所属单位无法使用该运营商',
    en: 'This carrier is not available to the owning organisation',
    fr: "Cet opérateur n'est pas disponible pour l'organisation propriétaire",
  },
  catalogueInUse: {
    zh: '仍在使用中，不能删除',
    en: 'Cannot remove, still used by',
    fr: 'Suppression impossible, encore utilisé par',
  },
  catalogueCarrierInUse: {
    zh: '仍在使用中，不能更换运营商',
    en: 'The carrier cannot change while used by',
    fr: "L'opérateur ne peut pas changer tant qu'il est utilisé par",
  },
  usedBySims: { zh: 'SIM卡', en: 'SIM cards', fr: 'cartes SIM' },
  usedByCardTypes: { zh: '卡类型', en: 'card types', fr: 'types de carte' },
  usedByPackages: { zh: '套餐', en: 'packages', fr: 'forfaits' },
  usedBySuppliers: { zh: '供应商', en: 'suppliers', fr: 'fournisseurs' },
  usedByWorkOrders: { zh: '工单', en: 'work orders', fr: 'ordres de travail' },
  usedByBatches: { zh: '入库批次', en: 'import batches', fr: "lots d'importation" },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof CATALOGUE_MESSAGES, true> {}
}
