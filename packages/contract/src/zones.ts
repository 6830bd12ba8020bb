/**
 * Geo-fences and roads (issue #17): the Fence/… calls of /monitor/fence (function 51) and the Road/… calls of
 * /monitor/road (function 40). Geometry is WGS-84, `[lng, lat]` as GeoJSON orders it; the console converts
 * from the map's system before it sends. Both are VIP-only (spec section 6): binding a device whose VIP has
 * expired is refused with "device VIP expired", and the engine ignores a bound device once its VIP lapses.
 * Times are `YYYY-MM-DD HH:mm:ss` in the caller's zone; a daily window is `HH:mm` in the zone of whoever
 * last saved the fence.
 */
import { FENCE_RECORD_TYPES, FENCE_SHAPES, ZONE_LIMITS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { CommandStatusSchema } from './commands.ts';
import { DateTimeText, DeviceID, Id, Literals, Nullable, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

const Lng = Type.Number({ minimum: -180, maximum: 180 });
const Lat = Type.Number({ minimum: -90, maximum: 90 });
export const LngLatSchema = Type.Tuple([Lng, Lat], { description: '[lng, lat], WGS-84' });
const Ring = Type.Array(LngLatSchema, {
  minItems: 4,
  maxItems: ZONE_LIMITS.verticesMax,
  description: 'closed: the last position repeats the first',
});

export const PolygonSchema = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Ring, {
    minItems: 1,
    maxItems: ZONE_LIMITS.holesMax + 1,
    description: 'the outer ring, then its holes',
  }),
});
export const CircleSchema = Type.Object({
  type: Type.Literal('Circle'),
  Center: LngLatSchema,
  Radius: Type.Number({ minimum: ZONE_LIMITS.radiusMin, maximum: ZONE_LIMITS.radiusMax, description: 'metres' }),
});
export const FenceGeometrySchema = Type.Union([PolygonSchema, CircleSchema]);
export const LineSchema = Type.Object({
  type: Type.Literal('LineString'),
  coordinates: Type.Array(LngLatSchema, { minItems: 2, maxItems: ZONE_LIMITS.verticesMax }),
});

const Name = Type.String({ minLength: 1, maxLength: ZONE_LIMITS.nameMax });
/** `HH:mm`, 00:00–23:59. A window whose end is before its start runs over midnight. */
const Clock = Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm in the user time zone' });
const SpeedLimit = Type.Integer({ minimum: 1, maximum: ZONE_LIMITS.speedLimitMax, description: 'km/h' });
const MaxStay = Type.Integer({ minimum: 1, maximum: ZONE_LIMITS.maxStayMinutesMax, description: 'minutes' });
/** Optional fields take null to clear them on Modify… (null first: coercion would read null as 0 otherwise). */
const OrNull = <T extends Type.TSchema>(t: T) => Type.Union([Type.Null(), t]);

const fenceFields = {
  RecordType: Literals(FENCE_RECORD_TYPES, { description: 'both (enter and leave), enter, leave, none' }),
  TriggerAlarm: Type.Boolean({
    description: 'raise an alarm on the device (release as for any alarm), or only record',
  }),
  ValidFrom: Type.Optional(OrNull(DateTimeText)),
  ValidTo: Type.Optional(OrNull(DateTimeText)),
  DailyFrom: Type.Optional(OrNull(Clock)),
  DailyTo: Type.Optional(OrNull(Clock)),
  SpeedLimit: Type.Optional(OrNull(SpeedLimit)),
  MaxStayMinutes: Type.Optional(OrNull(MaxStay)),
};

export const AddFenceBody = Type.Object({
  HoldID: Id,
  FenceName: Name,
  Geometry: FenceGeometrySchema,
  ...fenceFields,
});
export type AddFenceInput = Static<typeof AddFenceBody>;
export const AddFenceReply = ReplyOf(Type.Object({ FenceID: Type.Integer() }));

export const ModifyFenceBody = Type.Object({
  FenceID: Id,
  FenceName: Type.Optional(Name),
  Geometry: Type.Optional(FenceGeometrySchema),
  RecordType: Type.Optional(fenceFields.RecordType),
  TriggerAlarm: Type.Optional(fenceFields.TriggerAlarm),
  ValidFrom: fenceFields.ValidFrom,
  ValidTo: fenceFields.ValidTo,
  DailyFrom: fenceFields.DailyFrom,
  DailyTo: fenceFields.DailyTo,
  SpeedLimit: fenceFields.SpeedLimit,
  MaxStayMinutes: fenceFields.MaxStayMinutes,
});
export type ModifyFenceInput = Static<typeof ModifyFenceBody>;

