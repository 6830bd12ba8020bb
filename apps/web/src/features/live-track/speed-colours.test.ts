import { describe, expect, it } from 'vitest';
import { speedClass } from './speed-colours.ts';

describe('speedClass', () => {
  it('classes speeds as spec section 9 says, a bound going to the faster class', () => {
    expect([0, 29.9, 30, 59.9, 60, 79.9, 80, 140].map((v) => speedClass(v).key)).toEqual([
      'slow',
      'slow',
      'medium',
      'medium',
      'fast',
      'fast',
      'fastest',
      'fastest',
    ]);
  });
});
