/**
 * History playback and track analysis (issue #16): the track, its trips and stops, their totals, one
 * position's whole record, and the export of a period. Every call takes a device and a period in the
 * user's time zone (`YYYY-MM-DD HH:mm:ss`), at most LIMITS.trackQueryDays long and no older than the
 * device's history allowance (7 days free, 90 with VIP). Durations are seconds, distances metres,
 * speeds km/h; the console formats them.
 */
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Literals, Nullable, ReplyOf } from './common.ts';

export const TRACK_FORMATS = ['objects', 'compact'] as const;
export type TrackFormat = (typeof TRACK_FORMATS)[number];

export const TrackBody = Type.Object({
  DeviceID,
  StartTime: DateTimeText,
  EndTime: DateTimeText,
  Format: Type.Optional(
    Literals(TRACK_FORMATS, { description: "'objects' (default): a row per point; 'compact': CompactTrack" }),
  ),
});
export type TrackInput = Static<typeof TrackBody>;

export const TrackPointSchema = Type.Object({
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
});
export type TrackPoint = Static<typeof TrackPointSchema>;

/**
 * A track as columns of integers, each but `Alarms` delta-encoded (the first value absolute, every next
 * one the difference from the one before), so a 30-day track is a few MB of JSON that gzip shrinks well.
 * Times are Unix seconds (UTC; the console shows them in the user's zone), coordinates WGS-84 in
 * millionths of a degree, speed in tenths of km/h, course in degrees. Points are in time order.
 */
export const CompactTrackSchema = Type.Object({
  Count: Type.Integer(),
  Time: Type.Array(Type.Integer()),
  Lat: Type.Array(Type.Integer()),
  Lng: Type.Array(Type.Integer()),
  Speed: Type.Array(Type.Integer()),
  Course: Type.Array(Type.Integer()),
  Invalid: Type.Array(Type.Integer(), { description: 'indexes of the points without a valid fix' }),
  Alarms: Type.Array(Type.Object({ Index: Type.Integer(), Alarms: Type.Array(Type.String()) })),
});
export type CompactTrack = Static<typeof CompactTrackSchema>;

export const TrackReply = ReplyOf(Type.Union([Type.Array(TrackPointSchema), CompactTrackSchema]));
export type TrackData = Static<typeof TrackReply>['data'];

/** History/GetPosition: the whole record of the point the user clicked (the compact track leaves these out). */
export const PositionBody = Type.Object({ DeviceID, GpsTime: DateTimeText });
export type PositionInput = Static<typeof PositionBody>;
export const PositionSchema = Type.Object({
  ...TrackPointSchema.properties,
  Attributes: Type.Record(Type.String(), Type.Unknown()),
});
export type Position = Static<typeof PositionSchema>;
export const PositionReply = ReplyOf(Nullable(PositionSchema));

export const PeriodBody = Type.Object({
  DeviceID,
  StartTime: DateTimeText,
  EndTime: DateTimeText,
  MinStopSeconds: Type.Optional(
    Type.Integer({
      minimum: 60,
      maximum: 31_536_000,
      description: 'a stop shorter than this does not end a trip (default: the HISTORY_STOP_SECONDS setting, 180)',
    }),
  ),
});
export type PeriodInput = Static<typeof PeriodBody>;

/** A trip or stop overlapping the period is answered whole, so a day asked alone and inside a range agree. */
export const TripRowSchema = Type.Object({
  StartTime: Type.String(),
  EndTime: Type.String(),
  StartLat: Type.Number(),
  StartLng: Type.Number(),
  EndLat: Type.Number(),
  EndLng: Type.Number(),
  Distance: Type.Number({ description: 'metres' }),
  Duration: Type.Integer({ description: 'seconds' }),
  MaxSpeed: Type.Number({ description: 'km/h' }),
  AvgSpeed: Type.Number({ description: 'km/h: distance over duration' }),
});
export type TripRow = Static<typeof TripRowSchema>;
export const TripsReply = ReplyOf(Type.Array(TripRowSchema));

export const StopRowSchema = Type.Object({
  StartTime: Type.String(),
  EndTime: Type.String(),
  Lat: Type.Number(),
  Lng: Type.Number(),
  Duration: Type.Integer({ description: 'seconds' }),
});
export type StopRow = Static<typeof StopRowSchema>;
export const StopsReply = ReplyOf(Type.Array(StopRowSchema));

export const SummarySchema = Type.Object({
  Distance: Type.Number({ description: 'metres' }),
  MovingTime: Type.Integer({ description: 'seconds in trips' }),
  StoppedTime: Type.Integer({ description: 'seconds in stops' }),
  MaxSpeed: Type.Number(),
  AvgSpeed: Type.Number({ description: 'distance over moving time, km/h' }),
  TripCount: Type.Integer(),
  StopCount: Type.Integer(),
});
export type HistorySummary = Static<typeof SummarySchema>;
export const SummaryReply = ReplyOf(SummarySchema);

export const EXPORT_FORMATS = ['gpx', 'kml', 'csv', 'xlsx'] as const;
export type HistoryExportFormat = (typeof EXPORT_FORMATS)[number];
export const HistoryExportBody = Type.Object({
  DeviceIDs: Type.Array(DeviceID, { minItems: 1, maxItems: 10 }),
  StartTime: DateTimeText,
  EndTime: DateTimeText,
  Format: Literals(EXPORT_FORMATS),
});
export type HistoryExportInput = Static<typeof HistoryExportBody>;
/** History/Export answers FileIdReply (common.ts): the download-centre entry being written. */
