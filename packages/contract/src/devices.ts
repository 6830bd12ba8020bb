import { LIMITS, PROTOCOLS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DeviceID, Id, Literals, Nullable, PageOf, Paging, ReplyOf } from './common.ts';

const fields = {
  Protocol: Literals(PROTOCOLS),
  SIM: Type.Optional(Type.String({ maxLength: 32 })),
  Model: Type.Optional(Type.String({ maxLength: 32 })),
  DeviceName: Type.Optional(Type.String({ maxLength: 64 })),
  HoldID: Id,
  TrackerType: Type.Optional(Type.Union([Type.Literal('wired'), Type.Literal('wireless')])),
  TimeZone: Type.Optional(Type.String({ maxLength: 64 })),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AddDeviceBody = Type.Object({ DeviceID, ...fields });
export type AddDeviceInput = Static<typeof AddDeviceBody>;
export const ModifyDeviceBody = Type.Object({
  DeviceID,
  ...fields,
  Protocol: Type.Optional(fields.Protocol),
  HoldID: Type.Optional(Id),
});
export type ModifyDeviceInput = Static<typeof ModifyDeviceBody>;
/** Every call that names one device and nothing else. */
export const DeviceIdBody = Type.Object({ DeviceID });
export type DeviceIdInput = Static<typeof DeviceIdBody>;
export const DeviceKeyword = (matches: string) =>
  Type.Optional(
    Type.String({
      maxLength: LIMITS.deviceKeywordLength,
      description: `a part of the device ID, the device name or ${matches}, in any case; blanks around it are ignored`,
    }),
  );
export const DeviceListBody = Type.Object({
  ...Paging,
  HoldID: Type.Optional(Id),
  Keyword: DeviceKeyword('the SIM'),
  Protocol: Type.Optional(fields.Protocol),
  SortColumn: Type.Optional(Literals(['DeviceID', 'DeviceName', 'CreateTime', 'HoldName'])),
  SortType: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type DeviceListInput = Static<typeof DeviceListBody>;

/** A device with its latest state: Device/GetDeviceList's and Monitor/GetMonitorList's row. */
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
export type DeviceRow = Static<typeof DeviceRowSchema>;
export const DeviceListReply = PageOf(DeviceRowSchema);

export const UnknownQuery = Type.Object(Paging);
export const UnknownDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  Protocol: Type.String(),
  Address: Type.String(),
  FirstSeen: Type.String(),
  LastSeen: Type.String(),
  Attempts: Type.Integer(),
});
export type UnknownDevice = Static<typeof UnknownDeviceSchema>;
export const UnknownListReply = PageOf(UnknownDeviceSchema);

export const DeviceIdReply = ReplyOf(Type.Object({ DeviceID: Type.String() }));
export const ActivateReply = ReplyOf(
  Type.Object({
    DeviceID: Type.String(),
    ActivateTime: Type.String(),
    State: Type.String({ description: 'the device state after activation: offline until it reports' }),
  }),
);
export type Activated = Static<typeof ActivateReply>['data'];
