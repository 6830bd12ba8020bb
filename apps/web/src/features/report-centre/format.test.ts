import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDuration, periodRange } from './format.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';
const now = dayjs('2026-03-31 15:20:00');
const range = (p: Parameters<typeof periodRange>[0]) => periodRange(p, now).map((d) => d.format(FMT));

describe('report periods (spec section 9) from the user’s wall clock', () => {
  it('every period ends at today’s end but yesterday and the day before, which are whole days', () => {
    expect(range('today')).toEqual(['2026-03-31 00:00:00', '2026-03-31 23:59:59']);
    expect(range('yesterday')).toEqual(['2026-03-30 00:00:00', '2026-03-30 23:59:59']);
    expect(range('dayBefore')).toEqual(['2026-03-29 00:00:00', '2026-03-29 23:59:59']);
    expect(range('days3')).toEqual(['2026-03-29 00:00:00', '2026-03-31 23:59:59']);
    expect(range('week')).toEqual(['2026-03-25 00:00:00', '2026-03-31 23:59:59']);
    expect(range('weeks3')).toEqual(['2026-03-11 00:00:00', '2026-03-31 23:59:59']);
  });

  it('months go back by calendar months (a short month clamps) and stay within the server’s 93 days', () => {
    expect(range('month')).toEqual(['2026-02-28 00:00:00', '2026-03-31 23:59:59']);
    const [from, to] = periodRange('months3', now);
    expect(from.format(FMT)).toBe('2025-12-31 00:00:00');
    expect(to.diff(from, 'day', true)).toBeLessThanOrEqual(93);
  });

  it('durations read as h:mm:ss, hours past a day included', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3661)).toBe('1:01:01');
    expect(formatDuration(130 * 3600 + 5 * 60)).toBe('130:05:00');
  });
});
