import { describe, expect, it } from 'vitest';
import { SPEED_CLASSES, speedClass, speedColour } from './speed-colours.ts';

describe('speedClass', () => {
  it('classes speeds as spec section 9 says, with a fourth class for 60–80', () => {
    expect(speedClass(0)).toBe(0);
    expect(speedClass(29.9)).toBe(0);
    expect(speedClass(30)).toBe(1);
    expect(speedClass(59.9)).toBe(1);
    expect(speedClass(60)).toBe(2);
    expect(speedClass(79.9)).toBe(2);
    expect(speedClass(80)).toBe(3);
    expect(speedClass(250)).toBe(3);
  });
  it('counts a missing or negative speed as the slowest class', () => {
    expect(speedClass(Number.NaN)).toBe(0);
    expect(speedClass(-3)).toBe(0);
  });
  it('gives red, blue and green where the spec names them, and four distinct colours', () => {
    expect(speedColour(10)).toBe(SPEED_CLASSES[0].color);
    expect(new Set(SPEED_CLASSES.map((c) => c.color)).size).toBe(4);
  });
});
