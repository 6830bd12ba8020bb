import type { MessageCatalogue } from '../../lib/messages.ts';

export const INSURANCE_MESSAGES = {
  policyNumberTaken: {
    zh: '该保险公司的保单号已存在',
    en: 'This insurer already has a policy with this number',
    fr: 'Cet assureur a déjà une police portant ce numéro',
  },
  policyDates: {
    zh: '结束日期不能早于开始日期',
    en: 'The end date cannot be before the start date',
    fr: 'La date de fin ne peut pas précéder la date de début',
  },
  policyAttachmentType: {
    zh: '附件须为 PDF 或 JPG 文件',
    en: 'The attachment must be a PDF or JPG file',
    fr: 'La pièce jointe doit être un fichier PDF ou JPG',
  },
  policyAttachmentTooLarge: {
    zh: '附件过大（上限 MB）：',
    en: 'The attachment is too large (MB limit):',
    fr: 'La pièce jointe est trop volumineuse (limite en Mo) :',
  },
} satisfies MessageCatalogue;

declare module '../../lib/messages.ts' {
  interface ModuleMessageKeys extends Record<keyof typeof INSURANCE_MESSAGES, true> {}
}
