import type { SheetRow } from '../../lib/sheet-reader.ts';
import type { ImportMessageKey } from './messages.ts';

/** One problem of one row: the reply names the column by its header and the reason in the caller's language. */
export interface RowError<F extends string = string> {
  row: number;
  field: F;
  reason: ImportMessageKey;
  detail?: string;
}

/** A cell trimmed ('' when the sheet has no such column). */
export const text = <F extends string>(row: SheetRow<F>, field: F): string => (row.cells[field] ?? '').trim();
export const cellLength = <F extends string>(row: SheetRow<F>, field: F): number => [...text(row, field)].length;
