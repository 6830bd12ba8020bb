/**
 * SIM administration II (issue #6): payments, SMS, renewal, notices, reconciliation and reports.
 * Money is integer fen everywhere; months are 'YYYY-MM'; days 'YYYY-MM-DD'.
 */

import { YEAR_PATTERN } from './limits.ts';

/** What a payment order buys. */
export enum PayKind {
  /** SIM renewal (page vipRecharge): the order's items renew SIMs. */
  Renewal = 1,
  /** An SMS pack (manage/msg): the order credits the payer hold's SMS balance. */
  SmsPack = 2,
  /** A VPoint wallet top-up (/vip/wallet): the order credits the payer hold's wallet. */
  WalletTopUp = 3,
}
export const PAY_KINDS = [1, 2, 3] as const;

/** The two mobile payment providers of spec section 3 (Wallet order: pay method). */
export enum PayMethod {
  Alipay = 1,
  WechatPay = 2,
}
export const PAY_METHODS = [1, 2] as const;

export enum PayStatus {
  /** Created, waiting for the payer. */
  Pending = 0,
  Paid = 1,
  /** The provider reported a failure: nothing changed. */
  Failed = 2,
  /** Abandoned (closed by the payer or expired unpaid): nothing changed. */
  Closed = 3,
}
export const PAY_STATUSES = [0, 1, 2, 3] as const;

export const PAYMENT_RULES = {
  currency: 'CNY',
  /** An unpaid order closes after this long; a late "paid" callback is then refused and logged. */
  orderTtlMinutes: 15,
  /** SIMs in one renewal order. */
  renewalMaxSims: 500,
  /** Package periods bought at once (a 12-month package × 5 = 5 years). */
  renewalMaxPeriods: 5,
} as const;

