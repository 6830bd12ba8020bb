import { describe, expect, it } from 'vitest';
import { formatInZone } from './time.ts';

describe('formatInZone', () => {
  const instant = new Date('2024-06-01T03:30:05Z');

  it("writes an instant as the zone's wall clock", () => {
    expect(formatInZone(instant, 'Asia/Shanghai')).toBe('2024-06-01 11:30:05');
    expect(formatInZone(instant, 'America/New_York')).toBe('2024-05-31 23:30:05');
    expect(formatInZone(instant, 'Asia/Kathmandu')).toBe('2024-06-01 09:15:05');
  });

  it('writes midnight as 00 and follows a daylight-saving change', () => {
    expect(formatInZone(new Date('2024-06-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2024-06-02 00:00:00');
    expect(formatInZone(new Date('2026-03-29T00:59:59Z'), 'Europe/Paris')).toBe('2026-03-29 01:59:59');
    expect(formatInZone(new Date('2026-03-29T01:00:00Z'), 'Europe/Paris')).toBe('2026-03-29 03:00:00');
  });

  it("uses the runtime's zone without one (the tests run in UTC)", () => {
    expect(process.env.TZ).toBe('UTC');
    expect(formatInZone(instant)).toBe('2024-06-01 03:30:05');
  });

  it('throws a RangeError for an unknown zone or an invalid date', () => {
    expect(() => formatInZone(instant, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => formatInZone(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });
});
