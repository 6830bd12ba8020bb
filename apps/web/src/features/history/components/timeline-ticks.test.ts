import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../events/api/get-event-list.ts';
import { ticksOf } from './TimelineEvents.tsx';

const DAY = 86_400;
const ev = (key: number, deviceId: string, time: number, type: string): TimelineEvent => ({
  key,
  deviceId,
  time,
  text: String(time),
  type,
  alarm: type === 'sos',
  zoneName: null,
});

describe('timeline event ticks', () => {
  it('joins events too close to tell apart on one row into one tick, in time order, and keeps rows apart', () => {
    const events = [
      ev(2, 'A', 1000 + 60, 'fenceLeave'), // a minute after the entry: 0.07 % of a day
      ev(1, 'A', 1000, 'fenceEnter'),
      ev(3, 'B', 1000 + 30, 'sos'), // another row: its own tick
      ev(4, 'A', 1000 + 3600, 'fenceEnter'), // an hour later: 4 % of a day
      ev(5, 'C', 1000, 'sos'), // a device not shown: no tick
    ];
    const ticks = ticksOf(events, ['A', 'B'], 0, DAY);
    expect(ticks.map((t) => [t.row, t.events.map((e) => e.key)])).toEqual([
      [0, [1, 2]],
      [1, [3]],
      [0, [4]],
    ]);
    expect(ticks[0]!.at).toBeCloseTo(1000 / DAY);
  });

  it('keeps events apart when the period is short enough to show the gap', () => {
    const ticks = ticksOf([ev(1, 'A', 1000, 'fenceEnter'), ev(2, 'A', 1060, 'fenceLeave')], ['A'], 0, 3600);
    expect(ticks).toHaveLength(2);
  });

  it('leaves out events outside the period', () => {
    expect(ticksOf([ev(1, 'A', DAY + 5, 'sos')], ['A'], 0, DAY)).toEqual([]);
  });
});
