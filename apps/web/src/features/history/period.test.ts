import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNow } from '../../lib/user-time.ts';
import { checkPeriod, PRESETS, presetPeriod, vipRuns } from './period.ts';

// 10:30 on 26 November in Shanghai; the "browser" is in New York, where it is still the 25th.
const NOW = new Date('2026-11-26T02:30:00Z');
const SH = 'Asia/Shanghai';

describe('history periods', () => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it("computes the spec's presets on the user's wall clock", () => {
    const now = userNow(SH, NOW);
    expect(presetPeriod('today', now)).toEqual({ start: '2026-11-26 00:00:00', end: '2026-11-26 10:30:00' });
    expect(presetPeriod('yesterday', now)).toEqual({ start: '2026-11-25 00:00:00', end: '2026-11-25 23:59:59' });
    expect(presetPeriod('dayBefore', now)).toEqual({ start: '2026-11-24 00:00:00', end: '2026-11-24 23:59:59' });
    expect(presetPeriod('days3', now).start).toBe('2026-11-24 00:00:00');
    expect(presetPeriod('week', now).start).toBe('2026-11-20 00:00:00');
    expect(presetPeriod('month', now).start).toBe('2026-10-28 00:00:00');
  });

  it('refuses what the server refuses: over 30 days, 7 days back without VIP, 90 with', () => {
    const now = userNow(SH, NOW);
    for (const p of PRESETS) {
      const problem = checkPeriod(presetPeriod(p.key, now), true, SH, NOW);
      if (p.days > 30) expect(problem, p.key).toEqual({ key: 'tooLong', days: 30 });
      else expect(problem, p.key).toBeNull();
    }
    const week = presetPeriod('week', now);
    expect(checkPeriod(week, false, SH, NOW)).toBeNull();
    // 8 days back: only with VIP.
    const eight = { start: '2026-11-18 10:00:00', end: '2026-11-19 10:00:00' };
    expect(checkPeriod(eight, false, SH, NOW)).toEqual({ key: 'vipOnly', days: 7 });
    expect(checkPeriod(eight, true, SH, NOW)).toBeNull();
    const old = { start: '2026-08-01 00:00:00', end: '2026-08-02 00:00:00' };
    expect(checkPeriod(old, true, SH, NOW)).toEqual({ key: 'tooOld', days: 90 });
    expect(checkPeriod({ start: week.end, end: week.start }, true, SH, NOW)).toEqual({ key: 'order' });
    expect(checkPeriod({ start: '', end: week.end }, true, SH, NOW)).toEqual({ key: 'invalid' });
  });

  it('reads VIP as running until the end of its expiry day', () => {
    expect(vipRuns('2026-11-26', NOW)).toBe(true);
    expect(vipRuns('2026-11-25 23:59:59', NOW)).toBe(false);
    expect(vipRuns(null, NOW)).toBe(false);
  });
});
