import type { LivePosition } from '@lodestar/contract/live';
import type { MonitorRow } from '@lodestar/contract/monitor';

/** A listed device in Shanghai for unit tests: offline, never reported, unless `over` says otherwise. */
export const monitorRow = (id: string, over: Partial<MonitorRow> = {}): MonitorRow => ({
  DeviceID: id,
  DeviceName: `car ${id}`,
  Protocol: 'gt06',
  SIM: '',
  Model: '',
  TrackerType: 'wired',
  TimeZone: 'Asia/Shanghai',
  Remark: '',
  HoldID: 1,
  HoldName: 'demo',
  VipExpiry: null,
  Lat: 31,
  Lng: 121,
  Speed: 0,
  Course: 0,
  GpsTime: null,
  ReceiveTime: null,
  ActivateTime: null,
  Online: false,
  Acc: false,
  Mileage: 1,
  Battery: null,
  Alarms: [],
  Status: 'offline',
  State: 'offline',
  ...over,
});

/** A live-feed position of a moving device; its time in the user's zone, as the server sends it. */
export const livePosition = (id: string, lng: number, lat: number, over: Partial<LivePosition> = {}): LivePosition => ({
  DeviceID: id,
  Lat: lat,
  Lng: lng,
  Speed: 42,
  Course: 90,
  GpsTime: '2026-01-02 03:04:05',
  Acc: true,
  Alarms: [],
  Status: 'moving',
  Mileage: 2.5,
  Events: [],
  ...over,
});
