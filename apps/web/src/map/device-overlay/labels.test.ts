import { describe, expect, it } from 'vitest';
import { LabelSpace } from './labels.ts';

describe('label placement', () => {
  it('refuses a label that overlaps one already placed, across cells', () => {
    const space = new LabelSpace(64);
    expect(space.place({ x0: 50, y0: 50, x1: 130, y1: 63 })).toBe(true);
    expect(space.place({ x0: 120, y0: 60, x1: 200, y1: 73 })).toBe(false);
    expect(space.place({ x0: 130, y0: 50, x1: 200, y1: 63 })).toBe(true);
    expect(space.place({ x0: -40, y0: -20, x1: 10, y1: -7 })).toBe(true);
    expect(space.place({ x0: 0, y0: -10, x1: 20, y1: 3 })).toBe(false);
  });
});
