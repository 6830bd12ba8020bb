import {
  LIMITS,
  REPORT_COLUMN_KINDS,
  REPORT_DURATION_CHOICES,
  REPORT_EXPORT_FORMATS,
  REPORT_IDLE_CHOICES,
  REPORT_LIMITS,
  REPORT_TYPES,
} from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, DeviceID, Id, Literals, ReplyOf } from './common.ts';

/**
 * The GPS report centre (issue #21): one generic run over a report type's definition. Distances are metres and
 * durations seconds, as History's calls answer them; times are the caller's zone.
 */
export const ReportTypeSchema = Literals(REPORT_TYPES, { description: 'a stable report id' });

export const ReportColumnSchema = Type.Object({
  Key: Type.String({ description: 'the row field' }),
  Title: Type.String({ description: 'in the caller’s language' }),
  Kind: Literals(REPORT_COLUMN_KINDS, { description: 'distance: metres; duration: seconds; speed: km/h' }),
  Total: Type.Boolean({ description: 'summed in the totals row' }),
});
export type ReportColumn = Static<typeof ReportColumnSchema>;

export const ReportParamSchema = Type.Object({
  Name: Type.String({ description: 'the Params field' }),
  Title: Type.String(),
  Choices: Type.Array(Type.Integer(), { description: 'the values the console offers (seconds for durations)' }),
  Default: Type.Integer(),
});
export type ReportParam = Static<typeof ReportParamSchema>;

export const ReportTypeRowSchema = Type.Object({
  Type: ReportTypeSchema,
  Name: Type.String({ description: 'in the caller’s language' }),
  Period: Type.Boolean({ description: 'takes StartTime and EndTime' }),
  Columns: Type.Array(ReportColumnSchema),
  Params: Type.Array(ReportParamSchema),
  Chart: Type.Optional(Literals(['bar', 'line', 'pie'] as const)),
  VipOnly: Type.Boolean(),
  DefaultSort: Type.String(),
});
export type ReportTypeRow = Static<typeof ReportTypeRowSchema>;
export const ReportTypesReply = ReplyOf(Type.Array(ReportTypeRowSchema));

export const ReportParamsSchema = Type.Object(
  {
    MinStopSeconds: Type.Optional(Literals(REPORT_DURATION_CHOICES, { description: 'stops: 1 hour to 1 year' })),
    OfflineSeconds: Type.Optional(Literals(REPORT_DURATION_CHOICES, { description: 'offline: 1 hour to 1 year' })),
    MinIdleSeconds: Type.Optional(Literals(REPORT_IDLE_CHOICES, { description: 'idling: 1 minute to 1 hour' })),
    Days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365, description: 'expiry within so many days' })),
  },
  { additionalProperties: false },
);

const ReportQuery = {
  Type: ReportTypeSchema,
  HoldID: Type.Optional(Id),
  DeviceIDs: Type.Optional(Type.Array(DeviceID, { maxItems: REPORT_LIMITS.maxDeviceIds })),
  StartTime: Type.Optional(DateTimeText),
  EndTime: Type.Optional(DateTimeText),
  Params: Type.Optional(ReportParamsSchema),
  SortColumn: Type.Optional(Type.String({ maxLength: 40, description: 'a column Key of the type' })),
  SortType: Type.Optional(Literals(['asc', 'desc'] as const)),
};

export const ReportRunBody = Type.Object({
  ...ReportQuery,
  PageIndex: Type.Integer({ minimum: 1, maximum: LIMITS.pageIndexMax, default: 1 }),
  PageSize: Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax, default: 20 }),
});
export type ReportRunInput = Static<typeof ReportRunBody>;

const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);
export const ReportRowSchema = Type.Record(Type.String(), Cell);
export type ReportRow = Static<typeof ReportRowSchema>;

export const ReportChartSchema = Type.Object({
  X: Type.Array(Type.String()),
  Series: Type.Array(Type.Object({ Name: Type.String(), Data: Type.Array(Type.Number()) })),
});
export type ReportChart = Static<typeof ReportChartSchema>;

export const ReportResultSchema = Type.Object({
  rows: Type.Array(ReportRowSchema),
  total: Type.Integer(),
  Totals: Type.Record(Type.String(), Type.Number(), { description: 'the Total columns summed over every row' }),
  Chart: Type.Optional(ReportChartSchema),
  FileID: Type.Optional(
    Type.Integer({ description: 'a report too long to answer here: its .xlsx is being written to this download' }),
  ),
});
export type ReportResult = Static<typeof ReportResultSchema>;
export const ReportRunReply = ReplyOf(ReportResultSchema);

export const ReportExportBody = Type.Object({ ...ReportQuery, Format: Literals(REPORT_EXPORT_FORMATS) });
export type ReportExportInput = Static<typeof ReportExportBody>;
