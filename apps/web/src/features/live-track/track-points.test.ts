import type { LivePosition } from '@lodestar/contract/live';
import { describe, expect, it } from 'vitest';
import { fromLive, mergePoints, type TrailPoint } from './track-points.ts';

const at = (second: number, lng = 121 + second / 1000): TrailPoint => ({
  lng,
  lat: 31,
  speed: second,
  course: 90,
  time: `2026-11-26 10:00:${String(second).padStart(2, '0')}`,
});

const live = (id: string, p: Partial<LivePosition>): LivePosition => ({
  DeviceID: id,
  Lat: 31,
  Lng: 121,
  Speed: 40,
  Course: 10,
  GpsTime: '2026-11-26 10:00:00',
  Acc: true,
  Alarms: [],
  Status: 'moving',
  Mileage: 0,
  Events: [],
  ...p,
});

describe('mergePoints', () => {
  it('appends newer points and keeps the same array when nothing is new', () => {
    const trail = [at(1), at(2)];
    const next = mergePoints(trail, [at(3), at(4)]).points;
    expect(next.map((p) => p.time.slice(-2))).toEqual(['01', '02', '03', '04']);
    expect(mergePoints(next, [at(2), at(4)]).points).toBe(next);
    expect(mergePoints(next, []).points).toBe(next);
  });

  it('puts a preload that arrives after live points before them, each fix once', () => {
    const liveFirst = mergePoints([], [at(20), at(30)]).points;
    const seeded = mergePoints(liveFirst, [at(5), at(10), at(20)]).points;
    expect(seeded.map((p) => p.time.slice(-2))).toEqual(['05', '10', '20', '30']);
  });

  it('drops the oldest past the cap and says so', () => {
    const { points, trimmed } = mergePoints([at(1), at(2), at(3)], [at(4), at(5)], 4);
    expect(points.map((p) => p.time.slice(-2))).toEqual(['02', '03', '04', '05']);
    expect(trimmed).toBe(true);
    expect(mergePoints([at(1)], [at(2)], 4).trimmed).toBe(false);
  });
});

describe('fromLive', () => {
  it("keeps the device's updates that carry a fix", () => {
    const batch = [
      live('A', { GpsTime: '2026-11-26 10:00:01', Lng: 121.5 }),
      live('B', { GpsTime: '2026-11-26 10:00:02' }),
      live('A', { Lat: null, Lng: null, GpsTime: null }),
      live('A', { GpsTime: '2026-11-26 10:00:03', Speed: null }),
    ];
    expect(fromLive('A', batch)).toEqual([
      { lng: 121.5, lat: 31, speed: 40, course: 10, time: '2026-11-26 10:00:01' },
      { lng: 121, lat: 31, speed: 0, course: 10, time: '2026-11-26 10:00:03' },
    ]);
  });
});
