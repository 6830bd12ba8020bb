import type { MessageCatalogue } from '../../lib/messages.ts';

/** The invoice calls' server messages (registered by the module). */
export const INVOICES_MESSAGES = {
  invoiceOrderNotPaid: {
    zh: '只有已支付的订单可以开票',
    en: 'Only paid orders can be invoiced',
    fr: 'Seules les commandes payées peuvent être facturées',
  },
  invoiceOrderInvoiced: {
    zh: '订单已开过发票',
    en: 'An invoice already covers this order',
    fr: 'Une facture couvre déjà cette commande',
  },
  invoiceAlreadyIssued: {
    zh: '该发票已开具',
    en: 'This invoice has already been issued',
    fr: 'Cette facture a déjà été émise',
  },
  invoiceIssueAbove: {
    zh: '发票由上级服务商开具',
    en: 'Invoices are issued by the provider above the requesting unit',
    fr: 'Les factures sont émises par le fournisseur au-dessus de l’unité demandeuse',
  },
  invoiceNotPdf: { zh: '请上传PDF文件', en: 'Upload a PDF file', fr: 'Téléversez un fichier PDF' },
  invoicePdfTooLarge: {
    zh: 'PDF文件过大（MB）',
    en: 'The PDF is too large (MB)',
    fr: 'Le PDF est trop volumineux (Mo)',
  },
  invoiceNoFile: {
    zh: '发票尚未开具',
    en: 'The invoice has not been issued yet',
    fr: 'La facture n’est pas encore émise',
  },
} as const satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof INVOICES_MESSAGES, true> {}
}
