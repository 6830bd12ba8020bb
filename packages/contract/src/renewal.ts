import { PAY_METHODS, PAYMENT_RULES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { Id, Literals, PageOf, Paging, ReplyOf, SortOf } from './common.ts';

export const tags = ['renewal'];

export const RENEWAL_SIM_SORT_COLUMNS = ['ExpiresOn', 'ICCID', 'HoldName'] as const;
export type RenewalSimSortColumn = (typeof RENEWAL_SIM_SORT_COLUMNS)[number];

const listFilter = {
  ...SortOf(RENEWAL_SIM_SORT_COLUMNS),
  DisplayState: Type.Optional(
    Type.Union([Type.Literal(''), Type.Literal('expiring'), Type.Literal('expired')], {
      description: "'' expiring and expired",
    }),
  ),
  ICCID: Type.Optional(Type.String({ maxLength: 20 })),
  MSISDN: Type.Optional(Type.String({ maxLength: 20 })),
  HoldID: Type.Optional(Type.Integer({ minimum: 0 })),
};
export const RenewalSimListBody = Type.Object({ ...Paging, ...listFilter });
export type RenewalSimListInput = Static<typeof RenewalSimListBody>;
export const RenewalSimExportBody = Type.Object(listFilter);
export type RenewalFilters = Static<typeof RenewalSimExportBody>;

export const RenewalSimRow = Type.Object({
  SimID: Type.Integer(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  OperatorID: Type.Integer(),
  OperatorName: Type.String(),
  PackageID: Type.Union([Type.Integer(), Type.Null()]),
  PackageName: Type.String(),
  PeriodMonths: Type.Union([Type.Integer(), Type.Null()]),
  PriceFen: Type.Union([Type.Integer(), Type.Null()]),
  ExpiresOn: Type.Union([Type.String(), Type.Null()]),
  DisplayState: Type.String(),
  State: Type.Integer(),
  PendingOrderNo: Type.String({ description: "the pending renewal order holding the SIM, or ''" }),
});
export type RenewalSimRow = Static<typeof RenewalSimRow>;
export const RenewalSimListReply = PageOf(RenewalSimRow);

const renewalBody = {
  SimIDs: Type.Array(Id, { minItems: 1, maxItems: PAYMENT_RULES.renewalMaxSims }),
  PackageID: Type.Optional(Type.Integer({ minimum: 0, description: 'absent or 0: each SIM renews its own package' })),
  Periods: Type.Integer({ minimum: 1, maximum: PAYMENT_RULES.renewalMaxPeriods }),
};
export const QuoteBody = Type.Object(renewalBody);
export type RenewalBody = Static<typeof QuoteBody>;
export const CreateOrderBody = Type.Object({
  ...renewalBody,
  Method: Literals(PAY_METHODS, { description: '1 Alipay, 2 WeChat Pay' }),
});

export type CreateOrderInput = Static<typeof CreateOrderBody>;

export const QuoteItem = Type.Object({
  SimID: Type.Integer(),
  ICCID: Type.String(),
  PackageID: Type.Integer(),
  PackageName: Type.String(),
  Months: Type.Integer(),
  FeeFen: Type.Integer(),
  ExpiresOn: Type.Union([Type.String(), Type.Null()]),
  NewExpiresOn: Type.String(),
});
export type QuoteItem = Static<typeof QuoteItem>;
export const Quote = Type.Object({ Items: Type.Array(QuoteItem), TotalFen: Type.Integer() });
export type Quote = Static<typeof Quote>;
export const QuoteReply = ReplyOf(Quote);
/** '' lists expiring and expired SIMs together. */
export type RenewalDisplayState = NonNullable<RenewalFilters['DisplayState']>;
