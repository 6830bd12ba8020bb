import { SIM_DISPLAY_STATES, SIM_RULES, SIM_STATES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { type DataOf, DateText, Id, Literals, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const ICCIDText = Type.String({ minLength: 1, maxLength: 20, description: '19 or 20 characters starting 89' });

export const UploadReply = ReplyOf(
  Type.Object({ FileID: Type.Integer(), FileName: Type.String(), Size: Type.Integer({ description: 'bytes' }) }),
);
export type UploadedFile = DataOf<typeof UploadReply>;

/** A spreadsheet row as JSON; strings because that is what a sheet holds. */
export const ImportRow = Type.Object({
  ICCID: Type.String({ maxLength: 64 }),
  MSISDN: Type.Optional(Type.String({ maxLength: 64 })),
  IMSI: Type.Optional(Type.String({ maxLength: 64 })),
  PackageName: Type.Optional(Type.String({ maxLength: 128 })),
  CardTypeName: Type.Optional(Type.String({ maxLength: 128 })),
  ExpiresOn: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD' })),
  Remark: Type.Optional(Type.String({ maxLength: 1000 })),
});

export const ImportBody = Type.Object({
  SupplierID: Id,
  FileID: Type.Optional(Id),
  Rows: Type.Optional(Type.Array(ImportRow, { maxItems: SIM_RULES.importMaxRows })),
  PackageID: Type.Optional(Id),
  CardTypeID: Type.Optional(Id),
  AllowPartial: Type.Optional(Type.Boolean()),
});

export type ImportInput = Static<typeof ImportBody>;
export const ImportErrorSchema = Type.Object({
  Row: Type.Integer({ description: 'spreadsheet row (header = 1) or 1-based index in Rows' }),
  ICCID: Type.String(),
  Field: Type.String(),
  Reason: Type.String(),
});
export type ImportError = Static<typeof ImportErrorSchema>;
export const ImportResultSchema = Type.Object({
  BatchID: Nullable(Type.Integer()),
  Total: Type.Integer(),
  Imported: Type.Integer(),
  Failed: Type.Integer(),
  Errors: Type.Array(ImportErrorSchema),
});
export type ImportResult = Static<typeof ImportResultSchema>;
export const ImportReply = ReplyOf(ImportResultSchema);

/** The import history takes no order: newest batch first. */
export const BatchListBody = Type.Object(Paging);
export type BatchListInput = Static<typeof BatchListBody>;
/** The import history takes no filter: the export holds every batch in reach. */
export const BatchExportBody = Type.Object({});
export const ImportBatchRowSchema = Type.Object({
  BatchID: Type.Integer(),
  SupplierName: Type.String(),
  FileName: Type.String(),
  Total: Type.Integer(),
  Imported: Type.Integer(),
  Failed: Type.Integer(),
  UserName: Type.String(),
  CreateTime: Type.String(),
});
export type ImportBatchRow = Static<typeof ImportBatchRowSchema>;
export const BatchListReply = PageOf(ImportBatchRowSchema);

export const SIM_SORT_COLUMNS = ['ICCID', 'MSISDN', 'State', 'ExpiresOn', 'HoldName', 'CreateTime'] as const;
export type SimSortColumn = (typeof SIM_SORT_COLUMNS)[number];

const filterFields = {
  ...SortOf(SIM_SORT_COLUMNS),
  ICCID: Type.Optional(Type.String({ maxLength: 20 })),
  MSISDN: Type.Optional(Type.String({ maxLength: 20 })),
  State: Type.Optional(Literals([0, ...SIM_STATES])),
  DisplayState: Type.Optional(Literals(['', ...SIM_DISPLAY_STATES])),
  HoldID: Type.Optional(Id),
  OnlyHold: Type.Optional(Type.Boolean()),
  SupplierID: Type.Optional(Id),
  OperatorID: Type.Optional(Id),
  ExpiresFrom: Type.Optional(Type.Union([DateText, Type.Literal('')])),
  ExpiresTo: Type.Optional(Type.Union([DateText, Type.Literal('')])),
  BatchID: Type.Optional(Id),
};
export const SimFilterBody = Type.Object(filterFields);
export const SimListBody = Type.Object({ ...Paging, ...filterFields });
export type SimFilterInput = Static<typeof SimFilterBody>;
export type SimListInput = Static<typeof SimListBody>;

export const SimRowSchema = Type.Object({
  SimID: Type.Integer(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  IMSI: Type.String(),
  OperatorID: Type.Integer(),
  OperatorName: Type.String(),
  CardTypeID: Nullable(Type.Integer()),
  CardTypeName: Type.String(),
  PackageID: Nullable(Type.Integer()),
  PackageName: Type.String(),
  SupplierID: Type.Integer(),
  SupplierName: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  State: Type.Integer({ description: 'SimState 1–7' }),
  DisplayState: Literals(SIM_DISPLAY_STATES, { description: 'normal, expiring, expired, lowBalance' }),
  ActivatedOn: Nullable(Type.String()),
  ExpiresOn: Nullable(Type.String()),
  BalanceFen: Type.Integer(),
  DataUsedMB: Type.Integer(),
  LockType: Type.Integer(),
  LockedIMEI: Type.String(),
  DeviceID: Type.String({ description: "the caller's device whose SIM is this MSISDN, or ''" }),
  Remark: Type.String(),
  PendingWorkID: Nullable(Type.Integer()),
  ShippedAt: Nullable(Type.String()),
  CreateTime: Type.String(),
});
export type SimRow = Static<typeof SimRowSchema>;
export const SimListReply = PageOf(SimRowSchema);

export const SimIdBody = Type.Object({ SimID: Id });
export const SimHistoryItemSchema = Type.Object({
  Action: Type.String({ description: 'import, outbound, stop, resume, return, packageChange, renewal, …' }),
  ActionText: Type.String({ description: "Action in the caller's language" }),
  Detail: Type.String({ description: "what changed, in the caller's language" }),
  UserName: Type.String(),
  WorkID: Nullable(Type.Integer()),
  CreateTime: Type.String(),
});
export type SimHistoryItem = Static<typeof SimHistoryItemSchema>;
export const SimDetailSchema = Type.Object({ ...SimRowSchema.properties, History: Type.Array(SimHistoryItemSchema) });
export type SimDetail = Static<typeof SimDetailSchema>;
export const SimDetailReply = ReplyOf(SimDetailSchema);

export const OutboundBody = Type.Object({
  HoldID: Id,
  SimIDs: Type.Optional(Type.Array(Id, { maxItems: SIM_RULES.outboundMax })),
  ICCIDFrom: Type.Optional(Type.Union([ICCIDText, Type.Literal('')])),
  ICCIDTo: Type.Optional(Type.Union([ICCIDText, Type.Literal('')])),
  Remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OutboundInput = Static<typeof OutboundBody>;
export const CountReply = ReplyOf(Type.Object({ Count: Type.Integer() }));
export type CountData = DataOf<typeof CountReply>;

export const HomeStatsSchema = Type.Object({
  Total: Type.Integer(),
  ByState: Type.Array(Type.Object({ State: Type.Integer(), Count: Type.Integer() })),
  ByOperator: Type.Array(
    Type.Object({ OperatorID: Type.Integer(), OperatorName: Type.String(), Count: Type.Integer() }),
  ),
  Expiring: Type.Integer(),
  Expired: Type.Integer(),
  LowBalance: Type.Integer(),
  PendingWork: Type.Integer(),
});
export type HomeStats = Static<typeof HomeStatsSchema>;
export const HomeStatsReply = ReplyOf(HomeStatsSchema);
