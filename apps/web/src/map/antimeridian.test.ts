import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { unwrapRing } from './antimeridian.ts';

describe('unwrapRing', () => {
  it('leaves an ordinary ring alone', () => {
    const ring: Position[] = [
      [2, 48],
      [3, 48],
      [3, 49],
      [2, 48],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('makes a ring crossing the antimeridian continuous (Fiji, Russia)', () => {
    const ring: Position[] = [
      [178, -17],
      [180, -16],
      [-179, -16],
      [-179, -17],
      [180, -17.5],
      [178, -17],
    ];
    expect(unwrapRing(ring).map((p) => p[0])).toEqual([178, 180, 181, 181, 180, 178]);
  });

  it('closes a ring that circles the south pole along the pole (Antarctica)', () => {
    const ring: Position[] = [
      [-180, -84],
      [-90, -70],
      [0, -70],
      [90, -66],
      [180, -84],
    ];
    const out = unwrapRing(ring);
    expect(out.slice(-3)).toEqual([
      [180, -90],
      [-180, -90],
      [-180, -84],
    ]);
  });
});
