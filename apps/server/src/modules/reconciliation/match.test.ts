import { ReconMatch } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import { iccid } from '../sims/test-fixtures.ts';
import { checkBillRows } from './bill-check.ts';
import type { BillSheetRow } from './bill-sheet.ts';
import { matchBill } from './match.ts';

const row = (n: number, cells: BillSheetRow['cells'], lossy: BillSheetRow['lossy'] = new Set()): BillSheetRow => ({
  row: n,
  cells,
  lossy,
});

describe('bill rows', () => {
  it('reads yuan exactly, upper-cases ICCIDs and reports every problem of every row', () => {
    const { lines, errors } = checkBillRows([
      row(2, { ICCID: ` ${iccid(1).toLowerCase()} `, Amount: '0.29' }),
      row(3, { ICCID: iccid(2), Amount: '1,024.5' }),
      row(4, { ICCID: '8986', Amount: '1.001' }),
      row(5, { ICCID: iccid(1), Amount: '' }),
      row(6, { ICCID: '89860012345678901234567', Amount: '1' }, new Set(['ICCID'])),
    ]);
    expect(lines.map((l) => [l.iccid, l.amountFen])).toEqual([
      [iccid(1), 29],
      [iccid(2), 102_450],
    ]);
    expect(errors.map((e) => [e.row, e.field, e.reason])).toEqual([
      [4, 'ICCID', 'iccidLength'],
      [4, 'Amount', 'billAmountFormat'],
      [5, 'ICCID', 'iccidDuplicateInFile'],
      [5, 'Amount', 'billAmountRequired'],
      [6, 'ICCID', 'iccidAsNumber'],
    ]);
  });
});

describe('matching a bill', () => {
  it('sorts each card into one kind and counts the fen on both sides', () => {
    const ours = [1, 2, 3].map((n) => ({ simId: n, iccid: iccid(n), msisdn: '', packageName: 'P', feeFen: 200 }));
    const bill = [
      { row: 2, iccid: iccid(1), msisdn: '', packageName: '', amountFen: 200 },
      { row: 3, iccid: iccid(2), msisdn: '', packageName: '', amountFen: 250 },
      { row: 4, iccid: iccid(9), msisdn: '1', packageName: 'X', amountFen: 100 },
    ];
    const { lines, counts } = matchBill(ours, bill);
    expect(lines.map((l) => [l.iccid, l.match, l.expectedFen, l.billedFen])).toEqual([
      [iccid(1), ReconMatch.Matched, 200, 200],
      [iccid(2), ReconMatch.PriceMismatch, 200, 250],
      [iccid(3), ReconMatch.MissingInBill, 200, null],
      [iccid(9), ReconMatch.MissingInOurs, null, 100],
    ]);
    expect(counts).toEqual({
      simCount: 3,
      expectedFen: 600,
      billedFen: 550,
      billRows: 3,
      matched: 1,
      missingInBill: 1,
      missingInOurs: 1,
      priceMismatch: 1,
    });
  });
});
