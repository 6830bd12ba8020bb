import type { Language } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { headerLookup, readSheetRows, type SheetRow } from '../../lib/sheet-reader.ts';

/** The columns of a supplier's bill (docs/SIM-API-2.md "Reconciliation"). */
export const BILL_FIELDS = ['ICCID', 'MSISDN', 'PackageName', 'Amount'] as const;
export type BillField = (typeof BILL_FIELDS)[number];

export type BillSheetRow = SheetRow<BillField>;

/** Header names accepted per column, compared lower-cased without spaces, dashes, underscores or units. */
const HEADER_NAMES: Record<BillField, string[]> = {
  ICCID: ['iccid'],
  MSISDN: ['msisdn', '卡号', '号码'],
  PackageName: ['package', 'packagename', '套餐'],
  Amount: ['amount', '金额', 'amountyuan', '金额元', 'montant'],
};
const HEADER_LOOKUP = headerLookup(HEADER_NAMES);

const TEMPLATE_HEADERS: Record<'zh' | 'en', string[]> = {
  zh: ['ICCID', '卡号', '套餐', '金额'],
  en: ['ICCID', 'MSISDN', 'Package', 'Amount'],
};
const NOTES: Record<Language, string[]> = {
  zh: [
    '每行一张卡：ICCID 必填（19或20位，以89开头），金额必填，单位为元，最多两位小数。',
    '同一 ICCID 在一个文件中只能出现一次。',
    'ICCID、卡号列请保持"文本"格式，否则 Excel 会丢失位数。',
    '只读取第一个工作表；第一行为表头（中文或英文列名均可）。',
  ],
  en: [
    'One card per row: ICCID is required (19 or 20 characters starting with 89); Amount is required, in yuan, at most 2 decimals.',
    'An ICCID may appear once per file.',
    'Keep the ICCID and MSISDN columns formatted as Text, or Excel drops digits.',
    'Only the first sheet is read; its first row is the header (Chinese or English names).',
  ],
  fr: [
    'Une carte par ligne : ICCID obligatoire (19 ou 20 caractères commençant par 89) ; Amount obligatoire, en yuans, au plus 2 décimales.',
    'Un ICCID ne peut figurer qu’une fois par fichier.',
    'Gardez les colonnes ICCID et MSISDN au format Texte, sinon Excel perd des chiffres.',
    'Seule la première feuille est lue ; sa première ligne est l’en-tête (noms chinois ou anglais).',
  ],
};

export async function billTemplate(lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(lang === 'zh' ? '账单' : 'Bill');
  sheet.columns = TEMPLATE_HEADERS[lang === 'zh' ? 'zh' : 'en'].map((header, i) => ({
    header,
    width: i === 0 ? 24 : 16,
    style: i <= 1 ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet(lang === 'zh' ? '说明' : 'Notes');
  notes.getColumn(1).width = 110;
  for (const line of NOTES[lang]) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads an uploaded bill (.xlsx or .csv) into rows of the bill's fields. */
export const readBillSheet = (filePath: string, fileName: string): Promise<BillSheetRow[]> =>
  readSheetRows(filePath, fileName, HEADER_LOOKUP, 'ICCID');
