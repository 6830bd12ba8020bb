import { type Static, Type } from 'typebox';
import { DateText, Id, ReplyOf } from './common.ts';

/** Dashboard/GetSummary: the GPS home of the unit chosen in the unit tree (the caller's own by default). */
export const DashboardSummaryBody = Type.Object({ HoldID: Type.Optional(Id) });
export type DashboardSummaryInput = Static<typeof DashboardSummaryBody>;

export const OnlineDaySchema = Type.Object({
  Day: DateText,
  Online: Type.Integer({
    minimum: 0,
    description: 'devices of the unit that reported that day (a calendar day of the server’s DEVICE_DAY_TIME_ZONE)',
  }),
  Total: Type.Integer({ minimum: 0, description: 'devices of the unit added by the end of that day' }),
  Rate: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'Online / Total in per cent, one decimal; 0 when Total is 0',
  }),
});
export type OnlineDay = Static<typeof OnlineDaySchema>;

export const AlarmCountSchema = Type.Object({
  Type: Type.String({ description: 'the alarm name (sos, overspeed, powerCut, …)' }),
  Count: Type.Integer({ minimum: 1 }),
});
export type AlarmCount = Static<typeof AlarmCountSchema>;

export const RecentDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  HoldName: Type.String(),
  Protocol: Type.String(),
  CreateTime: Type.String({ description: 'when it was added, YYYY-MM-DD HH:mm:ss in the caller’s zone' }),
});
export type RecentDevice = Static<typeof RecentDeviceSchema>;

export const DashboardSummarySchema = Type.Object({
  Today: Type.String({ description: 'YYYY-MM-DD, the caller’s time zone’s today' }),
  Total: Type.Integer({ minimum: 0, description: 'Monitor/GetMonitorCounts’ all, for the same unit' }),
  Online: Type.Integer({ minimum: 0, description: 'Monitor/GetMonitorCounts’ online' }),
  Moving: Type.Integer({ minimum: 0, description: 'Monitor/GetMonitorCounts’ moving' }),
  Offline: Type.Integer({ minimum: 0, description: 'Monitor/GetMonitorCounts’ offline' }),
  Unused: Type.Integer({ minimum: 0, description: 'Monitor/GetMonitorCounts’ unused' }),
  OnlineRate7d: Type.Array(OnlineDaySchema, { description: 'the last 7 days in the caller’s zone, oldest first' }),
  AlarmsToday: Type.Array(AlarmCountSchema, {
    description: 'alarms raised since the caller’s midnight by type, most first',
  }),
  VipExpired: Type.Integer({ minimum: 0, description: 'VIP expiry day before today (device list Vip=expired)' }),
  VipExpiring7: Type.Integer({
    minimum: 0,
    description:
      'VIP expiring today or within the next 6 days (Vip=7). The windows are nested: the 30 include the 7, the 60 the 30',
  }),
  VipExpiring30: Type.Integer({ minimum: 0, description: 'VIP expiring from today within 30 days (Vip=30)' }),
  VipExpiring60: Type.Integer({ minimum: 0, description: 'VIP expiring from today within 60 days (Vip=60)' }),
  SimsExpiring: Type.Integer({
    minimum: 0,
    description:
      'the unit’s SIM cards not cancelled whose service ends from today within 30 days (SIM state “expiring”)',
  }),
  RecentDevices: Type.Array(RecentDeviceSchema, { description: 'the 10 devices added last, newest first' }),
});
export type DashboardSummary = Static<typeof DashboardSummarySchema>;
export const DashboardSummaryReply = ReplyOf(DashboardSummarySchema);