export const RemoveFenceBody = Type.Object({
  FenceIDs: Type.Array(Id, { minItems: 1, maxItems: ZONE_LIMITS.removeMax }),
});
export type RemoveFenceInput = Static<typeof RemoveFenceBody>;

export const FENCE_SORT_COLUMNS = ['FenceName', 'CreateTime', 'DeviceCount'] as const;
export const FenceListBody = Type.Object({
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: ZONE_LIMITS.nameMax, description: 'part of the name' })),
  ...Paging,
  ...SortOf(FENCE_SORT_COLUMNS),
});
export type FenceListInput = Static<typeof FenceListBody>;

export const FenceRowSchema = Type.Object({
  FenceID: Type.Integer(),
  FenceName: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Shape: Literals(FENCE_SHAPES),
  Geometry: FenceGeometrySchema,
  RecordType: Literals(FENCE_RECORD_TYPES),
  TriggerAlarm: Type.Boolean(),
  ValidFrom: Nullable(Type.String()),
  ValidTo: Nullable(Type.String()),
  DailyFrom: Nullable(Type.String()),
  DailyTo: Nullable(Type.String()),
  SpeedLimit: Nullable(Type.Integer()),
  MaxStayMinutes: Nullable(Type.Integer()),
  DeviceCount: Type.Integer(),
  CreateTime: Type.String(),
  UpdateTime: Type.String(),
});
export type FenceRow = Static<typeof FenceRowSchema>;
export const FenceListReply = PageOf(FenceRowSchema);

/** What was last written to a JT/T 808 terminal for this zone: the command's status, null when never pushed. */
export const PushStatusSchema = Nullable(CommandStatusSchema);

export const ZoneDeviceSchema = Type.Object({
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Plate: Nullable(Type.String()),
  Model: Type.String(),
  Protocol: Type.String(),
  FullFunction: Type.Boolean({ description: 'the model is full-function (spec section 9: fence prompts need one)' }),
  VipExpired: Type.Boolean(),
  PushStatus: PushStatusSchema,
  BindTime: Type.String(),
});
export type ZoneDevice = Static<typeof ZoneDeviceSchema>;

export const FenceBody = Type.Object({ FenceID: Id });
export const FenceDetailSchema = Type.Object({
  ...FenceRowSchema.properties,
  Devices: Type.Array(ZoneDeviceSchema),
});
export type FenceDetail = Static<typeof FenceDetailSchema>;
export const FenceReply = ReplyOf(FenceDetailSchema);

/**
 * Binds devices (DeviceIDs), or every device of a unit and its subunits (HoldID), to a fence or road.
 * Push: also write the zone to JT/T 808 terminals (0x8600–0x8606 through the command queue), so a terminal
 * out of coverage still alarms; other protocols are bound without a push.
 */
const bindFields = {
  DeviceIDs: Type.Optional(Type.Array(DeviceID, { maxItems: ZONE_LIMITS.bindMax })),
  HoldID: Type.Optional(Id),
  Push: Type.Optional(Type.Boolean({ description: 'write the zone to JT/T 808 terminals too' })),
};
export const FenceBindBody = Type.Object({ FenceID: Id, ...bindFields });
export type FenceBindInput = Static<typeof FenceBindBody>;
export const BindResultSchema = Type.Object({
  Bound: Type.Integer({ description: 'devices bound now (already bound ones count too)' }),
  Pushed: Type.Integer({ description: 'push commands queued' }),
  NotFullFunction: Type.Array(Type.String(), { description: 'bound, but their model is not full-function' }),
  VipExpired: Type.Array(Type.String(), {
    description: 'HoldID: devices of the unit left unbound, their VIP has expired (named DeviceIDs refuse the call)',
  }),
});
export type BindResult = Static<typeof BindResultSchema>;
export const BindReply = ReplyOf(BindResultSchema);

export const FenceUnbindBody = Type.Object({
  FenceID: Id,
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: ZONE_LIMITS.bindMax }),
});
export type FenceUnbindInput = Static<typeof FenceUnbindBody>;

