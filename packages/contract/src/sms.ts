import { PAY_METHODS, SMS_RULES, SMS_STATES } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, Id, Literals, Paging, ReplyOf, SortOf } from './common.ts';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const SendSmsBody = Type.Object({
  MSISDNs: Type.Array(Type.String({ maxLength: 32 }), {
    minItems: 1,
    maxItems: SMS_RULES.maxTargets,
    description: "SIM numbers (sims.msisdn) in the caller's subtree",
  }),
  Content: Type.String({ minLength: 1, maxLength: SMS_RULES.maxLength, description: 'the text, in characters' }),
});
export type SendSmsInput = Static<typeof SendSmsBody>;
export const SendSmsResult = Type.Object({
  Count: Type.Integer({ description: 'messages written (one per distinct number)' }),
  Segments: Type.Integer({ description: 'parts debited, after refunds for refused messages' }),
  Balance: Type.Integer({ description: "the paying hold's balance afterwards" }),
  MessageIDs: Type.Array(Type.Integer()),
});
export type SendSmsResult = Static<typeof SendSmsResult>;
export const SendSmsReply = ReplyOf(SendSmsResult);

export const SMS_SORT_COLUMNS = ['CreateTime', 'MSISDN', 'State'] as const;
export type SmsSortColumn = (typeof SMS_SORT_COLUMNS)[number];

const TimeFilter = Type.Optional(Type.Union([Type.Literal(''), Type.Null(), DateTimeText]));
const smsFilters = {
  ...SortOf(SMS_SORT_COLUMNS),
  MSISDN: Type.Optional(Type.String({ maxLength: 32, description: 'part of the number' })),
  ICCID: Type.Optional(Type.String({ maxLength: 32, description: 'part of the ICCID' })),
  State: Type.Optional(
    Literals([-1, ...SMS_STATES], { default: -1, description: '-1 all, 0 queued, 1 sent, 2 delivered, 3 failed' }),
  ),
  HoldID: Type.Optional(Nullable(Id)),
  StartTime: TimeFilter,
  EndTime: TimeFilter,
};
export const SmsListBody = Type.Object({ ...Paging, ...smsFilters });
export type SmsListInput = Static<typeof SmsListBody>;
export const SmsExportBody = Type.Object(smsFilters);
export type SmsFilterInput = Static<typeof SmsExportBody>;

export const SmsRow = Type.Object({
  MessageID: Type.Integer(),
  MSISDN: Type.String(),
  ICCID: Type.String(),
  HoldName: Type.String(),
  Content: Type.String(),
  Segments: Type.Integer(),
  State: Type.Integer(),
  StateText: Type.String(),
  Error: Type.String(),
  Provider: Type.String(),
  UserName: Type.String(),
  CreateTime: Type.String(),
  SentTime: Type.String({ description: "'' until sent" }),
  DeliveredTime: Type.String({ description: "'' until delivered" }),
});
export type SmsRow = Static<typeof SmsRow>;
export const SmsList = Type.Object({
  rows: Type.Array(SmsRow),
  total: Type.Integer(),
  Totals: Type.Object({
    Count: Type.Integer({ description: 'messages matching the filters (every page)' }),
    Segments: Type.Integer({ description: 'their parts' }),
  }),
});
export type SmsList = Static<typeof SmsList>;
export const SmsListReply = ReplyOf(SmsList);

export const SmsBalance = Type.Object({
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  Balance: Type.Integer({ description: 'SMS parts the hold may still send' }),
  Provider: Type.Union([Type.Literal('local'), Type.Literal('http')], {
    description: 'local: messages are written to the server log, nothing is delivered',
  }),
});
export type SmsBalance = Static<typeof SmsBalance>;
export const SmsBalanceReply = ReplyOf(SmsBalance);

export const SmsPack = Type.Object({ PackID: Type.String(), Count: Type.Integer(), PriceFen: Type.Integer() });
export type SmsPack = Static<typeof SmsPack>;
export const SmsPacksReply = ReplyOf(Type.Array(SmsPack));

export const BuySmsPackBody = Type.Object({
  PackID: Type.String({ minLength: 1, maxLength: 32 }),
  Method: Literals(PAY_METHODS, { description: '1 Alipay, 2 WeChat Pay' }),
});
export type BuySmsPackInput = Static<typeof BuySmsPackBody>;

/** Buying a pack answers the payment order (payments.ts). */
export { OrderReply as OrderViewReply } from './payments.ts';

export const DeliveryReportBody = Type.Object({
  MessageID: Type.Optional(Id),
  ProviderMessageID: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  State: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
  Error: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DeliveryReportInput = Static<typeof DeliveryReportBody>;
