import type { LivePosition } from '@lodestar/contract/live';
import { beforeEach, describe, expect, it } from 'vitest';
import { noticesOf, useAlarmStore } from './alarm-store.ts';

const row = (id: string, events: LivePosition['Events']): LivePosition => ({
  DeviceID: id,
  Lat: 31.2,
  Lng: 121.4,
  Speed: 40,
  Course: 90,
  GpsTime: '2026-11-26 10:00:00',
  Acc: true,
  Alarms: [],
  Status: 'moving',
  Mileage: 1,
  Events: events,
});

const enter = {
  type: 'zone' as const,
  alarm: 'fenceEnter',
  FenceID: 7,
  ZoneName: 'Depot',
  eventTime: '2026-11-26 10:00:00',
};
const sos = { type: 'alarm' as const, alarm: 'sos', eventTime: '2026-11-26 10:00:05' };
const overspeedAlarm = {
  type: 'alarm' as const,
  alarm: 'fenceOverspeed',
  FenceID: 7,
  ZoneName: 'Depot',
  speed: 72.4,
  eventTime: '2026-11-26 10:01:00',
};

describe('live alarms', () => {
  beforeEach(() => useAlarmStore.getState().reset());

  it('tells alarms and zone events, not state changes, with what the toast names', () => {
    const notices = noticesOf([
      row('A', [enter, { type: 'ignitionOn', eventTime: '2026-11-26 10:00:00' }]),
      row('B', [sos, { type: 'online', eventTime: '2026-11-26 10:00:05' }, overspeedAlarm]),
    ]);
    expect(notices.map((n) => [n.deviceId, n.type, n.alarm, n.zoneName, n.speed])).toEqual([
      ['A', 'fenceEnter', false, 'Depot', null],
      ['B', 'sos', true, null, null],
      ['B', 'fenceOverspeed', true, 'Depot', 72.4],
    ]);
  });

  it('counts unread alarms only, queues every new notice once, and keeps the newest first', () => {
    const s = useAlarmStore.getState();
    s.take([row('A', [enter]), row('B', [sos])]);
    s.take([row('B', [sos, overspeedAlarm])]);
    expect(useAlarmStore.getState().unread).toBe(2);
    expect(s.drain().map((n) => n.type)).toEqual(['fenceEnter', 'sos', 'fenceOverspeed']);
    expect(useAlarmStore.getState().drain()).toEqual([]);
    expect(useAlarmStore.getState().recent.map((n) => n.type)).toEqual(['fenceOverspeed', 'sos', 'fenceEnter']);
    s.markRead();
    expect(useAlarmStore.getState().unread).toBe(0);
  });

  it('does nothing for rows without events', () => {
    const before = useAlarmStore.getState();
    before.take([row('A', [])]);
    expect(useAlarmStore.getState()).toBe(before);
  });
});
