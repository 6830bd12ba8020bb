import { describe, expect, it } from 'vitest';
import { formatInZone, parseInZone, zoneFormatter } from './time.ts';

const MINUTE = 60_000;

/** Zones with whole-hour, half-hour and 45-minute offsets, half-hour DST (Lord Howe) and southern DST. */
const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'America/St_Johns',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
];

describe('zoneFormatter', () => {
  it('formats exactly as formatInZone around every 2026 transition, every four minutes', () => {
    // Each zone's 2026 transitions fall in these windows (northern spring/autumn, southern autumn/spring).
    const windows = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const zone of ZONES) {
      const format = zoneFormatter(zone);
      for (const day of windows) {
        const start = Date.parse(`${day}T00:00:00Z`) - 24 * 60 * MINUTE;
        for (let t = start; t < start + 48 * 60 * MINUTE; t += 4 * MINUTE + 1_001) {
          const d = new Date(t);
          expect(format(d), `${zone} ${d.toISOString()}`).toBe(formatInZone(d, zone));
        }
      }
    }
  });

  it('matches formatInZone over a century of random instants, old local mean times included', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.parse('1900-01-01T00:00:00Z');
    const to = Date.parse('2040-01-01T00:00:00Z');
    for (const zone of ZONES) {
      const format = zoneFormatter(zone);
      for (let i = 0; i < 1_000; i++) {
        const d = new Date(from + Math.floor(random() * (to - from)));
        expect(format(d), `${zone} ${d.toISOString()}`).toBe(formatInZone(d, zone));
      }
    }
  });

  it('reads back through parseInZone and leaves an invalid date to formatInZone', () => {
    const format = zoneFormatter('Asia/Shanghai');
    const d = new Date('2026-11-22T16:05:09Z');
    expect(format(d)).toBe('2026-11-23 00:05:09');
    expect(parseInZone(format(d), 'Asia/Shanghai')).toEqual(d);
    expect(() => format(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('parseInZone', () => {
  it('refuses texts that name no time instead of rolling them over', () => {
    for (const text of [
      '2026-13-01 00:00:00',
      '2026-00-10 00:00:00',
      '2026-02-29 00:00:00',
      '2026-04-31 08:00:00',
      '2026-05-01 24:00:00',
      '2026-05-01 12:60:00',
      '2026-05-01 12:00:60',
      '2026-5-01 12:00:00',
    ]) {
      expect(parseInZone(text, 'Asia/Shanghai'), text).toBeUndefined();
    }
  });

  it('reads a leap day, the last second of a year and the T separator', () => {
    expect(parseInZone('2028-02-29 00:00:00', 'UTC')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(parseInZone('2026-12-31 23:59:59', 'Asia/Shanghai')?.toISOString()).toBe('2026-12-31T15:59:59.000Z');
    expect(parseInZone('2026-07-01T10:00:00', 'Europe/Paris')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });
});
