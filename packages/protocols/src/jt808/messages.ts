import type { AlarmName } from '../common/types.ts';

/** JT/T 808-2019 message ids (table 3, and vendor ids Traccar handles). */
export enum Jt808MsgId {
  TerminalGeneralReply = 0x0001,
  Heartbeat = 0x0002,
  Logout = 0x0003,
  Register = 0x0100,
  Auth = 0x0102,
  ParametersAnswer = 0x0104,
  TerminalAttributes = 0x0107,
  TimeSyncRequest = 0x0109,
  Location = 0x0200,
  PositionAnswer = 0x0201,
  LocationBatchVendor = 0x0210,
  CommandResponse = 0x0701,
  LocationBatch = 0x0704,
  Transparent = 0x0900,
  TextResponse = 0x1300,
  PlatformGeneralReply = 0x8001,
  RegisterReply = 0x8100,
  SetParameters = 0x8103,
  QueryParameters = 0x8104,
  TerminalControl = 0x8105,
  QueryAttributes = 0x8107,
  TimeSyncReply = 0x8109,
  PositionQuery = 0x8201,
  TemporaryTracking = 0x8202,
  TextMessage = 0x8300,
  SetCircleArea = 0x8600,
  DeleteCircleArea = 0x8601,
  SetRectangleArea = 0x8602,
  DeleteRectangleArea = 0x8603,
  SetPolygonArea = 0x8604,
  DeletePolygonArea = 0x8605,
  SetRoute = 0x8606,
  DeleteRoute = 0x8607,
  CameraShoot = 0x8801,
  MediaEvent = 0x0800,
  MediaData = 0x0801,
  MediaDataReply = 0x8800,
}

export const FLAG = 0x7e;
export const ESCAPE = 0x7d;

/** Device clocks are Beijing time (JT/T 808-2019 §4.4: BCD[6] GMT+8). */
export const JT808_DEVICE_ZONE_MINUTES = 8 * 60;

/** JT/T 808-2019 table 24: alarm flag bits → alarm (bit 7 follows Traccar's lowBattery for vector parity). */
export const ALARM_BITS: ReadonlyArray<[bit: number, alarm: AlarmName]> = [
  [0, 'sos'],
  [1, 'overspeed'],
  [2, 'fatigue'],
  [4, 'fault'], // GNSS module fault
  [5, 'gpsAntennaCut'], // GNSS antenna disconnected
  [6, 'gpsAntennaCut'], // GNSS antenna short-circuited
  [7, 'lowBattery'], // main supply under-voltage
  [8, 'powerCut'], // main supply off
  [9, 'fault'], // display fault
  [10, 'fault'], // TTS fault
  [11, 'fault'], // camera fault
  [15, 'vibration'], // 2013 reserved; vendors use it for vibration (Traccar)
  [18, 'fatigue'], // driving time exceeded for the day
  [19, 'parking'], // overtime parking
  [20, 'geofence'], // entering/leaving area (item 0x12 tells which)
  [26, 'tampering'], // vehicle theft (VSS)
  [27, 'tampering'], // illegal ignition
  [28, 'movement'], // illegal displacement
  [29, 'accident'], // collision
  [30, 'accident'], // rollover
];

/** JT/T 808-2019 table 25: status bits. */
export const STATUS = {
  acc: 1 << 0,
  positioned: 1 << 1,
  south: 1 << 2,
  west: 1 << 3,
  oilCut: 1 << 10,
  circuitCut: 1 << 11,
  doorLocked: 1 << 12,
} as const;
