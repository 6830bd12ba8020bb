import { LIVE_WATCH_MAX } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, Id, Nullable } from './common.ts';

/**
 * The live feed: GET /API/ws?appid=… upgrades to a WebSocket (docs/API.md "Live feed"); the client's first
 * message is `{ type: 'auth', token }` (the token never travels in the URL, where proxies and logs keep it).
 * These are its messages both ways, and the live bus's update from ingest to the API processes.
 * Close codes and the watch limit are values both sides use: LIVE_CLOSE and LIVE_WATCH_MAX in @lodestar/domain.
 */

/**
 * Something that happened to a device (an alarm raised, ignition changed, connected or gone, a fence or road
 * entered, left, sped in or stayed in too long), on the bus.
 */
export const LiveBusEventSchema = Type.Object({
  type: Type.Union([
    Type.Literal('alarm'),
    Type.Literal('ignitionOn'),
    Type.Literal('ignitionOff'),
    Type.Literal('online'),
    Type.Literal('offline'),
    Type.Literal('zone'),
  ]),
  alarm: Type.Optional(
    Type.String({
      description:
        "the alarm's name; for a zone event (fenceEnter …) the event: type 'alarm' when the zone raises alarms, else 'zone'",
    }),
  ),
  FenceID: Type.Optional(Type.Integer()),
  RoadID: Type.Optional(Type.Integer()),
  ZoneName: Type.Optional(Type.String({ description: 'the fence or road' })),
  speed: Type.Optional(Type.Number({ description: 'km/h, for zone events' })),
  eventTime: Type.String({ description: 'ISO 8601 UTC on the bus' }),
  lat: Type.Optional(Nullable(Type.Number())),
  lon: Type.Optional(Nullable(Type.Number())),
});
export type LiveBusEvent = Static<typeof LiveBusEventSchema>;
/** The same event in a `positions` message: its time in the user's zone, as every time the API answers. */
export const LiveEventSchema = Type.Object({
  ...LiveBusEventSchema.properties,
  eventTime: DateTimeText,
});
export type LiveEvent = Static<typeof LiveEventSchema>;

/**
 * The live bus's message (ingest → API processes, in memory or over NATS; never sent to a browser):
 * a device's latest state after a write, and its new events. A device that has never had a fix
 * has no position: fixTime, lat and lon are null.
 */
export const LiveUpdateSchema = Type.Object({
  devicePk: Type.Integer(),
  deviceId: Type.String(),
  holdId: Type.Integer(),
  holdPath: Type.String(),
  fixTime: Nullable(Type.String({ description: 'ISO 8601 UTC' })),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  speed: Nullable(Type.Number()),
  course: Nullable(Type.Number()),
  acc: Nullable(Type.Boolean()),
  alarms: Type.Array(Type.String()),
  status: Type.String({ description: 'map status as of this update (the device just reported, so it is online)' }),
  mileage: Type.Number(),
  events: Type.Array(LiveBusEventSchema),
});
export type LiveUpdate = Static<typeof LiveUpdateSchema>;

/**
 * One device in a `positions` message. Lat, Lng and GpsTime are null for a device that never had a
 * fix: the console updates its status but never draws it (nor a trail point) without a position.
 */
export const LivePositionSchema = Type.Object({
  DeviceID: Type.String(),
  Lat: Nullable(Type.Number({ description: 'WGS-84' })),
  Lng: Nullable(Type.Number({ description: 'WGS-84' })),
  Speed: Nullable(Type.Number({ description: 'km/h' })),
  Course: Nullable(Type.Number()),
  GpsTime: Nullable(DateTimeText),
  Acc: Nullable(Type.Boolean()),
  Alarms: Type.Array(Type.String()),
  Status: Type.String({ description: 'moving, ignitionOff, still, offline, alarm, weakGps, unused' }),
  Mileage: Type.Number({ description: 'km' }),
  Events: Type.Array(LiveEventSchema),
});
export type LivePosition = Static<typeof LivePositionSchema>;

// Server → browser.
export const LiveHelloSchema = Type.Object({
  type: Type.Literal('hello'),
  intervalMs: Type.Integer(),
  HoldID: Type.Integer(),
});
export const LivePositionsSchema = Type.Object({
  type: Type.Literal('positions'),
  rows: Type.Array(LivePositionSchema),
});
export const LiveScopeSchema = Type.Object({ type: Type.Literal('scope'), HoldID: Type.Integer() });
export const LiveWatchSchema = Type.Object({
  type: Type.Literal('watch'),
  count: Nullable(Type.Integer({ description: 'the devices watched; null: the whole scope' })),
});
export const LiveErrorSchema = Type.Object({
  type: Type.Literal('error'),
  msg: Type.String(),
  HoldID: Type.Optional(Type.Unknown()),
});
export const LiveServerMessageSchema = Type.Union([
  LiveHelloSchema,
  LivePositionsSchema,
  LiveScopeSchema,
  LiveWatchSchema,
  LiveErrorSchema,
]);
export type LiveHello = Static<typeof LiveHelloSchema>;
export type LivePositions = Static<typeof LivePositionsSchema>;
export type LiveServerMessage = Static<typeof LiveServerMessageSchema>;

// Browser → server. The first message must be `auth`; others sent before the `hello` are queued.
export const LiveAuthRequestSchema = Type.Object({ type: Type.Literal('auth'), token: Type.String() });
export const LiveScopeRequestSchema = Type.Object({ type: Type.Literal('scope'), HoldID: Id });
export const LiveWatchRequestSchema = Type.Object({
  type: Type.Literal('watch'),
  DeviceIDs: Nullable(Type.Array(Type.String(), { maxItems: LIVE_WATCH_MAX })),
});
export const LiveClientMessageSchema = Type.Union([
  LiveAuthRequestSchema,
  LiveScopeRequestSchema,
  LiveWatchRequestSchema,
]);
export type LiveClientMessage = Static<typeof LiveClientMessageSchema>;
