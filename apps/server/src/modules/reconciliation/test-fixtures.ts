import ExcelJS from 'exceljs';

/** A bill spreadsheet as a supplier sends it: a header row, then one row per card (amounts as given). */
export async function billXlsx(
  rows: (string | number)[][],
  header: string[] = ['ICCID', 'MSISDN', 'Package', 'Amount'],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Bill');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
