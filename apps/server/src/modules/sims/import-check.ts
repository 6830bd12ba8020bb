import { IMSI_RE, iccidProblem, MSISDN_RE } from '@lodestar/domain';
import type { MessageKey } from '../../lib/messages.ts';
import type { ImportField, RawRow } from './sheet.ts';

/** A carrier-bound catalogue row (package or card type) as the import sees it. */
export interface CatalogueRef {
  id: number;
  /** Card types may be for any carrier (null). */
  operatorId: number | null;
}

export interface ImportContext {
  /** The supplier's carrier: every new SIM belongs to it. */
  operatorId: number;
  defaultPackage?: CatalogueRef | undefined;
  defaultCardType?: CatalogueRef | undefined;
  /** Visible rows by name, the owner nearest the caller first (names repeat across holds). */
  packagesByName: Map<string, CatalogueRef[]>;
  cardTypesByName: Map<string, CatalogueRef[]>;
  /** ICCIDs already stored, by anyone: the ICCID is unique platform-wide. */
  stored: Set<string>;
  /**
   * MSISDNs of live (not cancelled) cards, anyone's: a number is one live card's, or a unit could import
   * another unit's number and text its tracker commands (SMS only goes to the sender's own cards).
   */
  storedMsisdns: Set<string>;
}

export interface GoodRow {
  row: number;
  iccid: string;
  msisdn: string;
  imsi: string;
  packageId: number | null;
  cardTypeId: number | null;
  expiresOn: string | null;
  remark: string;
}

export interface RowError {
  row: number;
  iccid: string;
  field: ImportField;
  reason: MessageKey;
  detail?: string;
}

const ICCID_REASON = { length: 'iccidLength', digits: 'iccidDigits', checksum: 'iccidChecksum' } as const;
export const REMARK_MAX = 200;

/** Names, ICCIDs and MSISDNs the check needs looked up, gathered before any query. */
export function lookupsNeeded(rows: RawRow[]) {
  const packages = new Set<string>();
  const cardTypes = new Set<string>();
  const iccids = new Set<string>();
  const msisdns = new Set<string>();
  for (const r of rows) {
    if (r.cells.PackageName) packages.add(r.cells.PackageName);
    if (r.cells.CardTypeName) cardTypes.add(r.cells.CardTypeName);
    const iccid = normaliseIccid(r.cells.ICCID ?? '');
    if (iccid) iccids.add(iccid);
    const msisdn = normaliseMsisdn(r.cells.MSISDN ?? '');
    if (msisdn) msisdns.add(msisdn);
  }
  return { packages: [...packages], cardTypes: [...cardTypes], iccids: [...iccids], msisdns: [...msisdns] };
}

export const normaliseIccid = (text: string) => text.replace(/\s+/g, '').toUpperCase();
/** Spaces and dashes typed inside dropped, and an explicit +86: one number is stored one way. */
export const normaliseMsisdn = (text: string) => text.replace(/[\s-]/g, '').replace(/^\+86/, '');

/**
 * Checks every row completely (docs/SIM-API.md "Import") and reports every problem of every row,
 * so one round trip shows the whole list to fix. Pure: the caller looks the names up first.
 */
export function checkRows(rows: RawRow[], ctx: ImportContext): { good: GoodRow[]; errors: RowError[]; failed: number } {
  const good: GoodRow[] = [];
  const errors: RowError[] = [];
  const firstRowOf = new Map<string, number>();
  const firstRowOfNumber = new Map<string, number>();
  let failed = 0;
  for (const r of rows) {
    const iccid = normaliseIccid(r.cells.ICCID ?? '');
    const problems: RowError[] = [];
    const fail = (field: ImportField, reason: MessageKey, detail?: string) =>
      problems.push({ row: r.row, iccid, field, reason, ...(detail ? { detail } : {}) });

    if (r.lossy.has('ICCID')) fail('ICCID', 'iccidAsNumber');
    else if (!iccid) fail('ICCID', 'importRequired');
    else {
      const problem = iccidProblem(iccid);
      if (problem) fail('ICCID', ICCID_REASON[problem]);
      const first = firstRowOf.get(iccid);
      if (first !== undefined) fail('ICCID', 'iccidDuplicateInFile', String(first));
      else firstRowOf.set(iccid, r.row);
      if (ctx.stored.has(iccid)) fail('ICCID', 'iccidExists');
    }

    const msisdn = normaliseMsisdn(r.cells.MSISDN ?? '');
    if (msisdn && (r.lossy.has('MSISDN') || !MSISDN_RE.test(msisdn))) fail('MSISDN', 'msisdnFormat');
    else if (msisdn) {
      const first = firstRowOfNumber.get(msisdn);
      if (first !== undefined) fail('MSISDN', 'iccidDuplicateInFile', String(first));
      else firstRowOfNumber.set(msisdn, r.row);
      if (ctx.storedMsisdns.has(msisdn)) fail('MSISDN', 'msisdnExists');
    }
    const imsi = (r.cells.IMSI ?? '').replace(/\s/g, '');
    if (imsi && (r.lossy.has('IMSI') || !IMSI_RE.test(imsi))) fail('IMSI', 'imsiFormat');

    const pkg = pick(r.cells.PackageName, ctx.packagesByName, ctx.defaultPackage, ctx.operatorId);
    if (pkg === 'unknown') fail('PackageName', 'packageUnknown', r.cells.PackageName);
    if (pkg === 'carrier') fail('PackageName', 'packageCarrier', r.cells.PackageName);
    const cardType = pick(r.cells.CardTypeName, ctx.cardTypesByName, ctx.defaultCardType, ctx.operatorId);
    if (cardType === 'unknown') fail('CardTypeName', 'cardTypeUnknown', r.cells.CardTypeName);
    if (cardType === 'carrier') fail('CardTypeName', 'cardTypeCarrier', r.cells.CardTypeName);

    const expiresText = r.cells.ExpiresOn ?? '';
    const expiresOn = expiresText ? calendarDate(expiresText) : null;
    if (expiresText && !expiresOn) fail('ExpiresOn', 'dateFormat', expiresText);
    const remark = r.cells.Remark ?? '';
    if (remark.length > REMARK_MAX) fail('Remark', 'remarkTooLong', String(REMARK_MAX));

    if (problems.length) {
      failed++;
      errors.push(...problems);
      continue;
    }
    good.push({
      row: r.row,
      iccid,
      msisdn,
      imsi,
      packageId: typeof pkg === 'number' ? pkg : null,
      cardTypeId: typeof cardType === 'number' ? cardType : null,
      expiresOn,
      remark,
    });
  }
  return { good, errors, failed };
}

/** The id to use, null for none, or why the named row cannot be used. */
function pick(
  name: string | undefined,
  byName: Map<string, CatalogueRef[]>,
  fallback: CatalogueRef | undefined,
  operatorId: number,
): number | null | 'unknown' | 'carrier' {
  if (!name) return fallback?.id ?? null;
  const candidates = byName.get(name);
  if (!candidates?.length) return 'unknown';
  const fit = candidates.find((c) => c.operatorId === null || c.operatorId === operatorId);
  return fit ? fit.id : 'carrier';
}

/** 'YYYY-MM-DD' from Y-M-D, Y/M/D or Y.M.D with a real calendar day, else null. */
export function calendarDate(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
