import { describe, expect, it } from 'vitest';
import { niceTicks } from './MonthBarChart.tsx';

describe('niceTicks', () => {
  it('covers the largest value with round steps from zero', () => {
    for (const max of [1, 3, 7, 10, 17, 118, 999, 12_345]) {
      const ticks = niceTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks.every((v, i) => v === i * step)).toBe(true);
      expect(String(step)).toMatch(/^(1|2|5)0*$/);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('draws an empty half year on a 0–1 axis', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});
