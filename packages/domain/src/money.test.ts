import { describe, expect, it } from 'vitest';
import { formatFen, parseYuanToFen } from './money.ts';

describe('parseYuanToFen', () => {
  it('converts yuan text to integer fen without float drift', () => {
    expect(parseYuanToFen('24.5')).toBe(2450);
    expect(parseYuanToFen('0.29')).toBe(29);
    expect(parseYuanToFen('1.1')).toBe(110);
    expect(parseYuanToFen('19.99')).toBe(1999);
    expect(parseYuanToFen('100')).toBe(10000);
    expect(parseYuanToFen('7.')).toBe(700);
    expect(parseYuanToFen(' 0 ')).toBe(0);
    expect(parseYuanToFen('9999999.99')).toBe(999_999_999);
  });

  it('agrees with exact decimal arithmetic on every cent of a range', () => {
    for (let fen = 0; fen <= 100_000; fen += 7) {
      const text = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
      expect(parseYuanToFen(text)).toBe(fen);
    }
  });

  it('refuses what is not a price', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1,5', '.5', '1e3', '12345678'])
      expect(parseYuanToFen(bad)).toBeNull();
  });
});

describe('formatFen', () => {
  it('shows yuan with two decimals', () => {
    expect(formatFen(2450)).toBe('24.50');
    expect(formatFen(29)).toBe('0.29');
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(100_005)).toBe('1000.05');
  });

  it('round-trips with parseYuanToFen', () => {
    for (const fen of [0, 1, 9, 10, 99, 100, 2450, 1999, 123_456]) expect(parseYuanToFen(formatFen(fen))).toBe(fen);
  });
});
