import { DEVICE_SORT_COLUMNS, DEVICE_STATE_FILTERS, LIMITS, PROTOCOLS, VIP_FILTERS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DeviceID, Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

/** What the device is on (spec section 3's device types): 1 vehicle, 2 person, 3 asset (ObjectType in packages/domain). */
export const ObjectTypeSchema = Literals([1, 2, 3], { description: '1 vehicle, 2 person, 3 asset' });
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const size = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 100_000, description }));
/** Spec section 3, Person device; the photo is uploaded apart (Device/UploadPhoto). */
export const PersonSchema = Type.Object({
  Name: Type.String({ minLength: 1, maxLength: 64 }),
  ObjectNo: text(32),
  Age: Type.Optional(Type.Integer({ minimum: 0, maximum: 150 })),
  IdCard: Type.Optional(
    Type.String({ maxLength: 18, description: 'resident ID card, GB 11643 check digit verified; "" none' }),
  ),
  Phone: text(32),
  Sex: Type.Optional(Literals([1, 2], { description: '1 male, 2 female' })),
  Category: text(32),
});
export type PersonInput = Static<typeof PersonSchema>;
/** Spec section 3, Asset device. */
export const AssetSchema = Type.Object({
  Name: Type.String({ minLength: 1, maxLength: 64 }),
  ObjectNo: text(32),
  Colour: text(32),
  Weight: size('kg'),
  Length: size('m'),
  Width: size('m'),
  Height: size('m'),
  Shape: text(32),
});
export type AssetInput = Static<typeof AssetSchema>;

const fields = {
  Protocol: Literals(PROTOCOLS),
  SIM: Type.Optional(Type.String({ maxLength: 32 })),
  Model: Type.Optional(Type.String({ maxLength: 32 })),
  DeviceName: Type.Optional(Type.String({ maxLength: 64 })),
  HoldID: Id,
  TrackerType: Type.Optional(Type.Union([Type.Literal('wired'), Type.Literal('wireless')])),
  TimeZone: Type.Optional(Type.String({ maxLength: 64 })),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
  ObjectType: Type.Optional(ObjectTypeSchema),
  Person: Type.Optional(PersonSchema),
  Asset: Type.Optional(AssetSchema),
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
/** Device/GetDeviceList's and Device/ExportDevices' filters (the GPS home links to the list with them in the URL). */
export const DeviceFilterFields = {
  HoldID: Type.Optional(Id),
  Keyword: DeviceKeyword('the SIM, the plate of its vehicle or the name of its person or asset'),
  Protocol: Type.Optional(fields.Protocol),
  State: Type.Optional(
    Literals(DEVICE_STATE_FILTERS, { description: 'as Monitor/GetMonitorCounts judges them for the same unit' }),
  ),
  Vip: Type.Optional(
    Literals(VIP_FILTERS, {
      description: 'VIP state (spec section 4): expired, or expiring within 7, 30 or 60 days (today included)',
    }),
  ),
  Recent: Type.Optional(Literals([0, 1], { description: '1: newest first, whatever the sort' })),
  ObjectType: Type.Optional(ObjectTypeSchema),
  TrackerType: Type.Optional(fields.TrackerType),
};
export const DeviceListBody = Type.Object({
  ...Paging,
  ...DeviceFilterFields,
  ...SortOf(DEVICE_SORT_COLUMNS),
});
export type DeviceListInput = Static<typeof DeviceListBody>;
export const DeviceExportBody = Type.Object({ ...DeviceFilterFields, ...SortOf(DEVICE_SORT_COLUMNS) });
export type DeviceExportInput = Static<typeof DeviceExportBody>;

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

/** Device/GetDeviceList's row: the monitor's and what the device list adds (spec section 3, Device). */
export const DeviceInfoRowSchema = Type.Object({
  ...DeviceRowSchema.properties,
  ObjectType: ObjectTypeSchema,
  ObjectName: Type.String({ description: "the bound vehicle's plate, or the person's or asset's name; '' none" }),
  VehicleID: Nullable(Type.Integer({ description: 'object type 1: the vehicle the device is on (caller’s subtree)' })),
  Oil: Nullable(Type.Number({ description: 'litres, from the attributes the device sends' })),
  CreateTime: Type.String(),
  Sim: Nullable(
    Type.Object(
      {
        SimID: Type.Integer(),
        ICCID: Type.String(),
        MSISDN: Type.String(),
        State: Type.Integer({ description: 'SIM state (SimState)' }),
        ExpiresOn: Nullable(Type.String()),
      },
      { description: "the caller's subtree's SIM card whose MSISDN or ICCID is the device's SIM; null none" },
    ),
  ),
});
export type DeviceInfoRow = Static<typeof DeviceInfoRowSchema>;
export const DeviceInfoListReply = PageOf(DeviceInfoRowSchema);

/** Device/GetDevice: the row and the person or asset the device is on, for the edit form. */
export const DeviceDetailReply = ReplyOf(
  Type.Object({
    ...DeviceInfoRowSchema.properties,
    Person: Nullable(Type.Object({ ...PersonSchema.properties, HasPhoto: Type.Boolean() })),
    Asset: Nullable(AssetSchema),
  }),
);
export type DeviceDetail = Static<typeof DeviceDetailReply>['data'];
/** Device/UploadPhoto's multipart fields: `DeviceID` (first), then `file` (JPG or PNG). */
export const PhotoQuery = Type.Object({ DeviceID });

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
