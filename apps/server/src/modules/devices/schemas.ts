import { Type } from 'typebox';
import { DateTimeText, Id, PageOf, Paging, ReplyOf } from '../../lib/schemas.ts';
import { PROTOCOLS, STATUS_FILTERS } from './service.ts';

const DeviceID = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$', description: 'IMEI, or the JT/T 808 terminal phone' });
const fields = {
  Protocol: Type.Union(PROTOCOLS.map((p) => Type.Literal(p))),
  SIM: Type.Optional(Type.String({ maxLength: 32 })),
  Model: Type.Optional(Type.String({ maxLength: 32 })),
  DeviceName: Type.Optional(Type.String({ maxLength: 64 })),
  HoldID: Id,
  TrackerType: Type.Optional(Type.Union([Type.Literal('wired'), Type.Literal('wireless')])),
  TimeZone: Type.Optional(Type.String({ maxLength: 64 })),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AddDeviceBody = Type.Object({ DeviceID, ...fields });
export const ModifyDeviceBody = Type.Object({
  DeviceID,
  ...fields,
  Protocol: Type.Optional(fields.Protocol),
  HoldID: Type.Optional(Id),
});
export const DeviceIdBody = Type.Object({ DeviceID });
export const DeviceListBody = Type.Object({
  ...Paging,
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
  Protocol: Type.Optional(fields.Protocol),
  SortColumn: Type.Optional(
    Type.Union(['DeviceID', 'DeviceName', 'CreateTime', 'HoldName'].map((c) => Type.Literal(c))),
  ),
  SortType: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export const MonitorBody = Type.Object({
  HoldID: Type.Optional(Id),
  DeviceIDs: Type.Optional(Type.String({ maxLength: 40_000, description: 'comma-separated, at most 1000' })),
  Status: Type.Optional(Type.Union(STATUS_FILTERS.map((s) => Type.Literal(s)))),
});
export const TrackBody = Type.Object({ DeviceID, StartTime: DateTimeText, EndTime: DateTimeText });

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const DeviceRowSchema = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Protocol: Type.String(),
  SIM: Type.String(),
  Model: Type.String(),
  TrackerType: Type.String(),
  TimeZone: Type.String(),
  Remark: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  VipExpiry: Nullable(Type.String()),
  Lat: Nullable(Type.Number({ description: 'WGS-84' })),
  Lng: Nullable(Type.Number({ description: 'WGS-84' })),
  Speed: Nullable(Type.Number({ description: 'km/h' })),
  Course: Nullable(Type.Number()),
  GpsTime: Nullable(Type.String()),
  ReceiveTime: Nullable(Type.String()),
  Online: Type.Boolean(),
  Acc: Nullable(Type.Boolean()),
  Mileage: Type.Number({ description: 'km' }),
  Battery: Nullable(Type.Number()),
  Alarms: Type.Array(Type.String()),
  Status: Type.String({ description: 'moving, ignitionOff, still, offline, alarm, weakGps, unused' }),
  State: Type.String({ description: 'inactivated, normal, offline, downtime' }),
  Followed: Type.Optional(Type.Boolean()),
});
export const DeviceListReply = PageOf(DeviceRowSchema);
export const UnknownListReply = PageOf(
  Type.Object({
    DeviceID: Type.String(),
    Protocol: Type.String(),
    Address: Type.String(),
    FirstSeen: Type.String(),
    LastSeen: Type.String(),
    Attempts: Type.Integer(),
  }),
);
export const TrackReply = ReplyOf(
  Type.Array(
    Type.Object({
      GpsTime: Type.String(),
      ReceiveTime: Type.String(),
      Lat: Type.Number(),
      Lng: Type.Number(),
      Speed: Type.Number(),
      Course: Type.Number(),
      Altitude: Nullable(Type.Number()),
      Satellites: Nullable(Type.Integer()),
      Valid: Type.Boolean(),
      Alarms: Type.Array(Type.String()),
    }),
  ),
);
export const DeviceIdReply = ReplyOf(Type.Object({ DeviceID: Type.String() }));
export const UnknownQuery = Type.Object(Paging);
