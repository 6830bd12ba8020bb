import { RenewalSource } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, Id, Paging, ReplyOf, SortOf } from './common.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const TimeFilter = Type.Optional(Type.Union([Type.Literal(''), Type.Null(), DateTimeText]));

export const RENEWAL_SORT_COLUMNS = ['CreateTime', 'FeeFen', 'HoldName'] as const;
export type RenewalSortColumn = (typeof RENEWAL_SORT_COLUMNS)[number];

const renewalFilters = {
  ...SortOf(RENEWAL_SORT_COLUMNS),
  StartTime: TimeFilter,
  EndTime: TimeFilter,
  HoldID: Type.Optional(Nullable(Id)),
  OperatorID: Type.Optional(Nullable(Id)),
  PackageID: Type.Optional(Nullable(Id)),
  Source: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(RenewalSource.Online), Type.Literal(RenewalSource.WorkOrder)], {
      description: '0 all, 1 online, 2 work order',
    }),
  ),
  ICCID: Type.Optional(Type.String({ maxLength: 20, description: 'part of the ICCID' })),
};
/** Report/ExportRenewalFeeList: GetRenewalFeeList's body without paging. */
export const RenewalFeeExportBody = Type.Object(renewalFilters);
export const RenewalFeeListBody = Type.Object({ ...Paging, ...renewalFilters });
export type RenewalFeeFilterInput = Static<typeof RenewalFeeExportBody>;
export type RenewalFeeListInput = Static<typeof RenewalFeeListBody>;

export const RenewalFeeRow = Type.Object({
  RenewalID: Type.Integer(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  HoldName: Type.String(),
  OperatorName: Type.String(),
  PackageName: Type.String(),
  Months: Type.Integer(),
  FeeFen: Type.Integer(),
  Source: Type.Integer(),
  SourceText: Type.String(),
  OrderNo: Type.String({ description: "'' for work-order renewals" }),
  WorkID: Nullable(Type.Integer()),
  ExpiresBefore: Nullable(Type.String()),
  ExpiresAfter: Type.String(),
  UserName: Type.String(),
  CreateTime: Type.String(),
});
export type RenewalFeeRow = Static<typeof RenewalFeeRow>;

export const RenewalTotals = Type.Object({
  Count: Type.Integer(),
  Months: Type.Integer(),
  FeeFen: Type.Integer(),
});
export type RenewalTotals = Static<typeof RenewalTotals>;
export const RenewalFeeListReply = ReplyOf(
  Type.Object({ rows: Type.Array(RenewalFeeRow), total: Type.Integer(), Totals: RenewalTotals }),
);

export const NewStoppedBody = Type.Object({
  HoldID: Type.Optional(Nullable(Id)),
  OperatorID: Type.Optional(Nullable(Id)),
});
export type NewStoppedInput = Static<typeof NewStoppedBody>;
export const NewStoppedMonth = Type.Object({
  Month: Type.String({ description: 'YYYY-MM' }),
  New: Type.Integer(),
  Stopped: Type.Integer(),
});
export type NewStoppedMonth = Static<typeof NewStoppedMonth>;
export const NewStoppedReport = Type.Object({
  Months: Type.Array(NewStoppedMonth),
  Totals: Type.Object({ New: Type.Integer(), Stopped: Type.Integer() }),
});
export type NewStoppedReport = Static<typeof NewStoppedReport>;
export const NewStoppedReply = ReplyOf(NewStoppedReport);
