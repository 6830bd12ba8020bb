/**
 * SIM administration: the carrier lifecycle, the display states of spec section 4, work orders
 * (spec sections 3, 4 and 9) and the ICCID rule. Shared by server and console.
 */

/** Where a card is in the Chinese carrier lifecycle. Stored as these numbers. */
export enum SimState {
  /** 库存: in our stock, never activated. */
  InStock = 1,
  /** 测试期: activated for testing, not billed yet. */
  Testing = 2,
  /** 沉默期: shipped, waiting for first use. */
  Silent = 3,
  /** 正使用: in service. */
  Active = 4,
  /** 停机: service stopped by request or arrears, number kept. */
  Suspended = 5,
  /** 预销户: stopped for good, waiting for the carrier to cancel. */
  Stopped = 6,
  /** 已销户: cancelled at the carrier. */
  Cancelled = 7,
}
export const SIM_STATES = [1, 2, 3, 4, 5, 6, 7] as const;

/** The display states of spec section 4, computed from expiry and balance, never stored. */
export type SimDisplayState = 'normal' | 'expiring' | 'expired' | 'lowBalance';
export const SIM_DISPLAY_STATES: readonly SimDisplayState[] = ['normal', 'expiring', 'expired', 'lowBalance'];

export const SIM_RULES = {
  /** A card expiring within this many days is "expiring". */
  expiringDays: 30,
  /** A balance under this many fen is "low balance". */
  lowBalanceFen: 500,
  /** Rows in one import (a spreadsheet or a JSON body). */
  importMaxRows: 10_000,
  /** SIMs in one outbound by range or ids. */
  outboundMax: 10_000,
  /** Size of an uploaded spreadsheet. */
  uploadMaxBytes: 10 * 1024 * 1024,
} as const;

/** States in which a card draws on its balance: low balance means something only for these. */
export const BILLED_SIM_STATES: readonly SimState[] = [
  SimState.Testing,
  SimState.Silent,
  SimState.Active,
  SimState.Suspended,
];

/**
 * Expired wins over expiring, and both over low balance: the first thing an operator must act on.
 * Balance counts only for a card the carrier bills (a card in stock or cancelled has no use for
 * credit). `today` and `expiresOn` are calendar dates 'YYYY-MM-DD' in the viewer's time zone.
 */
export function simDisplayState(
  expiresOn: string | null,
  balanceFen: number,
  today: string,
  state: SimState = SimState.Active,
): SimDisplayState {
  if (expiresOn) {
    if (expiresOn < today) return 'expired';
    if (expiresOn <= addDays(today, SIM_RULES.expiringDays)) return 'expiring';
  }
  if (balanceFen < SIM_RULES.lowBalanceFen && BILLED_SIM_STATES.includes(state)) return 'lowBalance';
  return 'normal';
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Work types (spec section 3's WorkType; the issue's numbering). */
export enum WorkType {
  Stop = 1,
  Resume = 2,
  /** Back to a receiving unit: approval needs ReHoldID. */
  Return = 3,
  PackageChange = 4,
  Renewal = 5,
  /** LockType 1 binds the card to an IMEI, 0 unbinds it. */
  Lock = 6,
  /** A VIP upgrade effective on approval (issue #19): no SIM; its devices are on the vip_upgrades row. */
  VipUpgrade = 7,
}
/** The SIM business a person applies for (WorkFlow/AddWorkFlow, the SIM menu). */
export const WORK_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type SimWorkType = (typeof WORK_TYPES)[number];
/** What the approval dialog decides: SIM business and the VIP upgrades Vip/Upgrade opens. */
export const REVIEWED_WORK_TYPES = [...WORK_TYPES, WorkType.VipUpgrade] as const;

/** CheckStatus (spec section 4): the review filter adds 0 = all. */
export enum CheckStatus {
  UnderReview = 1,
  Agreed = 2,
  Rejected = 3,
}
export const CHECK_STATUS_FILTERS = [0, 1, 2, 3] as const;

export enum LockType {
  Unlocked = 0,
  Locked = 1,
}

/** The work-order approval dialog's constants (spec section 9). */
export const WORK_ORDER_UI = {
  pageSizes: [100, 500, 1000],
  defaultPageSize: 100,
  defaultFilter: CheckStatus.UnderReview,
  tableHeight: 360,
  pagerCount: 11,
  saveDelayMs: 200,
  dialogWidth: 1440,
  commentRows: 4,
} as const;

export type IccidProblem = 'length' | 'digits' | 'checksum';

/**
 * ICCIDs are 19 or 20 characters starting "89". A 20-digit ICCID ends in a Luhn check digit
 * (ITU-T E.118); 19-digit ones are issued both with and without it, so only 20 are checked.
 * Some Chinese carriers put letters in the issuer part ("898604A…"), which we accept uppercased.
 */
export function iccidProblem(iccid: string): IccidProblem | undefined {
  if (iccid.length < 19 || iccid.length > 20) return 'length';
  if (!/^89[0-9A-F]+$/.test(iccid)) return 'digits';
  if (iccid.length === 20 && /^\d+$/.test(iccid) && !luhnValid(iccid)) return 'checksum';
  return undefined;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Appends the Luhn check digit: used by the demo seed and tests to make valid ICCIDs. */
export function withLuhn(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable');
}

/** MSISDN: 11 to 13 digits (mainland IoT numbers run to 13), optionally with a country code. */
export const MSISDN_RE = /^(?:\+?86)?\d{11,13}$/;
/** IMSI: 15 digits (MCC 460 for China). */
export const IMSI_RE = /^\d{15}$/;
/** IMEI: 15 digits. */
export const IMEI_RE = /^\d{15}$/;
