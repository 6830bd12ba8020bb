import type { CompactTrack } from '@lodestar/contract/history';
import { describe, expect, it } from 'vitest';
import { decodeTrack, GAP_SECONDS, indexAt, positionAt } from './track-arrays.ts';

/** Encodes points the way the server's compact form does (each column delta-encoded). */
function encode(
  points: { t: number; lat: number; lng: number; speed: number; course: number; valid?: boolean; alarms?: string[] }[],
): CompactTrack {
  const delta = (xs: number[]) => xs.map((x, i) => x - (i ? (xs[i - 1] as number) : 0));
  return {
    Count: points.length,
    Time: delta(points.map((p) => p.t)),
    Lat: delta(points.map((p) => Math.round(p.lat * 1e6))),
    Lng: delta(points.map((p) => Math.round(p.lng * 1e6))),
    Speed: delta(points.map((p) => Math.round(p.speed * 10))),
    Course: delta(points.map((p) => p.course)),
    Invalid: points.flatMap((p, i) => (p.valid === false ? [i] : [])),
    Alarms: points.flatMap((p, i) => (p.alarms ? [{ Index: i, Alarms: p.alarms }] : [])),
  };
}

const T0 = 1_764_115_200; // 2025-11-26 00:00:00 UTC
const points = [
  { t: T0, lat: 31.2, lng: 121.4, speed: 0, course: 350 },
  { t: T0 + 10, lat: 31.201, lng: 121.402, speed: 36.5, course: 10, alarms: ['overspeed'] },
  { t: T0 + 20, lat: 31.203, lng: 121.401, speed: 72.1, course: 90, valid: false },
  { t: T0 + 20 + GAP_SECONDS + 1, lat: 31.3, lng: 121.5, speed: 5, course: 180 },
];

describe('decodeTrack', () => {
  it('undoes the delta encoding and scales every column', () => {
    const t = decodeTrack('D1', encode(points));
    expect(t.deviceId).toBe('D1');
    expect(t.n).toBe(4);
    expect([...t.time]).toEqual(points.map((p) => p.t));
    points.forEach((p, i) => {
      expect(t.lat[i]).toBeCloseTo(p.lat, 6);
      expect(t.lng[i]).toBeCloseTo(p.lng, 6);
      expect(t.speed[i]).toBeCloseTo(p.speed, 4);
      expect(t.course[i]).toBe(p.course);
    });
    expect([...t.invalid]).toEqual([0, 0, 1, 0]);
    expect(t.alarms.get(1)).toEqual(['overspeed']);
    expect(t.alarms.size).toBe(1);
  });

  it('ignores out-of-range invalid and alarm indexes', () => {
    const c = encode(points);
    c.Invalid.push(99, -1);
    c.Alarms.push({ Index: 7, Alarms: ['x'] });
    const t = decodeTrack('D1', c);
    expect(t.invalid.reduce((a, b) => a + b, 0)).toBe(1);
    expect(t.alarms.has(7)).toBe(false);
  });

  it('decodes an empty track', () => {
    const t = decodeTrack('D1', encode([]));
    expect(t.n).toBe(0);
    expect(indexAt(t, T0)).toBe(-1);
    expect(positionAt(t, T0)).toBeNull();
  });
});

describe('indexAt', () => {
  const t = decodeTrack('D1', encode(points));
  it('finds the last point at or before a time', () => {
    expect(indexAt(t, T0 - 1)).toBe(-1);
    expect(indexAt(t, T0)).toBe(0);
    expect(indexAt(t, T0 + 9.99)).toBe(0);
    expect(indexAt(t, T0 + 10)).toBe(1);
    expect(indexAt(t, T0 + 1000)).toBe(2);
    expect(indexAt(t, T0 + 1e9)).toBe(3);
  });
  it('agrees with a linear scan on a long track with repeated times', () => {
    const times = Array.from({ length: 1000 }, (_, i) => T0 + Math.floor(i / 3) * 7);
    const long = decodeTrack('D2', encode(times.map((x) => ({ t: x, lat: 0, lng: 0, speed: 0, course: 0 }))));
    for (let q = T0 - 5; q < T0 + 2400; q += 3) {
      let expected = -1;
      for (let i = 0; i < times.length; i++) if ((times[i] as number) <= q) expected = i;
      expect(indexAt(long, q)).toBe(expected);
    }
  });
});

describe('positionAt', () => {
  const t = decodeTrack('D1', encode(points));
  it('interpolates position and speed between two points', () => {
    const p = positionAt(t, T0 + 5);
    expect(p?.index).toBe(0);
    expect(p?.lat).toBeCloseTo(31.2005, 6);
    expect(p?.lng).toBeCloseTo(121.401, 6);
    expect(p?.speed).toBeCloseTo(18.25, 3);
  });
  it('turns the course the short way round north', () => {
    // 350° → 10°: halfway is 0°, not 180°.
    expect(positionAt(t, T0 + 5)?.course).toBeCloseTo(0, 6);
    expect(positionAt(t, T0 + 2.5)?.course).toBeCloseTo(355, 6);
  });
  it('holds at the first point before the track and the last after it', () => {
    expect(positionAt(t, T0 - 100)).toMatchObject({ index: 0, lat: t.lat[0] });
    expect(positionAt(t, T0 + 1e9)).toMatchObject({ index: 3, lat: t.lat[3] });
  });
  it('waits at the point before a gap instead of sliding across it', () => {
    const p = positionAt(t, T0 + 20 + GAP_SECONDS / 2);
    expect(p).toMatchObject({ index: 2, lat: t.lat[2], lng: t.lng[2] });
  });
});
