/**
 * VIP upgrades and the VPoint wallet (issue #19, spec sections 6 and 9): the pure pricing, proration and
 * date rules the server charges by and the console previews with. Days are 'YYYY-MM-DD'; VPoints integers.
 */
import { addMonths } from './billing.ts';

/** What moved VPoints in a wallet (Wallet/GetDetailList's Kind). */
export enum WalletEntryKind {
  TopUp = 1,
  Upgrade = 2,
  GiftOut = 3,
  GiftIn = 4,
  /** An upgrade waiting for approval was rejected: its VPoints come back. */
  Refund = 5,
}
export const WALLET_ENTRY_KINDS = [1, 2, 3, 4, 5] as const;

/** When an upgrade takes effect (spec section 9). */
export const VIP_EFFECTIVE = ['now', 'approval', 'plus3'] as const;
export type VipEffective = (typeof VIP_EFFECTIVE)[number];

export enum VipUpgradeStatus {
  /** Charged, waiting for its work order's approval; expiry not moved yet. */
  Pending = 0,
  Applied = 1,
  /** Its work order was rejected; the VPoints were refunded. */
  Rejected = 2,
}
export const VIP_UPGRADE_STATUSES = [0, 1, 2] as const;

/** Tracker types (spec section 3): which price applies. */
export enum TrackerType {
  Wired = 1,
  Wireless = 2,
}

export const VIP_RULES = {
  /** An upgrade lasts 1 month to 5 years (spec section 9: by month or to a fixed date, 1 to 5 years). */
  minMonths: 1,
  maxMonths: 60,
  /** "Effective now plus 3 months": the period starts three months from today. */
  deferMonths: 3,
  /** Devices in one upgrade. */
  maxDevices: 500,
  /** A top-up: 1 yuan to 100,000 yuan, in fen. */
  minTopUpFen: 100,
  maxTopUpFen: 10_000_000,
  /** Top-up packs the console offers, in yuan (a custom amount is allowed too). */
  topUpPacksYuan: [100, 500, 1000, 5000],
  /** A gift, in VPoints. */
  maxGift: 10_000_000,
  /** Prices and the VPoint rate stay far from int overflow: 1,000,000 VPoints per device-year at most. */
  maxPrice: 1_000_000,
  maxVPointPerYuan: 1000,
  remarkLength: 200,
  /** A unit's default VIP on activation, in whole years (spec section 9: 4 by default, periods of 1 to 5 years). */
  minDefaultYears: 1,
  maxDefaultYears: 5,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** Whole days from `a` to `b` (b after a: positive). */
export const daysBetween = (a: string, b: string) => dayNumber(b) - dayNumber(a);

/**
 * The day an upgrade's period starts: the current expiry when it is later, otherwise today, or three months
 * from today when the upgrade takes effect then. An expired device starts again from that day.
 */
export function upgradeStart(expiresOn: string | null, today: string, effective: VipEffective): string {
  const base = effective === 'plus3' ? addMonths(today, VIP_RULES.deferMonths) : today;
  return expiresOn && expiresOn > base ? expiresOn : base;
}

/** A period from `start` to `end` as whole calendar months plus the days left over and that last month's length. */
export interface VipSpan {
  months: number;
  days: number;
  /** Days in the calendar month the left-over days fall in (from start+months to start+months+1). */
  monthDays: number;
}

export function spanOf(start: string, end: string): VipSpan {
  let months = Math.max(
    0,
    (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)),
  );
  while (months > 0 && addMonths(start, months) > end) months--;
  const from = addMonths(start, months);
  return { months, days: daysBetween(from, end), monthDays: daysBetween(from, addMonths(start, months + 1)) };
}

/**
 * The VPoints one device's period costs at `pricePerYear` (VPoints per device-year): a twelfth a month, the
 * left-over days as their share of the month they fall in, rounded half up. Integer arithmetic only.
 */
export function upgradeFee(pricePerYear: number, span: VipSpan): number {
  const num = pricePerYear * (span.months * span.monthDays + span.days);
  const den = 12 * span.monthDays;
  return Math.floor((2 * num + den) / (2 * den));
}

/** Why a period cannot be bought, or null: 1 month to 5 years, ending after it starts. */
export function periodProblem(start: string, end: string): 'tooShort' | 'tooLong' | null {
  if (end <= start || end < addMonths(start, VIP_RULES.minMonths)) return 'tooShort';
  if (end > addMonths(start, VIP_RULES.maxMonths)) return 'tooLong';
  return null;
}

/** The price a device pays per year: price1 for wired trackers, price2 for wireless ones. */
export const priceFor = (trackerType: number, prices: { Price1: number; Price2: number }) =>
  trackerType === TrackerType.Wireless ? prices.Price2 : prices.Price1;

/** VPoints a top-up of `amountFen` credits at `vpointPerYuan` (whole VPoints, fractions dropped). */
export const vpointsForFen = (amountFen: number, vpointPerYuan: number) =>
  Math.floor((amountFen * vpointPerYuan) / 100);

/**
 * The bell's VIP notices (spec sections 4 and 8): one per device, state and expiry day for each user over it. A
 * device whose VIP ended longer ago than this is old news, not a notice: without the bound the first scan over a
 * fleet with years of lapsed devices would leave every administrator thousands of notices at once.
 */
export const VIP_NOTICE_RULES = { expiredLookbackDays: 30 } as const;
