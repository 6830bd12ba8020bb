import { iccidProblem, parseYuanToFen } from '@lodestar/domain';
import type { MessageKey } from '../../lib/messages.ts';
import { normaliseIccid } from '../sims/import-check.ts';
import type { BillField, BillSheetRow } from './bill-sheet.ts';

export interface BillLine {
  row: number;
  iccid: string;
  msisdn: string;
  packageName: string;
  amountFen: number;
}

export interface BillRowError {
  row: number;
  iccid: string;
  field: BillField;
  reason: MessageKey;
  detail?: string;
}

const ICCID_REASON = { length: 'iccidLength', digits: 'iccidDigits', checksum: 'iccidChecksum' } as const;

/**
 * Checks every row of a supplier's bill and reports every problem of every row (the ICCID rule,
 * the amount in yuan ≥ 0 with at most 2 decimals, an ICCID twice in the file). Pure.
 */
export function checkBillRows(rows: BillSheetRow[]): { lines: BillLine[]; errors: BillRowError[] } {
  const lines: BillLine[] = [];
  const errors: BillRowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const iccid = normaliseIccid(r.cells.ICCID ?? '');
    const problems: BillRowError[] = [];
    const fail = (field: BillField, reason: MessageKey, detail?: string) =>
      problems.push({ row: r.row, iccid, field, reason, ...(detail ? { detail } : {}) });

    if (r.lossy.has('ICCID')) fail('ICCID', 'iccidAsNumber');
    else if (!iccid) fail('ICCID', 'importRequired');
    else {
      const problem = iccidProblem(iccid);
      if (problem) fail('ICCID', ICCID_REASON[problem]);
      const first = firstRowOf.get(iccid);
      if (first !== undefined) fail('ICCID', 'iccidDuplicateInFile', String(first));
      else firstRowOf.set(iccid, r.row);
    }
    const amountText = (r.cells.Amount ?? '').replace(/[,\s¥￥]/g, '');
    const amountFen = amountText ? parseYuanToFen(amountText) : null;
    if (!amountText) fail('Amount', 'billAmountRequired');
    else if (amountFen === null) fail('Amount', 'billAmountFormat', r.cells.Amount);

    if (problems.length || amountFen === null) {
      errors.push(...problems);
      continue;
    }
    lines.push({
      row: r.row,
      iccid,
      msisdn: (r.cells.MSISDN ?? '').replace(/[\s-]/g, ''),
      packageName: (r.cells.PackageName ?? '').slice(0, 128),
      amountFen,
    });
  }
  return { lines, errors };
}
