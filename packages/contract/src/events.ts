/**
 * The event list (issue #17): every event the ingest stored — the fence engine's crossings, speeding and
 * stays, the devices' own alarms, ignition and connection changes — with filters, for /monitor/event and the
 * history timeline. Function 31 (online monitor) or 51 (geo-fence). EventTime is the fix's time in the
 * caller's zone, as GetTrack answers it.
 */
import { EVENT_TYPES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Id, Literals, Nullable, PageOf, Paging, SortOf } from './common.ts';

export const EVENT_SORT_COLUMNS = ['EventTime', 'DeviceID', 'Type'] as const;

const filters = {
  HoldID: Type.Optional(Id),
  DeviceID: Type.Optional(DeviceID),
  Types: Type.Optional(Type.Array(Literals(EVENT_TYPES), { maxItems: EVENT_TYPES.length })),
  FenceID: Type.Optional(Id),
  RoadID: Type.Optional(Id),
  /** Only events that raised an alarm (true), or only records (false). */
  Alarm: Type.Optional(Type.Boolean()),
  StartTime: DateTimeText,
  EndTime: DateTimeText,
};
export const EventListBody = Type.Object({ ...filters, ...Paging, ...SortOf(EVENT_SORT_COLUMNS) });
export type EventListInput = Static<typeof EventListBody>;
/** Event/ExportEventList answers FileIdReply: the download-centre entry of the .xlsx. */
export const EventExportBody = Type.Object({ ...filters, ...SortOf(EVENT_SORT_COLUMNS) });
export type EventExportInput = Static<typeof EventExportBody>;

export const EventRowSchema = Type.Object({
  EventID: Type.Integer(),
  DeviceID: Type.String(),
  DeviceName: Type.String(),
  Plate: Nullable(Type.String()),
  HoldName: Type.String(),
  Type: Type.String({ description: 'a zone event (fenceEnter …), a device alarm name, or a state change' }),
  Alarm: Type.Boolean({ description: 'the event raised an alarm on the device' }),
  EventTime: Type.String(),
  FenceID: Nullable(Type.Integer()),
  RoadID: Nullable(Type.Integer()),
  ZoneName: Nullable(Type.String({ description: 'the fence or road, as it is named now' })),
  Lat: Nullable(Type.Number()),
  Lng: Nullable(Type.Number()),
  Speed: Nullable(Type.Number({ description: 'km/h, for the engine’s events' })),
  ReleaseTime: Nullable(Type.String()),
});
export type EventRow = Static<typeof EventRowSchema>;
export const EventListReply = PageOf(EventRowSchema);
