import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultMonth } from '../features/reconciliation/components/MonthPicker.tsx';
import { userNow, wallClockIn } from './user-time.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';
// 23:30 on 31 May in New York is already 1 June, 11:30, in Shanghai.
const instant = new Date('2024-06-01T03:30:00Z');

describe('user time', () => {
  // The "browser" is in New York, the user in Shanghai (Node reads TZ again when it changes).
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  it('runs in a browser zone other than the user', () => {
    expect(new Date(instant).getDate()).toBe(31);
  });

  it("reads the user's wall clock, not the browser's", () => {
    expect(wallClockIn(instant, 'Asia/Shanghai')).toBe('2024-06-01 11:30:00');
    expect(wallClockIn(instant, 'UTC')).toBe('2024-06-01 03:30:00');
    expect(wallClockIn(new Date('2024-06-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2024-06-02 00:00:00');
    // Without a zone (or an unknown one) the browser's.
    expect(wallClockIn(instant)).toBe('2024-05-31 23:30:00');
    expect(wallClockIn(instant, 'Mars/Olympus')).toBe('2024-05-31 23:30:00');
  });

  it("builds today, last week and this month on the user's calendar", () => {
    const now = userNow('Asia/Shanghai', instant);
    expect(now.format(FMT)).toBe('2024-06-01 11:30:00');
    expect(now.endOf('day').format(FMT)).toBe('2024-06-01 23:59:59');
    expect(now.subtract(6, 'day').startOf('day').format(FMT)).toBe('2024-05-26 00:00:00');
    expect(now.startOf('month').format(FMT)).toBe('2024-06-01 00:00:00');
    expect(now.endOf('month').format(FMT)).toBe('2024-06-30 23:59:59');
    // The browser's own calendar would have said May.
    expect(userNow(undefined, instant).startOf('month').format(FMT)).toBe('2024-05-01 00:00:00');
  });

  it("opens the reconciliation pages on the month before the user's", () => {
    vi.useFakeTimers({ now: instant, toFake: ['Date'] });
    try {
      expect(defaultMonth('Asia/Shanghai')).toBe('2024-05');
      expect(defaultMonth('America/New_York')).toBe('2024-04');
    } finally {
      vi.useRealTimers();
    }
  });
});
