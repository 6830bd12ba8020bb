import { describe, expect, it } from 'vitest';
import { fromDisplay, insideChina, type LngLat, toDisplay } from './coords.ts';
// 35 of the 664 Chinese cities of gcoord's own test fixture (test/fixtures/china-cities.json, MIT,
// © Jiulong Hu; the file names its source, licence and which cities were taken): each city in WGS-84,
// GCJ-02 and BD-09 as gcoord publishes it, 7 decimals.
import reference from './gcoord-china-cities.json';

const CITIES = reference.cities as { province: string; city: string; WGS84: LngLat; GCJ02: LngLat; BD09: LngLat }[];

// Forward (display) tolerance, 1e-5° ≈ 1.1 m: the fixture's values are not gcoord's own output but a
// reference gcoord is tested against (its own tests accept 5e-5° for WGS-84 → GCJ-02 and → BD-09).
// Our conversion, which is gcoord's, lands within 7.4e-6° of every one of the 664 cities, in both
// directions; 1e-5° is less than a pixel at zoom 17.
const FORWARD = 1e-5;
// Round trip (display, then the click back) against the WGS-84 we started from, 2e-6° ≈ 0.2 m:
// gcoord inverts GCJ-02 by iterating until the forward residual is within 1e-6° on each axis, and its
// BD-09 → GCJ-02 formula is a closed-form approximation that adds up to ~0.7e-6° (measured over the 664
// cities: 0.92e-6° for GCJ-02, 1.58e-6° for BD-09).
const ROUND_TRIP = 2e-6;

const PARIS: LngLat = [2.3522, 48.8566];
const SAN_FRANCISCO: LngLat = [-122.4194, 37.7749];

/** The larger of the longitude and latitude differences, in degrees. */
const off = (a: LngLat, b: LngLat) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

describe('coordinate conversion against gcoord’s published city fixtures', () => {
  it('has cities from every province and the corners of the country', () => {
    expect(new Set(CITIES.map((c) => c.province)).size).toBe(31);
    expect(Math.min(...CITIES.map((c) => c.WGS84[0]))).toBeLessThan(76); // Kashgar
    expect(Math.min(...CITIES.map((c) => c.WGS84[1]))).toBeLessThan(17); // Sansha
    expect(Math.max(...CITIES.map((c) => c.WGS84[1]))).toBeGreaterThan(52); // Greater Khingan
  });

  it.each(CITIES)('$city ($province): all inside China', (c) => {
    expect(insideChina(c.WGS84)).toBe(true);
  });

  it.each(CITIES)('$city: shown on GCJ-02 maps (Amap, Tencent) and on BD-09 maps (Baidu) where published', (c) => {
    expect(off(toDisplay(c.WGS84, 'GCJ02'), c.GCJ02)).toBeLessThan(FORWARD);
    expect(off(toDisplay(c.WGS84, 'BD09'), c.BD09)).toBeLessThan(FORWARD);
    expect(toDisplay(c.WGS84, 'WGS84')).toEqual(c.WGS84);
  });

  it.each(CITIES)('$city: a click on its published GCJ-02 and BD-09 points comes back to its WGS-84', (c) => {
    expect(off(fromDisplay(c.GCJ02, 'GCJ02'), c.WGS84)).toBeLessThan(FORWARD);
    expect(off(fromDisplay(c.BD09, 'BD09'), c.WGS84)).toBeLessThan(FORWARD);
    expect(fromDisplay(c.WGS84, 'WGS84')).toEqual(c.WGS84);
  });

  it.each(CITIES)('$city: displayed, then clicked, is back within 2e-6°', (c) => {
    expect(off(fromDisplay(toDisplay(c.WGS84, 'GCJ02'), 'GCJ02'), c.WGS84)).toBeLessThan(ROUND_TRIP);
    expect(off(fromDisplay(toDisplay(c.WGS84, 'BD09'), 'BD09'), c.WGS84)).toBeLessThan(ROUND_TRIP);
  });

  it('tells the map systems apart: every shift is at least 50 times the tolerance', () => {
    // GCJ-02 moves these cities by 8e-4° (Kashgar) to 6e-3°, BD-09 by another 6e-3° or more.
    for (const c of CITIES) {
      expect(off(c.GCJ02, c.WGS84)).toBeGreaterThan(50 * FORWARD);
      expect(off(c.BD09, c.GCJ02)).toBeGreaterThan(50 * FORWARD);
    }
  });
});

describe('coordinate conversion outside China', () => {
  // gcoord's WGS-84 → GCJ-02 leaves points outside China alone, but its BD-09 conversion would shift
  // them too (STACK-NOTES): we convert to BD-09 only inside China, and never convert a click back there.
  it.each([
    ['Paris', PARIS],
    ['San Francisco', SAN_FRANCISCO],
  ] as const)('leaves %s unchanged on every map and on the way back', (_name, p) => {
    expect(insideChina(p)).toBe(false);
    for (const crs of ['WGS84', 'GCJ02', 'BD09'] as const) {
      expect(toDisplay(p, crs)).toEqual(p);
      expect(fromDisplay(p, crs)).toEqual(p);
    }
  });
});
