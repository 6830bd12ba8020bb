import { STATUS_FILTERS, type StatusFilter, VIP_FILTERS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DeviceID, Id, Literals, Nullable, ReplyOf } from './common.ts';
import { DeviceKeyword, type DeviceRow } from './devices.ts';

export { DeviceListReply as MonitorListReply } from './devices.ts';

export const MonitorBody = Type.Object({
  HoldID: Type.Optional(Id),
  DeviceIDs: Type.Optional(Type.String({ maxLength: 40_000, description: 'comma-separated, at most 1000' })),
  Status: Type.Optional(Literals(STATUS_FILTERS)),
  Keyword: DeviceKeyword('the bound vehicle’s plate'),
  Vip: Type.Optional(
    Literals(VIP_FILTERS, {
      description: 'VIP state (spec section 4): expired, or expiring within 7, 30 or 60 days (today included)',
    }),
  ),
});
export type MonitorInput = Static<typeof MonitorBody>;
/** Monitor/GetMonitorList answers device rows; they carry the bound vehicle's Plate and VehicleLifeStatus. */
export type MonitorRow = DeviceRow;

export const MonitorCountsBody = Type.Object({ HoldID: Type.Optional(Id) });
export type MonitorCountsInput = Static<typeof MonitorCountsBody>;
export const MonitorCountsReply = ReplyOf(
  Type.Object(
    Object.fromEntries(STATUS_FILTERS.map((k) => [k, Type.Integer()])) as Record<StatusFilter, Type.TInteger>,
  ),
);
export type MonitorCounts = Static<typeof MonitorCountsReply>['data'];

export const FollowReply = ReplyOf(Type.Object({ Followed: Type.Boolean() }));
export type Followed = Static<typeof FollowReply>['data'];

export const ReleaseAlarmBody = Type.Object({ DeviceID, Reason: Type.String({ minLength: 1, maxLength: 200 }) });
export type ReleaseAlarmInput = Static<typeof ReleaseAlarmBody>;
export const ReleaseAlarmReply = ReplyOf(Type.Object({ Released: Type.Integer() }));
export type Released = Static<typeof ReleaseAlarmReply>['data'];

// The track is history's (history.ts); the monitor's trails call it too.
export { TrackBody, type TrackInput, type TrackPoint, TrackPointSchema, TrackReply } from './history.ts';

const CellSchema = Type.Object({
  MCC: Type.Integer(),
  MNC: Type.Integer(),
  LAC: Type.Integer(),
  CellID: Type.Number(),
  Signal: Type.Optional(Type.Number({ description: 'as the device reports it (RSSI, dBm or level)' })),
});
export const DeviceDetailSchema = Type.Object({
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
});
export type DeviceDetail = Static<typeof DeviceDetailSchema>;
export const DeviceDetailReply = ReplyOf(DeviceDetailSchema);

/** Geocode/Reverse: places for up to 100 WGS-84 points at once, in the caller's language. */
export const ReverseGeocodeBody = Type.Object({
  Points: Type.Array(
    Type.Object({
      Lat: Type.Number({ minimum: -90, maximum: 90 }),
      Lng: Type.Number({ minimum: -180, maximum: 180 }),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export type ReverseGeocodeInput = Static<typeof ReverseGeocodeBody>;
export const PlaceSchema = Type.Object({
  Country: Type.String(),
  Province: Type.String(),
  City: Type.String({ description: 'prefecture-level city; a municipality is its own city' }),
  Address: Type.String(),
  Source: Type.String({ description: 'offline, amap or nominatim' }),
});
export type Place = Static<typeof PlaceSchema>;
export const ReverseGeocodeReply = ReplyOf(Type.Array(PlaceSchema));
