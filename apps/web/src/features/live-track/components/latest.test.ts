import type { MonitorRow } from '@lodestar/contract/monitor';
import { describe, expect, it } from 'vitest';
import { latestOf } from './latest.ts';

const row = (p: Partial<MonitorRow>) =>
  ({
    DeviceID: 'A',
    Lat: 30,
    Lng: 120,
    Speed: 0,
    Course: 5,
    GpsTime: '2026-11-26 08:00:00',
    Status: 'offline',
    ...p,
  }) as MonitorRow;
const point = { lng: 121, lat: 31, speed: 42, course: 90, time: '2026-11-26 10:00:00' };

describe('latestOf', () => {
  it("takes the trail's newest point, with the row's status", () => {
    expect(latestOf(row({ Status: 'moving' }), point)).toMatchObject({ lng: 121, speed: 42, status: 'moving' });
  });
  it("falls back on the row's last known position when the trail is empty or older", () => {
    expect(latestOf(row({}), undefined)).toMatchObject({ lng: 120, time: '2026-11-26 08:00:00', status: 'offline' });
    expect(latestOf(row({ GpsTime: '2026-11-26 11:00:00' }), point)).toMatchObject({ lng: 120 });
  });
  it('is null for a device that never had a fix', () => {
    expect(latestOf(row({ Lat: null, Lng: null, GpsTime: null }), undefined)).toBeNull();
    expect(latestOf(null, undefined)).toBeNull();
  });
});
