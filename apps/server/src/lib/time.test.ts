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
