import { describe, expect, it } from 'vitest';
import { HISTORY_PATH, historyHref, MAX_DEVICES, PRINT_PATH, parseChoice } from './history-url.ts';

const today = { start: '2026-11-26 00:00:00', end: '2026-11-26 10:30:00' };

describe('the replay in the URL', () => {
  it('round-trips devices and period', () => {
    const choice = {
      devices: ['868600000000016', '7700000006'],
      start: '2026-11-20 08:00:00',
      end: '2026-11-21 18:00:00',
    };
    const href = historyHref(choice);
    expect(href.startsWith(`${HISTORY_PATH}?`)).toBe(true);
    expect(parseChoice(new URL(href, 'http://x').searchParams, today)).toEqual(choice);
    expect(historyHref(choice, PRINT_PATH).startsWith(`${PRINT_PATH}?devices=`)).toBe(true);
  });

  it('falls back to today so far, drops repeats and keeps at most ten devices', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `D${i}`);
    const parsed = parseChoice(new URLSearchParams(`devices=D0,D0, D1,,${ids.join(',')}`), today);
    expect(parsed.devices).toHaveLength(MAX_DEVICES);
    expect(parsed.devices.slice(0, 3)).toEqual(['D0', 'D1', 'D2']);
    expect(parsed).toMatchObject(today);
    expect(parseChoice(new URLSearchParams('start=2026-11-01 00:00:00'), today)).toEqual({ devices: [], ...today });
  });
});
