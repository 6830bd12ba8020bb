import { describe, expect, it } from 'vitest';
import en from '../../locales/en/history.json';
import zh from '../../locales/zh/history.json';
import { formatDistance, formatDuration, formatSpeed } from './format.ts';

/** A t() over one locale file, interpolating {{name}} as i18next does. */
const tOf =
  (file: Record<string, unknown>) =>
  (key: string, o: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], file);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(o[name]));
  };

describe('history figures', () => {
  const t = tOf(en);

  it('writes durations from seconds up to days', () => {
    expect(formatDuration(t, 40)).toBe('40 s');
    expect(formatDuration(t, 15 * 60)).toBe('15 min');
    expect(formatDuration(t, 2 * 3600 + 5 * 60 + 59)).toBe('2 h 05 min');
    expect(formatDuration(t, 3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
    expect(formatDuration(t, -5)).toBe('0 s');
    expect(formatDuration(tOf(zh), 15 * 60)).toBe('15分钟');
  });

  it('writes kilometres past one, metres below, speeds to a tenth', () => {
    expect(formatDistance(t, 22_143)).toBe('22.14 km');
    expect(formatDistance(t, 999.4)).toBe('999 m');
    expect(formatDistance(t, 999.6)).toBe('1.00 km');
    expect(formatDistance(t, 1000)).toBe('1.00 km');
    expect(formatSpeed(t, 49.94)).toBe('49.9 km/h');
  });
});
