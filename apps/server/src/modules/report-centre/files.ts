import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Cell, Row } from './definition.ts';

/** A report as a file: its title line, the columns (titles with their units) and every row, totals last. */
export interface ReportSheet {
  title: string;
  subtitle: string;
  headers: string[];
  keys: string[];
  rows: Row[];
  totals: Row | null;
}

/** Debian's fonts-wqy-zenhei (CI installs it): Chinese in a PDF needs a CJK font; REPORT_PDF_FONT overrides it. */
export const CJK_FONT = process.env.REPORT_PDF_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const CJK_FACE = 'WenQuanYiZenHei';

const values = (sheet: ReportSheet, r: Row): Cell[] => sheet.keys.map((k) => r[k] ?? null);

/**
 * A worksheet's name as Excel accepts it: at most 31 characters, none of * ? : \ / [ ]. The streaming writer does not
 * check, and "Fence in/out and stay" made a file Excel (and exceljs reading it back) refuses.
 */
export const sheetName = (title: string) => title.replace(/[*?:\\/[\]]/g, '-').slice(0, 31);

export async function writeXlsx(target: string, sheet: ReportSheet): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(sheet.title));
  ws.columns = sheet.headers.map((h, i) => ({ header: h, key: String(i), width: Math.max(12, h.length + 4) }));
  for (const r of sheet.rows) ws.addRow(values(sheet, r)).commit();
  if (sheet.totals) ws.addRow(values(sheet, sheet.totals)).commit();
  ws.commit();
  await wb.commit();
}

const csvCell = (v: Cell) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** UTF-8 with a byte-order mark, so Excel opens Chinese text as written. */
export async function writeCsv(target: string, sheet: ReportSheet): Promise<void> {
  const lines = [sheet.headers, ...sheet.rows.map((r) => values(sheet, r))];
  if (sheet.totals) lines.push(values(sheet, sheet.totals));
  await writeFile(target, `\ufeff${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`);
}

/**
 * A landscape A4 table. Without the CJK font (a machine lacking fonts-wqy-zenhei) the PDF is still written in
 * Helvetica, with a first line saying Chinese cannot be shown, rather than failing the export.
 */
export async function writePdf(target: string, sheet: ReportSheet, opts: { compress?: boolean } = {}): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, compress: opts.compress ?? true });
  const out = createWriteStream(target);
  doc.pipe(out);
  const cjk = existsSync(CJK_FONT);
  if (cjk) doc.registerFont('body', CJK_FONT, CJK_FACE);
  doc.font(cjk ? 'body' : 'Helvetica');
  if (!cjk) doc.fontSize(8).text(`Font ${CJK_FONT} not found: Chinese text cannot be shown.`);
  doc.fontSize(14).text(sheet.title);
  doc.fontSize(9).text(sheet.subtitle).moveDown(0.5);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const colWidth = width / sheet.headers.length;
  const line = (cells: Cell[], bold = false) => {
    const y = doc.y;
    const height = Math.max(
      ...cells.map((c) => doc.heightOfString(c === null ? '' : String(c), { width: colWidth - 4 })),
    );
    if (y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      return line(cells, bold);
    }
    cells.forEach((c, i) => {
      doc.text(c === null ? '' : String(c), left + i * colWidth + 2, y, { width: colWidth - 4, lineBreak: true });
    });
    doc.x = left;
    doc.y = y + height + 3;
    if (bold)
      doc
        .moveTo(left, doc.y - 1)
        .lineTo(left + width, doc.y - 1)
        .lineWidth(0.5)
        .stroke();
  };
  doc.fontSize(8);
  line(sheet.headers, true);
  for (const r of sheet.rows) line(values(sheet, r));
  if (sheet.totals) line(values(sheet, sheet.totals), true);
  doc.end();
  await once(out, 'finish');
}
