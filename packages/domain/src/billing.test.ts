import { describe, expect, it } from 'vitest';
import {
  addMonths,
  lastMonths,
  monthlyFeeFen,
  monthRange,
  previousMonth,
  proRataFeeFen,
  renewalFeeFen,
  renewedExpiry,
  smsSegments,
} from './billing.ts';

describe('billing rules', () => {
  it('prices renewals by period and pro rata, rounding half up to the fen', () => {
    expect(renewalFeeFen(2_400, 3)).toBe(7_200);
    expect(monthlyFeeFen(2_400, 12)).toBe(200);
    expect(monthlyFeeFen(1_000, 12)).toBe(83); // 83.33
    expect(monthlyFeeFen(1_010, 12)).toBe(84); // 84.17
    expect(monthlyFeeFen(30, 4)).toBe(8); // 7.5 rounds up
    expect(proRataFeeFen(1_000, 12, 6)).toBe(500);
    expect(proRataFeeFen(1_000, 12, 7)).toBe(583);
  });

  it('moves expiry from the later of today and the old expiry', () => {
    expect(renewedExpiry('2030-05-01', '2026-01-10', 12)).toBe('2031-05-01');
    expect(renewedExpiry('2025-05-01', '2026-01-10', 12)).toBe('2027-01-10');
    expect(renewedExpiry(null, '2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('counts SMS parts as carriers bill them', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('停'.repeat(70))).toBe(1);
    expect(smsSegments('停'.repeat(71))).toBe(2);
    expect(smsSegments('停'.repeat(135))).toBe(3);
  });

  it('names months for reports and reconciliation', () => {
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(lastMonths('2026-11-22', 6)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(previousMonth('2026-01-15')).toBe('2025-12');
  });
});
