import { MONTH_RE, RECON_MATCHES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, Id, Literals, Paging, ReplyOf } from './common.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Month = Type.String({ pattern: MONTH_RE.source, description: 'YYYY-MM' });
const Fen = Type.Integer({ description: 'fen' });
const State = Type.Integer({ minimum: -1, maximum: 1, default: -1, description: '-1 all' });
const MatchFilter = Literals([0, ...RECON_MATCHES], {
  default: 0,
  description: '0 all, 1 matched, 2 missing in bill, 3 missing in ours, 4 price mismatch',
});

export const SummaryBody = Type.Object({ SupplierID: Id, Month });
const SummaryProps = {
  ReconciliationID: Nullable(Type.Integer()),
  SupplierID: Type.Integer(),
  SupplierName: Type.String(),
  OperatorName: Type.String(),
  Month: Type.String(),
  SimCount: Type.Integer(),
  ExpectedFen: Fen,
  BilledFen: Nullable(Fen),
  DifferenceFen: Nullable(Type.Integer({ description: 'BilledFen − ExpectedFen' })),
  BillRows: Type.Integer(),
  Matched: Type.Integer(),
  MissingInBill: Type.Integer(),
  MissingInOurs: Type.Integer(),
  PriceMismatch: Type.Integer(),
  State: Type.Integer(),
  StateText: Type.String(),
  BillFileName: Type.String(),
  UpdateTime: Type.String(),
};
export const Summary = Type.Object(SummaryProps);
export type SupplierSummary = Static<typeof Summary>;
export const SummaryReply = ReplyOf(Summary);

export const UploadBillBody = Type.Object({ SupplierID: Id, Month, FileID: Id });
export const BillRowError = Type.Object({
  Row: Type.Integer({ description: 'spreadsheet row (header = 1)' }),
  ICCID: Type.String(),
  Field: Type.String(),
  Reason: Type.String(),
});
export type BillRowError = Static<typeof BillRowError>;
export const BillErrors = Type.Object({ Errors: Type.Array(BillRowError) });
export const UploadBillReply = ReplyOf(Type.Union([Summary, BillErrors]));
export type UploadResult = Static<typeof UploadBillReply>['data'];

export const ReconIdBody = Type.Object({ ReconciliationID: Id });
const DetailFilter = {
  ReconciliationID: Id,
  Match: MatchFilter,
  ICCID: Type.Optional(Type.String({ maxLength: 20 })),
};
export const DetailBody = Type.Object({ ...DetailFilter, ...Paging });
export const DetailExportBody = Type.Object(DetailFilter);
export const DetailRow = Type.Object({
  ICCID: Type.String(),
  MSISDN: Type.String(),
  PackageName: Type.String(),
  ExpectedFen: Nullable(Fen),
  BilledFen: Nullable(Fen),
  DifferenceFen: Fen,
  Match: Type.Integer(),
  MatchText: Type.String(),
});
export type DetailRow = Static<typeof DetailRow>;
export const DetailReply = ReplyOf(
  Type.Object({
    rows: Type.Array(DetailRow),
    total: Type.Integer(),
    Totals: Type.Object({ ExpectedFen: Fen, BilledFen: Fen, DifferenceFen: Fen }),
  }),
);

const RecordFilter = {
  SupplierID: Type.Optional(Id),
  MonthFrom: Type.Optional(Month),
  MonthTo: Type.Optional(Month),
  State,
};
export const RecordBody = Type.Object({ ...RecordFilter, ...Paging });
export const RecordExportBody = Type.Object(RecordFilter);
export const RecordRow = Type.Object({ ...SummaryProps, UserName: Type.String() });
export type RecordRow = Static<typeof RecordRow>;
export const RecordReply = ReplyOf(
  Type.Object({
    rows: Type.Array(RecordRow),
    total: Type.Integer(),
    Totals: Type.Object({ SimCount: Type.Integer(), ExpectedFen: Fen, BilledFen: Fen, DifferenceFen: Fen }),
  }),
);

