import { type Static, Type } from 'typebox';
import { DateTimeText, PageOf, Paging, SortOf } from './common.ts';

const logFilters = {
  StartTime: Type.Optional(Type.Union([Type.Literal(''), DateTimeText])),
  EndTime: Type.Optional(Type.Union([Type.Literal(''), DateTimeText])),
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
  /** Newest first unless SortType is asc (the only sortable column is the time). */
  ...SortOf(['CreateTime'] as const),
};
/** Log/GetOperationLog and Log/GetVisitorLog. */
export const LogQueryBody = Type.Object({ ...Paging, ...logFilters });
export type LogQueryInput = Static<typeof LogQueryBody>;
/** Log/ExportOperationLog and Log/ExportVisitorLog: the list's body without paging. */
export const LogExportBody = Type.Object(logFilters);
export type LogFilterInput = Static<typeof LogExportBody>;

export const OperationRowSchema = Type.Object({
  LogID: Type.Integer(),
  UserName: Type.String(),
  HoldName: Type.String(),
  Action: Type.String(),
  Detail: Type.String(),
  Ip: Type.String(),
  CreateTime: Type.String(),
});
export type OperationRow = Static<typeof OperationRowSchema>;
export const OperationLogReply = PageOf(OperationRowSchema);
export const VisitorRowSchema = Type.Object({
  LogID: Type.Integer(),
  UserName: Type.String(),
  Phone: Type.String(),
  Ip: Type.String(),
  UserAgent: Type.String(),
  Result: Type.String(),
  CreateTime: Type.String(),
});
export type VisitorRow = Static<typeof VisitorRowSchema>;
export const VisitorLogReply = PageOf(VisitorRowSchema);