/** Renewal price: the package's price per period times the periods bought. */
export function renewalFeeFen(packagePriceFen: number, periods: number): number {
  return packagePriceFen * periods;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Calendar month arithmetic on 'YYYY-MM-DD'; the 31st of a short month becomes its last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month + 1)}-${pad(Math.min(d, lastDay))}`;
}

/** A renewal extends from the later of today and the current expiry (an expired card restarts today). */
export function renewedExpiry(expiresOn: string | null, today: string, months: number): string {
  const from = expiresOn && expiresOn > today ? expiresOn : today;
  return addMonths(from, months);
}

/**
 * The fee of a renewal by work order (WorkType 5 gives months, not periods): the package's price
 * pro rata, rounded half up to the fen.
 */
export function proRataFeeFen(packagePriceFen: number, periodMonths: number, months: number): number {
  if (periodMonths <= 0) return packagePriceFen;
  return Math.floor((packagePriceFen * months * 2 + periodMonths) / (periodMonths * 2));
}

/**
 * What a card costs per month on its package: the period price spread over the period, rounded
 * half up to the fen. Supplier reconciliation expects this per card and month.
 */
export function monthlyFeeFen(packagePriceFen: number, periodMonths: number): number {
  return proRataFeeFen(packagePriceFen, periodMonths, 1);
}

/** SMS packs on sale in manage/msg. Ids are stable: orders refer to them. */
export interface SmsPack {
  PackID: string;
  Count: number;
  PriceFen: number;
}
export const SMS_PACKS: readonly SmsPack[] = [
  { PackID: 'sms100', Count: 100, PriceFen: 1_000 },
  { PackID: 'sms500', Count: 500, PriceFen: 4_500 },
  { PackID: 'sms1000', Count: 1_000, PriceFen: 8_000 },
  { PackID: 'sms5000', Count: 5_000, PriceFen: 35_000 },
];

export enum SmsState {
  /** Accepted, handed to the provider. */
  Queued = 0,
  /** The provider took it (the local provider: written to the server log). */
  Sent = 1,
  /** The gateway's delivery report said delivered. */
  Delivered = 2,
  Failed = 3,
}
export const SMS_STATES = [0, 1, 2, 3] as const;

export const SMS_RULES = {
  /** Characters in one message's text. */
  maxLength: 500,
  /** SIMs in one send. */
  maxTargets: 1_000,
} as const;

/**
 * Billable parts of a message. GSM-7 text fits 160 per part (153 when split); anything else is
 * UCS-2 at 70 per part (67 when split), which is how Chinese carriers count and bill.
 */
export function smsSegments(text: string): number {
  const chars = [...text].length;
  if (chars === 0) return 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: GSM-7 is the printable ASCII plus CR/LF.
  const gsm = /^[\x0A\x0D\x20-\x7E]*$/.test(text);
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  return chars <= single ? 1 : Math.ceil(chars / part);
}

/** How one line of a supplier's bill compares with what we expected for the month. */
export enum ReconMatch {
  Matched = 1,
  /** We expected a fee for the card; the supplier did not bill it. */
  MissingInBill = 2,
  /** The supplier billed a card we do not hold from them (or do not expect a fee for). */
  MissingInOurs = 3,
  /** Both sides have the card at different amounts. */
  PriceMismatch = 4,
}
export const RECON_MATCHES = [1, 2, 3, 4] as const;

export enum ReconState {
  Open = 0,
  /** Confirmed: frozen, a new upload is refused. */
  Confirmed = 1,
}

export enum BillState {
  Unpaid = 0,
  Paid = 1,
}

/** Lines of a customer bill. */
export enum BillLineKind {
  /** A SIM the customer held when the bill was made (no amount of its own). */
  Sim = 1,
  Renewal = 2,
  SmsPack = 3,
}

/** Where a renewal came from. */
export enum RenewalSource {
  /** Paid online on /recharge. */
  Online = 1,
  /** An approved renewal work order (WorkType 5), to be billed to the customer. */
  WorkOrder = 2,
}

/** Notice kinds on /message; the text is rendered in the reader's language from kind + params. */
export type NoticeKind =
  | 'simExpiring'
  | 'simExpired'
  | 'workOrderDecided'
  | 'paymentPaid'
  | 'paymentFailed'
  | 'insuranceExpiring'
  | 'insuranceExpired'
  | 'installTask'
  | 'vipExpiring'
  | 'vipExpired'
  | 'invoiceRequested'
  | 'invoiceIssued';
export const NOTICE_KINDS: readonly NoticeKind[] = [
  'simExpiring',
  'simExpired',
  'workOrderDecided',
  'paymentPaid',
  'paymentFailed',
  'insuranceExpiring',
  'insuranceExpired',
  'installTask',
  'vipExpiring',
  'vipExpired',
  'invoiceRequested',
  'invoiceIssued',
];

/** 'YYYY-MM' of a year from 1970 to 2100 (LIMITS.yearMin–yearMax). */
export const MONTH_RE = new RegExp(`^${YEAR_PATTERN}-(0[1-9]|1[0-2])$`);

/** [first day, first day of the next month) of a 'YYYY-MM' month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addMonths(from, 1) };
}

/** The `count` months ending with `today`'s month, oldest first: the half-year report's axis. */
export function lastMonths(today: string, count: number): string[] {
  const first = `${today.slice(0, 7)}-01`;
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(addMonths(first, -i).slice(0, 7));
  return out;
}

/** The month before `today`'s: what reconciliation pages open on. */
export function previousMonth(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** A payment order as every call answers it (docs/SIM-API-2.md "Payments"). Money in fen. */
export interface OrderView {
  OrderID: number;
  OrderNo: string;
  /** PayKind */
  Kind: number;
  /** PayMethod */
  Method: number;
  Provider: string;
  /** True when the local sandbox handles the order: no money moves. */
  Sandbox: boolean;
  AmountFen: number;
  Currency: string;
  /** PayStatus */
  Status: number;
  StatusText: string;
  Subject: string;
  PayUrl: string;
  FailReason: string;
  ExpiresAt: string;
  CreateTime: string;
  PaidTime: string | null;
}

/** A row of Payment/GetPayOrderList. */
export interface PayOrderRow extends OrderView {
  HoldName: string;
  UserName: string;
}

/** Payment/GetPayOrderList's filters (besides paging): Kind 0 all, Method 0 all, Status -1 all. */
export interface PayOrderFilters {
  Kind?: number;
  Method?: number;
  Status?: number;
  OrderNo?: string;
  HoldID?: number;
  StartTime?: string;
  EndTime?: string;
}

export interface PayOrderTotals {
  Count: number;
  AmountFen: number;
  PaidCount: number;
  PaidFen: number;
}