export const GenerateBody = Type.Object({ Month, HoldID: Type.Optional(Id) });
export const CountReply = ReplyOf(Type.Object({ Count: Type.Integer() }));

export const BILL_SORT_COLUMNS = ['HoldName', 'Month', 'TotalFen', 'DueFen', 'UpdateTime'] as const;
export type BillSortColumn = (typeof BILL_SORT_COLUMNS)[number];
const BillFilter = {
  SortColumn: Type.Optional(Literals(BILL_SORT_COLUMNS)),
  SortType: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('')])),
  Month: Type.Optional(Type.Union([Month, Type.Literal('')])),
  HoldID: Type.Optional(Id),
  State,
};
export const BillListBody = Type.Object({ ...BillFilter, ...Paging });
export const BillExportBody = Type.Object(BillFilter);
export const BillRow = Type.Object({
  BillID: Type.Integer(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Month: Type.String(),
  SimCount: Type.Integer(),
  RenewalCount: Type.Integer(),
  RenewalFen: Fen,
  SmsPackFen: Fen,
  SmsSent: Type.Integer(),
  TotalFen: Fen,
  PaidFen: Fen,
  DueFen: Fen,
  State: Type.Integer(),
  StateText: Type.String(),
  PaidTime: Type.String(),
  UpdateTime: Type.String(),
});
export type CustomerBill = Static<typeof BillRow>;
export const BillRowReply = ReplyOf(BillRow);
export const BillListReply = ReplyOf(
  Type.Object({
    rows: Type.Array(BillRow),
    total: Type.Integer(),
    Totals: Type.Object({
      SimCount: Type.Integer(),
      RenewalCount: Type.Integer(),
      RenewalFen: Fen,
      SmsPackFen: Fen,
      SmsSent: Type.Integer(),
      TotalFen: Fen,
      PaidFen: Fen,
      DueFen: Fen,
    }),
  }),
);

export const BillIdBody = Type.Object({ BillID: Id });
const LineFilter = {
  BillID: Id,
  Kind: Type.Integer({ minimum: 0, maximum: 3, default: 0, description: '0 all, 1 SIM, 2 renewal, 3 SMS pack' }),
};
export const LineBody = Type.Object({ ...LineFilter, ...Paging });
export const LineExportBody = Type.Object(LineFilter);
export const BillLine = Type.Object({
  Kind: Type.Integer(),
  KindText: Type.String(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  Description: Type.String(),
  AmountFen: Fen,
  Paid: Type.Boolean(),
  Ref: Type.String(),
  OccurredTime: Type.String(),
});
export type BillLine = Static<typeof BillLine>;
export const LineReply = ReplyOf(
  Type.Object({
    rows: Type.Array(BillLine),
    total: Type.Integer(),
    Totals: Type.Object({ Count: Type.Integer(), AmountFen: Fen, PaidFen: Fen, DueFen: Fen }),
  }),
);

// What the console's calls take and answer, typed from the schemas above.
export type SummaryInput = Static<typeof SummaryBody>;
export type UploadBillInput = Static<typeof UploadBillBody>;
export type DetailListQuery = Static<typeof DetailBody>;
export type DetailExportQuery = Static<typeof DetailExportBody>;
export type DetailTotals = DataOf<typeof DetailReply>['Totals'];
export type RecordListQuery = Static<typeof RecordBody>;
export type RecordExportQuery = Static<typeof RecordExportBody>;
export type RecordTotals = DataOf<typeof RecordReply>['Totals'];
export type GenerateInput = Static<typeof GenerateBody>;
export type CountData = DataOf<typeof CountReply>;
export type BillListQuery = Static<typeof BillListBody>;
export type BillExportQuery = Static<typeof BillExportBody>;
export type BillTotals = DataOf<typeof BillListReply>['Totals'];
export type LineListQuery = Static<typeof LineBody>;
export type LineExportQuery = Static<typeof LineExportBody>;
export type LineTotals = DataOf<typeof LineReply>['Totals'];
