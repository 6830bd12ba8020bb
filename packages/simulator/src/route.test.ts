import { describe, expect, it } from 'vitest';
import { distanceM } from './cities.ts';
import { deviceIds } from './ids.ts';
import { deviceSeed, seededRandom } from './random.ts';
import { type SimFix, Vehicle } from './route.ts';

function drive(seed: number, steps: number): SimFix[] {
  const v = new Vehicle(seededRandom(deviceSeed(seed, 0)), new Date('2024-01-01T00:00:00Z'));
  return Array.from({ length: steps }, () => v.advance(10));
}

describe('vehicle routes', () => {
  it('are deterministic for a seed and differ between seeds', () => {
    expect(drive(7, 50)).toEqual(drive(7, 50));
    expect(drive(8, 50)).not.toEqual(drive(7, 50));
  });

  it('drive at 0-110 km/h with plausible steps, stop with the ignition off, and keep a monotonic clock', () => {
    const fixes = drive(3, 2000); // about 5.5 simulated hours
    for (const [i, f] of fixes.entries()) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(0);
      expect(f.speedKmh).toBeLessThanOrEqual(110);
      const prev = fixes[i - 1];
      if (!prev) continue;
      expect(f.time.getTime() - prev.time.getTime()).toBe(10_000);
      expect(distanceM(prev.lat, prev.lon, f.lat, f.lon)).toBeLessThan(10 * (110 / 3.6) + 1);
    }
    expect(fixes.some((f) => f.speedKmh > 50)).toBe(true);
    expect(fixes.some((f) => f.speedKmh === 0 && !f.acc)).toBe(true);
    expect(fixes.at(-1)?.odometerM).toBeGreaterThan(10_000);
  });
});

describe('deviceIds', () => {
  it('follows the mix, is stable, and gives valid ids per protocol', () => {
    const ids = deviceIds(10, { gt06: 1, jt808: 1 });
    expect(ids.filter((d) => d.protocol === 'gt06')).toHaveLength(5);
    expect(deviceIds(10, { gt06: 1, jt808: 1 })).toEqual(ids);
    expect(ids.find((d) => d.protocol === 'gt06')?.deviceId).toMatch(/^\d{15}$/);
    expect(ids.find((d) => d.protocol === 'jt808')?.deviceId).toMatch(/^139\d{8}$/);
    expect(new Set(deviceIds(100).map((d) => d.deviceId)).size).toBe(100);
  });
});
