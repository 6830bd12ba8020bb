import { describe, expect, it } from 'vitest';
import { accIntervals, type EngineTimeline, hasAcc, idleIntervals } from './engine-timeline.ts';

const MIN = 60_000;
const FROM = Date.parse('2026-11-20T00:00:00Z');
const m = (minutes: number) => FROM + minutes * MIN;

/**
 * A morning by hand: ACC already on when the period begins (a fix the evening before said so), off at 00:30; on at
 * 08:00, the vehicle still until 08:12, driving to 09:00, still again with the engine running until 09:20, off at
 * 09:20; on at 17:00 and still on at the latest fix, 17:04.
 */
const morning: EngineTimeline = {
  before: true,
  acc: [
    { t: m(10), on: true },
    { t: m(30), on: false },
    { t: m(480), on: true },
    { t: m(560), on: false },
    { t: m(1020), on: true },
  ],
  moving: [
    { t: m(10), moving: false },
    { t: m(492), moving: true },
    { t: m(540), moving: false },
  ],
  last: m(1024),
};

describe('the engine from the ACC its fixes report', () => {
  it('pairs each switch-on with the next switch-off, open ends at the period’s start and the latest fix', () => {
    expect(accIntervals(morning, FROM)).toEqual([
      { on: null, off: m(30), start: FROM, end: m(30) },
      { on: m(480), off: m(560), start: m(480), end: m(560) },
      { on: m(1020), off: null, start: m(1020), end: m(1024) },
    ]);
  });

  it('idles where ACC is on and the vehicle still, at least the threshold', () => {
    // 00:10–00:30 (20 min; before 00:10 it is not known whether it moved), 08:00–08:12 (12), 09:00–09:20 (20),
    // 17:00–17:04 (4: under five minutes).
    expect(idleIntervals(morning, FROM, 5 * MIN)).toEqual([
      { start: m(10), end: m(30) },
      { start: m(480), end: m(492) },
      { start: m(540), end: m(560) },
    ]);
    expect(idleIntervals(morning, FROM, 15 * MIN).map((i) => (i.end - i.start) / MIN)).toEqual([20, 20]);
  });

  it('has no data without an ACC state, rather than guessing from movement', () => {
    const moving: EngineTimeline = { before: null, acc: [], moving: [{ t: m(1), moving: true }], last: m(9) };
    expect(hasAcc(moving)).toBe(false);
    expect(hasAcc({ ...moving, before: false })).toBe(true);
    expect(accIntervals({ ...moving, before: false }, FROM)).toEqual([]);
  });
});