// Roads.

const Width = Type.Integer({
  minimum: ZONE_LIMITS.roadWidthMin,
  maximum: ZONE_LIMITS.roadWidthMax,
  description: 'corridor width, metres',
});
const SegmentLimits = Type.Array(Nullable(SpeedLimit), {
  maxItems: ZONE_LIMITS.verticesMax,
  description: "one per segment (vertices − 1), null: the road's SpeedLimit",
});

export const AddRoadBody = Type.Object({
  HoldID: Id,
  RoadName: Name,
  Geometry: LineSchema,
  Width,
  SpeedLimit: Type.Optional(OrNull(SpeedLimit)),
  SegmentLimits: Type.Optional(OrNull(SegmentLimits)),
  TriggerAlarm: Type.Boolean(),
});
export type AddRoadInput = Static<typeof AddRoadBody>;
export const AddRoadReply = ReplyOf(Type.Object({ RoadID: Type.Integer() }));

export const ModifyRoadBody = Type.Object({
  RoadID: Id,
  RoadName: Type.Optional(Name),
  Geometry: Type.Optional(LineSchema),
  Width: Type.Optional(Width),
  SpeedLimit: Type.Optional(OrNull(SpeedLimit)),
  SegmentLimits: Type.Optional(OrNull(SegmentLimits)),
  TriggerAlarm: Type.Optional(Type.Boolean()),
});
export type ModifyRoadInput = Static<typeof ModifyRoadBody>;

export const RemoveRoadBody = Type.Object({
  RoadIDs: Type.Array(Id, { minItems: 1, maxItems: ZONE_LIMITS.removeMax }),
});
export type RemoveRoadInput = Static<typeof RemoveRoadBody>;

export const ROAD_SORT_COLUMNS = ['RoadName', 'CreateTime', 'DeviceCount'] as const;
export const RoadListBody = Type.Object({
  HoldID: Type.Optional(Id),
  Keyword: Type.Optional(Type.String({ maxLength: ZONE_LIMITS.nameMax })),
  ...Paging,
  ...SortOf(ROAD_SORT_COLUMNS),
});
export type RoadListInput = Static<typeof RoadListBody>;

export const RoadRowSchema = Type.Object({
  RoadID: Type.Integer(),
  RoadName: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Geometry: LineSchema,
  Width: Type.Integer(),
  SpeedLimit: Nullable(Type.Integer()),
  SegmentLimits: Nullable(Type.Array(Nullable(Type.Integer()))),
  TriggerAlarm: Type.Boolean(),
  DeviceCount: Type.Integer(),
  CreateTime: Type.String(),
  UpdateTime: Type.String(),
});
export type RoadRow = Static<typeof RoadRowSchema>;
export const RoadListReply = PageOf(RoadRowSchema);

export const RoadBody = Type.Object({ RoadID: Id });
export const RoadDetailSchema = Type.Object({ ...RoadRowSchema.properties, Devices: Type.Array(ZoneDeviceSchema) });
export type RoadDetail = Static<typeof RoadDetailSchema>;
export const RoadReply = ReplyOf(RoadDetailSchema);

export const RoadBindBody = Type.Object({ RoadID: Id, ...bindFields });
export type RoadBindInput = Static<typeof RoadBindBody>;
export const RoadUnbindBody = Type.Object({
  RoadID: Id,
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: ZONE_LIMITS.bindMax }),
});
export type RoadUnbindInput = Static<typeof RoadUnbindBody>;

// Device models: which are full-function (spec section 9), editable by the platform's administrators.

export const ModelListBody = Type.Object({
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
  ...Paging,
});
export type ModelListInput = Static<typeof ModelListBody>;
export const ModelRowSchema = Type.Object({
  Model: Type.String(),
  FullFunction: Type.Boolean(),
  DeviceCount: Type.Integer({ description: 'devices of the caller’s subtree with this model' }),
});
export type ModelRow = Static<typeof ModelRowSchema>;
export const ModelListReply = PageOf(ModelRowSchema);
export const SetFullFunctionBody = Type.Object({
  Model: Type.String({ minLength: 1, maxLength: 64 }),
  FullFunction: Type.Boolean(),
});
export type SetFullFunctionInput = Static<typeof SetFullFunctionBody>;
