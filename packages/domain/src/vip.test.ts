import { describe, expect, it } from 'vitest';
import { addMonths } from './billing.ts';
import { periodProblem, priceFor, spanOf, upgradeFee, upgradeStart, vpointsForFen } from './vip.ts';

describe('upgradeStart', () => {
  it('continues from a later expiry, restarts an expired device today, defers three months for plus3', () => {
    expect(upgradeStart('2027-05-01', '2026-11-26', 'now')).toBe('2027-05-01');
    expect(upgradeStart('2026-01-01', '2026-11-26', 'now')).toBe('2026-11-26');
    expect(upgradeStart(null, '2026-11-26', 'approval')).toBe('2026-11-26');
    expect(upgradeStart(null, '2026-11-26', 'plus3')).toBe('2027-02-26');
    expect(upgradeStart('2026-12-31', '2026-11-30', 'plus3')).toBe('2027-02-28');
    expect(upgradeStart('2027-06-01', '2026-11-26', 'plus3')).toBe('2027-06-01');
  });
});

describe('spanOf and upgradeFee', () => {
  it('charges a twelfth of the yearly price a month, whole years exactly', () => {
    expect(upgradeFee(120, spanOf('2026-11-26', addMonths('2026-11-26', 1)))).toBe(10);
    expect(upgradeFee(120, spanOf('2026-11-26', addMonths('2026-11-26', 12)))).toBe(120);
    expect(upgradeFee(35, spanOf('2026-11-26', addMonths('2026-11-26', 60)))).toBe(175);
    // 35 × 7 / 12 = 20.41…
    expect(upgradeFee(35, spanOf('2026-01-15', addMonths('2026-01-15', 7)))).toBe(20);
    // 30 × 1 / 12 = 2.5 rounds half up
    expect(upgradeFee(30, spanOf('2026-01-15', '2026-02-15'))).toBe(3);
  });

  it('counts month ends as whole months (Jan 31 + 1 month is the last of February)', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(spanOf('2027-01-31', '2027-02-28')).toEqual({ months: 1, days: 0, monthDays: 31 });
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(spanOf('2028-01-31', '2028-02-29')).toEqual({ months: 1, days: 0, monthDays: 31 });
  });

  it('prorates the days left over to a fixed date by the length of the month they fall in (leap February)', () => {
    // 2028-02-01 → 2028-02-15: 14 of February's 29 days, price 1200/yr → 100 a month → 48.27… → 48
    expect(spanOf('2028-02-01', '2028-02-15')).toEqual({ months: 0, days: 14, monthDays: 29 });
    expect(upgradeFee(1200, spanOf('2028-02-01', '2028-02-15'))).toBe(48);
    // the same days in a common year: 14 / 28 of 100 = 50
    expect(upgradeFee(1200, spanOf('2027-02-01', '2027-02-15'))).toBe(50);
    // to a date across the leap day: 2027-11-26 → 2028-03-10 is 3 months + 13 of Feb 26 → Mar 26's 29 days
    expect(spanOf('2027-11-26', '2028-03-10')).toEqual({ months: 3, days: 13, monthDays: 29 });
    expect(upgradeFee(1200, spanOf('2027-11-26', '2028-03-10'))).toBe(345);
    // a leap day expiry to the next year's end of February is exactly 12 months
    expect(spanOf('2028-02-29', '2029-02-28')).toEqual({ months: 12, days: 0, monthDays: 29 });
  });
});

describe('periodProblem', () => {
  it('allows 1 month to 5 years after the start', () => {
    expect(periodProblem('2026-11-26', '2026-12-26')).toBeNull();
    expect(periodProblem('2026-11-26', '2026-12-25')).toBe('tooShort');
    expect(periodProblem('2026-11-26', '2026-11-26')).toBe('tooShort');
    expect(periodProblem('2026-11-26', '2031-11-26')).toBeNull();
    expect(periodProblem('2026-11-26', '2031-11-27')).toBe('tooLong');
  });
});

describe('prices and top-ups', () => {
  it('uses price1 for wired trackers and price2 for wireless ones', () => {
    expect(priceFor(1, { Price1: 30, Price2: 50 })).toBe(30);
    expect(priceFor(2, { Price1: 30, Price2: 50 })).toBe(50);
  });
  it('credits whole VPoints for fen at the rate', () => {
    expect(vpointsForFen(10_000, 1)).toBe(100);
    expect(vpointsForFen(10_050, 1)).toBe(100);
    expect(vpointsForFen(10_050, 10)).toBe(1005);
  });
});
