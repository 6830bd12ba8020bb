import { LIMITS, VEHICLE_LIFE_STATUSES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

/**
 * Vehicles (spec section 3's Vehicle, issue #15): the Vehicle/… calls of /info/vehicle, function 38.
 * Field names are the spec's in PascalCase. Cost is integer fen (docs/API.md, money); InstallTime is
 * `YYYY-MM-DD HH:mm:ss` in the user's zone; Home/Company points are WGS-84.
 */

/** How many devices one vehicle carries at most: typically one wired and one wireless. */
export const VEHICLE_DEVICES_MAX = 20;
/** The largest cost, in fen: 99,999,999.99 yuan would not fit a PostgreSQL integer anyway. */
export const VEHICLE_COST_MAX = 999_999_999;

const LifeStatus = Literals(VEHICLE_LIFE_STATUSES, {
  description: '1 normal, 2 overdue, 3 repossessed, 4 settled, 5 scrapped',
});
/**
 * null (clear it) first: with type coercion on, a number tried first would take null as 0, a point off Africa.
 */
const OrNull = <T extends Type.TSchema>(t: T) => Type.Union([Type.Null(), t]);
const text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));
const Lat = Type.Optional(OrNull(Type.Number({ minimum: -90, maximum: 90, description: 'WGS-84' })));
const Lng = Type.Optional(OrNull(Type.Number({ minimum: -180, maximum: 180, description: 'WGS-84' })));
const DeviceIDs = Type.Array(DeviceID, {
  maxItems: VEHICLE_DEVICES_MAX,
  description: 'the devices bound to the vehicle afterwards, all of them (devices of the caller’s subtree)',
});
const Force = Type.Optional(
  Type.Boolean({
    description: 'move devices bound to another vehicle, person or asset; without it they are refused (conflict)',
  }),
);

/** Every editable field but the plate and unit, optional. */
const fields = {
  OwnerName: text(64),
  Brand: text(64),
  VehicleType: text(64),
  Colour: text(32),
  VIN: text(32, '17 characters (ISO 3779; the check digit when Chinese or North American); unique'),
  EngineNo: text(64),
  StoreName: text(64),
  StorePhone: text(32),
  WorkOrderNo: text(64),
  InstallTime: Type.Optional(OrNull(DateTimeText)),
  Cost: Type.Optional(Type.Integer({ minimum: 0, maximum: VEHICLE_COST_MAX, description: 'integer fen' })),
  HomeAddress: text(200),
  HomeLat: Lat,
  HomeLng: Lng,
  CompanyAddress: text(200),
  CompanyLat: Lat,
  CompanyLng: Lng,
  Province: text(32),
  VehicleLifeStatus: Type.Optional(OrNull(LifeStatus)),
  Tag: text(32),
  Remark: text(200),
};
const Plate = Type.String({ minLength: 1, maxLength: 32, description: 'plate or name (required, spec section 5)' });

export const AddVehicleBody = Type.Object({
  HoldID: Id,
  Plate,
  ...fields,
  DeviceIDs: Type.Optional(DeviceIDs),
  Force,
});
export type AddVehicleInput = Static<typeof AddVehicleBody>;
export const AddVehicleReply = ReplyOf(Type.Object({ VehicleID: Type.Integer() }));

/** The unit does not change here: a vehicle moves with Vehicle/MoveVehicles. DeviceIDs given: the new set. */
export const ModifyVehicleBody = Type.Object({
  VehicleID: Id,
  Plate: Type.Optional(Plate),
  ...fields,
  DeviceIDs: Type.Optional(DeviceIDs),
  Force,
});
export type ModifyVehicleInput = Static<typeof ModifyVehicleBody>;

export const VehicleIdBody = Type.Object({ VehicleID: Id });
export type VehicleIdInput = Static<typeof VehicleIdBody>;

export const BindDevicesBody = Type.Object({ VehicleID: Id, DeviceIDs, Force });
export type BindDevicesInput = Static<typeof BindDevicesBody>;

export const VEHICLE_SORT_COLUMNS = [
  'Plate',
  'OwnerName',
  'HoldName',
  'InstallTime',
  'Cost',
  'VehicleLifeStatus',
  'CreateTime',
] as const;
export type VehicleSortColumn = (typeof VEHICLE_SORT_COLUMNS)[number];

const filters = {
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(
    Type.String({
      maxLength: LIMITS.deviceKeywordLength,
      description: 'a part of the plate, VIN, owner or a bound device’s ID, any case',
    }),
  ),
  VehicleLifeStatus: Type.Optional(LifeStatus),
  Province: text(32),
  Tag: text(32),
  ...SortOf(VEHICLE_SORT_COLUMNS),
};
export const VehicleListBody = Type.Object({ ...Paging, ...filters });
export type VehicleListInput = Static<typeof VehicleListBody>;
/** Vehicle/ExportVehicles: the list's filters and order, without paging. */
export const VehicleExportBody = Type.Object(filters);
export type VehicleExportInput = Static<typeof VehicleExportBody>;

export const BoundDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  TrackerType: Type.String({ description: 'wired or wireless' }),
  Online: Type.Boolean(),
});
export type BoundDevice = Static<typeof BoundDeviceSchema>;

export const VehicleRowSchema = Type.Object({
  VehicleID: Type.Integer(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Plate: Type.String(),
  OwnerName: Type.String(),
  Brand: Type.String(),
  VehicleType: Type.String(),
  Colour: Type.String(),
  VIN: Type.String(),
  EngineNo: Type.String(),
  StoreName: Type.String(),
  StorePhone: Type.String(),
  WorkOrderNo: Type.String(),
  InstallTime: Nullable(Type.String()),
  Cost: Type.Integer({ description: 'integer fen' }),
  HomeAddress: Type.String(),
  HomeLat: Nullable(Type.Number()),
  HomeLng: Nullable(Type.Number()),
  CompanyAddress: Type.String(),
  CompanyLat: Nullable(Type.Number()),
  CompanyLng: Nullable(Type.Number()),
  Province: Type.String(),
  VehicleLifeStatus: Nullable(Type.Integer()),
  Tag: Type.String(),
  Remark: Type.String(),
  /** The bound devices of the caller's subtree, by device ID. */
  DeviceIDs: Type.Array(Type.String()),
  Devices: Type.Array(BoundDeviceSchema),
  CreateTime: Type.String(),
  UpdateTime: Type.String(),
});
export type VehicleRow = Static<typeof VehicleRowSchema>;
export const VehicleReply = ReplyOf(VehicleRowSchema);
export const VehicleListReply = PageOf(VehicleRowSchema);
