import { describe, expect, it } from 'vitest';
import { DeviceDays } from './device-days.ts';

describe('DeviceDays', () => {
  it('names the calendar day of an instant in its zone, across offsets of a quarter hour', () => {
    const shanghai = new DeviceDays('Asia/Shanghai');
    expect(shanghai.dayOf(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(shanghai.dayOf(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    const kathmandu = new DeviceDays('Asia/Kathmandu'); // UTC+5:45
    expect(kathmandu.dayOf(new Date('2026-03-01T18:14:59Z'))).toBe('2026-03-01');
    expect(kathmandu.dayOf(new Date('2026-03-01T18:15:00Z'))).toBe('2026-03-02');
    // New York changes to summer time on 2026-03-08 at 07:00 UTC: midnight is 05:00 UTC before, 04:00 after.
    const ny = new DeviceDays('America/New_York');
    expect(ny.dayOf(new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(ny.dayOf(new Date('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(ny.dayOf(new Date('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
  });

  it('refuses an unknown zone at once', () => {
    expect(() => new DeviceDays('Mars/Olympus')).toThrow(RangeError);
  });

  it('asks for a device’s day once, and again only once it was committed for an earlier day', () => {
    const days = new DeviceDays('Asia/Shanghai');
    const at = new Date('2026-03-01T02:00:00Z');
    const next = new Date('2026-03-01T17:00:00Z');
    const batch = (...reports: [number, Date][]) => {
      const b = days.batch();
      for (const [pk, when] of reports) b.note(pk, when);
      return b.rows;
    };
    const rows = batch([1, at], [1, at], [2, at]);
    expect(rows).toEqual([
      { day: '2026-03-01', devicePk: 1 },
      { day: '2026-03-01', devicePk: 2 },
    ]);
    // Not committed (the flush failed): the next batch asks again.
    expect(batch([1, at], [2, at])).toHaveLength(2);
    days.committed(rows);
    expect(batch([1, at], [2, at])).toEqual([]);
    expect(batch([1, next])).toEqual([{ day: '2026-03-02', devicePk: 1 }]);
    days.committed([{ day: '2026-03-02', devicePk: 1 }]);
    // A late report of the day before is written, and does not make the next report of today write again.
    const late = batch([1, at]);
    expect(late).toEqual([{ day: '2026-03-01', devicePk: 1 }]);
    days.committed(late);
    expect(batch([1, next])).toEqual([]);
  });
});
