import { ReconMatch } from '@lodestar/domain';
import type { BillLine } from './bill-check.ts';

/** A card we expect a fee for this month (the snapshot of a reconciliation). */
export interface ExpectedLine {
  simId: number;
  iccid: string;
  msisdn: string;
  packageName: string;
  feeFen: number;
}

export interface ReconLine {
  iccid: string;
  simId: number | null;
  msisdn: string;
  packageName: string;
  expectedFen: number | null;
  billedFen: number | null;
  match: ReconMatch;
}

export interface ReconCounts {
  simCount: number;
  expectedFen: number;
  billedFen: number;
  billRows: number;
  matched: number;
  missingInBill: number;
  missingInOurs: number;
  priceMismatch: number;
}

/**
 * Matches a supplier's bill with what we expected, by ICCID (both upper-cased): on both sides at
 * the same fen → Matched, at different fen → PriceMismatch, only ours → MissingInBill, only the
 * bill's → MissingInOurs. Our side keeps its card's number and package; the bill's fills the rest.
 */
export function matchBill(expected: ExpectedLine[], bill: BillLine[]): { lines: ReconLine[]; counts: ReconCounts } {
  const billed = new Map(bill.map((b) => [b.iccid, b]));
  const lines: ReconLine[] = [];
  const counts: ReconCounts = {
    simCount: expected.length,
    expectedFen: 0,
    billedFen: 0,
    billRows: bill.length,
    matched: 0,
    missingInBill: 0,
    missingInOurs: 0,
    priceMismatch: 0,
  };
  const ours = new Set<string>();
  for (const e of expected) {
    counts.expectedFen += e.feeFen;
    ours.add(e.iccid);
    const b = billed.get(e.iccid);
    const match = !b
      ? ReconMatch.MissingInBill
      : b.amountFen === e.feeFen
        ? ReconMatch.Matched
        : ReconMatch.PriceMismatch;
    lines.push({
      iccid: e.iccid,
      simId: e.simId,
      msisdn: e.msisdn || b?.msisdn || '',
      packageName: e.packageName,
      expectedFen: e.feeFen,
      billedFen: b ? b.amountFen : null,
      match,
    });
  }
  for (const b of bill) {
    counts.billedFen += b.amountFen;
    if (ours.has(b.iccid)) continue;
    lines.push({
      iccid: b.iccid,
      simId: null,
      msisdn: b.msisdn,
      packageName: b.packageName,
      expectedFen: null,
      billedFen: b.amountFen,
      match: ReconMatch.MissingInOurs,
    });
  }
  for (const l of lines) {
    if (l.match === ReconMatch.Matched) counts.matched++;
    else if (l.match === ReconMatch.MissingInBill) counts.missingInBill++;
    else if (l.match === ReconMatch.MissingInOurs) counts.missingInOurs++;
    else counts.priceMismatch++;
  }
  return { lines, counts };
}
