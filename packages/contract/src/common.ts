import { HOLD_TYPES, LIMITS, PHONE_RE, YEAR_PATTERN } from '@lodestar/domain';
import { type Static, Type } from 'typebox';

const DEVICE_ID_PATTERN = '[0-9A-Za-z]{4,32}';

/**
 * Shapes shared by several resources' schemas. Every reply is `{ code, msg, errCode, data }`;
 * times in replies are text in the caller's time zone (DateTimeText), see docs/API.md.
 */
/**
 * A union of literals from a list of values: validates and documents as `anyOf` of constants, and
 * its Static is the values' union (`Type.Union(list.map(Type.Literal))` would type as never).
 */
export const Literals = <const T extends readonly Type.TLiteralValue[]>(values: T, options?: Type.TSchemaOptions) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  );

export const Phone = Type.String({ pattern: PHONE_RE.source, description: 'Mainland mobile or +E.164' });
/** A row's id: a PostgreSQL integer, so anything past 2147483647 is refused (400) rather than sent to the database. */
export const Id = Type.Integer({ minimum: 1, maximum: LIMITS.intMax });
export const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A device as the console and the tracker name it. */
export const DeviceID = Type.String({
  pattern: `^${DEVICE_ID_PATTERN}$`,
  description: 'IMEI, or the JT/T 808 terminal phone',
});
export const HoldTypeSchema = Literals(HOLD_TYPES, {
  description: '1 service provider, 2 enterprise, 3 fleet, 4 individual, 9 other',
});
export const Paging = {
  PageIndex: Type.Integer({ minimum: 1, maximum: LIMITS.pageIndexMax, default: 1 }),
  PageSize: Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax, default: 20 }),
};
/**
 * A list's order: SortColumn one of the list's sortable columns (each mapped to its column by the
 * repository), SortType asc or desc. A spec console's '' for either is "not given"
 * (lib/blank-fields.ts): the list's default order.
 */
export const SortOf = <const C extends readonly string[]>(columns: C) => ({
  SortColumn: Type.Optional(Literals(columns, { description: "a sortable column; absent or '': the list's default" })),
  SortType: Type.Optional(Literals(['asc', 'desc'], { description: "absent or '': the list's default" })),
});
const DAY = `${YEAR_PATTERN}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])`;
/** Years 1970–2100 only: dates outside them are a caller's mistake, and some are beyond the database's range. */
export const DateTimeText = Type.String({
  pattern: `^${DAY} (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$`,
  description: 'YYYY-MM-DD hh:mm:ss in the user time zone, years 1970–2100',
});
/** A calendar day (format 'date' refuses 2024-02-30), years 1970–2100. */
export const DateText = Type.String({
  format: 'date',
  pattern: `^${DAY}$`,
  description: 'YYYY-MM-DD, years 1970–2100',
});
export const ReplyOf = <T extends Type.TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), errCode: Type.Integer(), data });
export const PageOf = <T extends Type.TSchema>(row: T) =>
  ReplyOf(Type.Object({ rows: Type.Array(row), total: Type.Integer() }));
export const Empty = ReplyOf(Type.Null());
/** What a reply schema carries in `data`: what the console's API function resolves to. */
export type DataOf<R extends Type.TSchema> = Static<R> extends { data: infer D } ? D : never;
/** A list export: the download-centre entry its .xlsx is being written to. */
export const FileIdReply = ReplyOf(Type.Object({ FileID: Type.Integer({ description: 'the download-centre entry' }) }));
export type FileIdData = DataOf<typeof FileIdReply>;
/** `data` of a list call that also answers totals over every matching row, not only the page's. */
export interface PageWithTotals<Row, T> {
  rows: Row[];
  total: number;
  Totals: T;
}
