import type { Language } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { headerLookup, readSheetRows, type SheetRow } from '../../lib/sheet-reader.ts';

/** The import columns (docs/SIM-API.md "Import"). */
export const IMPORT_FIELDS = ['ICCID', 'MSISDN', 'IMSI', 'PackageName', 'CardTypeName', 'ExpiresOn', 'Remark'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** One data row of a sheet or of the JSON `Rows` (`row` is then the 1-based index), every cell as text. */
export type RawRow = SheetRow<ImportField>;

/** Header names accepted per column, compared lower-cased without spaces, dashes or underscores. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  ICCID: ['iccid'],
  MSISDN: ['msisdn', '卡号', '号码'],
  IMSI: ['imsi'],
  PackageName: ['package', 'packagename', '套餐'],
  CardTypeName: ['cardtype', 'cardtypename', '卡类型'],
  ExpiresOn: ['expireson', 'expirydate', '到期日期'],
  Remark: ['remark', '备注'],
};
const HEADER_LOOKUP = headerLookup(HEADER_NAMES);

/** Template headers: Chinese for zh callers, English otherwise (the importer reads both). */
const TEMPLATE_HEADERS: Record<'zh' | 'en', string[]> = {
  zh: ['ICCID', '卡号', 'IMSI', '套餐', '卡类型', '到期日期', '备注'],
  en: ['ICCID', 'MSISDN', 'IMSI', 'Package', 'CardType', 'ExpiresOn', 'Remark'],
};

const NOTES: Record<Language, string[]> = {
  zh: [
    'ICCID 必填：19或20位，以89开头；20位的最后一位为校验位。',
    '卡号(MSISDN) 11–13位数字，可带 +86；IMSI 15位数字。',
    '套餐、卡类型填写名称，须与系统中的名称一致；留空则使用导入时选择的默认值。',
    '到期日期格式 YYYY-MM-DD。',
    'ICCID、卡号、IMSI 列请保持"文本"格式，否则 Excel 会丢失位数。',
    '只读取第一个工作表；第一行为表头。',
  ],
  en: [
    'ICCID is required: 19 or 20 characters starting with 89; a 20-digit ICCID ends with its check digit.',
    'MSISDN: 11 to 13 digits, optionally with +86. IMSI: 15 digits.',
    'Package and CardType are names as set up in the system; empty cells take the defaults chosen when importing.',
    'ExpiresOn: YYYY-MM-DD.',
    'Keep the ICCID, MSISDN and IMSI columns formatted as Text, or Excel drops digits.',
    'Only the first sheet is read; its first row is the header.',
  ],
  fr: [
    'ICCID obligatoire : 19 ou 20 caractères commençant par 89 ; un ICCID de 20 chiffres finit par sa clé de contrôle.',
    'MSISDN : 11 à 13 chiffres, éventuellement avec +86. IMSI : 15 chiffres.',
    'Package et CardType sont des noms définis dans le système ; une cellule vide prend la valeur par défaut choisie à l’import.',
    'ExpiresOn : AAAA-MM-JJ.',
    'Gardez les colonnes ICCID, MSISDN et IMSI au format Texte, sinon Excel perd des chiffres.',
    'Seule la première feuille est lue ; sa première ligne est l’en-tête.',
  ],
};

export async function importTemplate(lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('SIM');
  const headers = TEMPLATE_HEADERS[lang === 'zh' ? 'zh' : 'en'];
  sheet.columns = headers.map((header, i) => ({
    header,
    width: i === 0 ? 24 : 16,
    // Text format on the number columns, so Excel keeps all 20 digits of an ICCID.
    style: i <= 2 ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const notes = wb.addWorksheet(lang === 'zh' ? '说明' : 'Notes');
  notes.getColumn(1).width = 110;
  for (const line of NOTES[lang]) notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads the upload (.xlsx or .csv) into rows of the import's fields. */
export const readSheet = (filePath: string, fileName: string): Promise<RawRow[]> =>
  readSheetRows(filePath, fileName, HEADER_LOOKUP, 'ICCID');
