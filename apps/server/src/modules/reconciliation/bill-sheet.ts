import { readFile } from 'node:fs/promises';
import type { Language } from '@lodestar/domain';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors.ts';
import { decodeCsv, parseCsv } from '../sims/sheet.ts';

/** The columns of a supplier's bill (docs/SIM-API-2.md "Reconciliation"). */
export const BILL_FIELDS = ['ICCID', 'MSISDN', 'PackageName', 'Amount'] as const;
export type BillField = (typeof BILL_FIELDS)[number];

export interface BillSheetRow {
  /** Spreadsheet row number (header = 1). */
  row: number;
  cells: Partial<Record<BillField, string>>;
  /** Cells Excel stored as a number too long to keep every digit (an ICCID in a General cell). */
  lossy: Set<BillField>;
}

/** Header names accepted per column, compared lower-cased without spaces, dashes, underscores or units. */
const HEADER_NAMES: Record<BillField, string[]> = {
  ICCID: ['iccid'],
  MSISDN: ['msisdn', '卡号', '号码'],
  PackageName: ['package', 'packagename', '套餐'],
  Amount: ['amount', '金额', 'amountyuan', '金额元', 'montant'],
};
const HEADER_LOOKUP = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((n) => [n, field as BillField])),
);
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-*()（）]/g, '');

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

/** Reads an uploaded bill by its name's extension: .xlsx or .csv. */
export async function readBillSheet(filePath: string, fileName: string): Promise<BillSheetRow[]> {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv') {
    const records = parseCsv(decodeCsv(await readFile(filePath)));
    return toRows(
      records.map((cells, i) => ({
        row: i + 1,
        cells: cells.map((c) => ({ text: c.trim(), lossy: /^\d(\.\d+)?E\+\d+$/i.test(c.trim()) })),
      })),
    );
  }
  if (ext !== 'xlsx') throw badRequest('importFileType', fileName);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.readFile(filePath);
  } catch {
    throw badRequest('importUnreadable');
  }
  const sheet = wb.worksheets[0];
  const lines: { row: number; cells: Cell[] }[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    lines.push({ row: number, cells: Array.from(values.slice(1), (v) => cellOf(v ?? null)) });
  });
  return toRows(lines);
}

type Cell = { text: string; lossy: boolean };

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return { text: '', lossy: false };
  if (typeof value === 'string') return { text: value.trim(), lossy: false };
  if (typeof value === 'number') return { text: String(value), lossy: Math.abs(value) > Number.MAX_SAFE_INTEGER };
  if (typeof value === 'boolean') return { text: String(value), lossy: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), lossy: false };
  if ('richText' in value)
    return {
      text: value.richText
        .map((r) => r.text)
        .join('')
        .trim(),
      lossy: false,
    };
  if ('formula' in value || 'sharedFormula' in value)
    return cellOf((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return cellOf(value.text as ExcelJS.CellValue);
  return { text: '', lossy: false };
}

/** The first non-empty line is the header; empty lines after it are skipped. */
function toRows(lines: { row: number; cells: Cell[] }[]): BillSheetRow[] {
  const nonEmpty = lines.filter((l) => l.cells.some((c) => c.text !== ''));
  const header = nonEmpty[0];
  if (!header) return [];
  const columns = header.cells.map((c) => HEADER_LOOKUP.get(headerKey(c.text)));
  if (!columns.includes('ICCID')) throw badRequest('importNoIccidColumn');
  return nonEmpty.slice(1).map((line) => {
    const cells: BillSheetRow['cells'] = {};
    const lossy = new Set<BillField>();
    columns.forEach((field, i) => {
      const cell = line.cells[i];
      if (!field || !cell) return;
      cells[field] = cell.text;
      if (cell.lossy) lossy.add(field);
    });
    return { row: line.row, cells, lossy };
  });
}
