import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLiveTrackStore } from './live-track-store.ts';

const position = (second: number, id = 'A'): LivePosition => ({
  DeviceID: id,
  Lat: 31 + second / 1000,
  Lng: 121,
  Speed: 50,
  Course: 180,
  GpsTime: `2026-11-26 10:00:${String(second).padStart(2, '0')}`,
  Acc: true,
  Alarms: second === 9 ? ['sos'] : [],
  Status: second === 9 ? 'alarm' : 'moving',
  Mileage: 1,
  Events: [],
});

const store = () => useLiveTrackStore.getState();
const times = () => store().points.map((p) => p.time.slice(-2));

describe('live track store', () => {
  beforeEach(() => {
    store().open(null, undefined);
    store().setHolding(false);
    store().open('A', 'Asia/Shanghai');
  });

  it("grows the trail with the device's own live positions and moves its row", () => {
    store().setRow({
      DeviceID: 'A',
      Lat: 30,
      Lng: 120,
      Status: 'still',
      Alarms: [],
      Online: false,
    } as unknown as MonitorRow);
    store().applyBatch([position(1), position(2, 'B'), position(9)]);
    expect(times()).toEqual(['01', '09']);
    expect(store().row).toMatchObject({ Status: 'alarm', Alarms: ['sos'], Online: true, Lat: 31.009 });
  });

  it('holds the updates while paused and applies them on resume', () => {
    store().addTrack([{ lng: 121, lat: 31, speed: 10, course: 0, time: '2026-11-26 09:59:00' }]);
    store().setHolding(true);
    store().applyBatch([position(1)]);
    store().applyBatch([position(2)]);
    expect(times()).toEqual(['00']);
    store().setHolding(false);
    expect(times()).toEqual(['00', '01', '02']);
    expect(store().held).toEqual([]);
  });

  it('starts again for another device', () => {
    store().applyBatch([position(1)]);
    store().open('B', 'Asia/Shanghai');
    expect(store().points).toEqual([]);
    expect(store().seeded).toBe(false);
    store().applyBatch([position(1), position(2, 'B')]);
    expect(times()).toEqual(['02']);
  });
});
