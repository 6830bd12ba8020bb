import { LIMITS } from '@lodestar/domain';
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
const Keyword = (matches: string) =>
  Type.Optional(
    Type.String({
      maxLength: LIMITS.deviceKeywordLength,
      description: `a part of the device ID, the device name or ${matches}, in any case; blanks around it are ignored`,
    }),
  );
export const DeviceListBody = Type.Object({
  ...Paging,
  HoldID: Type.Optional(Id),
  Keyword: Keyword('the SIM'),
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
  Keyword: Keyword('the bound vehicle’s plate'),
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
  ActivateTime: Nullable(Type.String({ description: 'when a user activated the device (Device/Activate)' })),
  Followed: Type.Optional(Type.Boolean()),
  Plate: Type.Optional(Nullable(Type.String({ description: 'monitor rows: the bound vehicle’s plate' }))),
  VehicleLifeStatus: Type.Optional(
    Nullable(
      Type.Integer({
        description:
          'monitor rows: the bound vehicle’s life status, 1 normal, 2 overdue, 3 repossessed, 4 settled, 5 scrapped',
      }),
    ),
  ),
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
export const ActivateReply = ReplyOf(
  Type.Object({
    DeviceID: Type.String(),
    ActivateTime: Type.String(),
    State: Type.String({ description: 'the device state after activation: offline until it reports' }),
  }),
);
export const UnknownQuery = Type.Object(Paging);

const CellSchema = Type.Object({
  MCC: Type.Integer(),
  MNC: Type.Integer(),
  LAC: Type.Integer(),
  CellID: Type.Number(),
  Signal: Type.Optional(Type.Number({ description: 'as the device reports it (RSSI, dBm or level)' })),
});
export const DeviceDetailReply = ReplyOf(
  Type.Object({
    DeviceID: Type.String(),
    Oil: Nullable(Type.Number({ description: 'litres, from the latest fix (JT/T 808 item 0x02, OsmAnd fuel)' })),
    Vehicle: Nullable(Type.Object({ Plate: Type.String(), OwnerName: Type.String() })),
    Positioning: Type.Object({
      Type: Type.Union([Type.Literal('gps'), Type.Literal('lbs'), Type.Literal('wifi')], {
        description: 'gps when the latest fix is valid, else wifi when access points are known, else lbs',
      }),
      Cells: Type.Array(CellSchema),
      Wifi: Type.Array(Type.Object({ MAC: Type.String(), RSSI: Type.Number() })),
    }),
    Tires: Nullable(
      Type.Array(
        Type.Object({
          Position: Type.Integer({ description: '1-based, from the front, left to right' }),
          PressureKPa: Type.Number(),
        }),
      ),
    ),
  }),
);
