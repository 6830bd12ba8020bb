import { PAY_METHODS, VIP_RULES, WALLET_ENTRY_KINDS } from '@lodestar/domain';
import { type Static, Type } from 'typebox';
import { DateTimeText, Id, Literals, Paging, ReplyOf, SortOf } from './common.ts';

/** The VPoint wallet (/vip/wallet, /vip/wallet-detail; issue #19). VPoints are integers, money integer fen. */
export const tags = ['wallet'];

export const Wallet = Type.Object({
  HoldID: Type.Integer(),
  HoldName: Type.String(),
  VPoint: Type.Integer({ description: 'the balance' }),
  VPointPerYuan: Type.Integer({ description: "what 1 yuan of top-up credits, the nearest unit's rate" }),
  Currency: Type.String(),
  PacksYuan: Type.Array(Type.Integer(), { description: 'top-up packs the console offers; any amount is allowed' }),
  MinTopUpFen: Type.Integer(),
  MaxTopUpFen: Type.Integer(),
});
export type Wallet = Static<typeof Wallet>;
export const WalletReply = ReplyOf(Wallet);

export const TopUpBody = Type.Object({
  AmountFen: Type.Integer({ minimum: VIP_RULES.minTopUpFen, maximum: VIP_RULES.maxTopUpFen }),
  Method: Literals(PAY_METHODS, { description: '1 Alipay, 2 WeChat Pay' }),
});
export type TopUpInput = Static<typeof TopUpBody>;

export const GiftBody = Type.Object({
  HoldID: Id,
  VPoint: Type.Integer({ minimum: 1, maximum: VIP_RULES.maxGift }),
  Remark: Type.Optional(Type.String({ maxLength: VIP_RULES.remarkLength })),
});
export type GiftInput = Static<typeof GiftBody>;
export const GiftReply = ReplyOf(Type.Object({ VPoint: Type.Integer({ description: "the giver's balance after" }) }));

export const WALLET_DETAIL_SORT_COLUMNS = ['CreateTime', 'VPoint', 'AmountFen'] as const;
export type WalletDetailSortColumn = (typeof WALLET_DETAIL_SORT_COLUMNS)[number];

const detailFilter = {
  ...SortOf(WALLET_DETAIL_SORT_COLUMNS),
  Kind: Type.Optional(
    Type.Union([Literals(WALLET_ENTRY_KINDS), Type.Literal(0)], {
      description: '0 all, 1 top-up, 2 upgrade, 3 gift given, 4 gift received, 5 refund',
    }),
  ),
  OrderNo: Type.Optional(Type.String({ maxLength: 64 })),
  StartTime: Type.Optional(Type.Union([DateTimeText, Type.Literal('')])),
  EndTime: Type.Optional(Type.Union([DateTimeText, Type.Literal('')])),
};
export const WalletDetailListBody = Type.Object({ ...Paging, ...detailFilter });
export type WalletDetailListInput = Static<typeof WalletDetailListBody>;
export const WalletDetailExportBody = Type.Object(detailFilter);
export type WalletDetailFilters = Static<typeof WalletDetailExportBody>;

export const WalletEntryRow = Type.Object({
  EntryID: Type.Integer(),
  Kind: Type.Integer(),
  KindText: Type.String(),
  OrderNo: Type.String({ description: "the payment order of a top-up, 'U<id>' of an upgrade, 'G<id>' of a gift" }),
  AmountFen: Type.Integer({ description: 'money paid (top-ups), fen' }),
  VPoint: Type.Integer({ description: 'signed: credits positive' }),
  Remaining: Type.Integer({ description: 'the balance after this movement' }),
  Payer: Type.String({ description: 'who moved it' }),
  Counterpart: Type.String({ description: 'gifts: the other unit' }),
  Status: Type.Integer({ description: 'PayStatus of a top-up (1 paid); 1 for every other movement' }),
  StatusText: Type.String(),
  Method: Type.Integer({ description: '1 Alipay, 2 WeChat Pay; 0 none' }),
  MethodText: Type.String(),
  Currency: Type.String(),
  Remark: Type.String(),
  CreateTime: Type.String(),
});
export type WalletEntryRow = Static<typeof WalletEntryRow>;
export const WalletTotals = Type.Object({
  Count: Type.Integer(),
  In: Type.Integer({ description: 'VPoints credited' }),
  Out: Type.Integer({ description: 'VPoints debited (positive)' }),
  AmountFen: Type.Integer(),
});
export type WalletTotals = Static<typeof WalletTotals>;
export const WalletDetailListReply = ReplyOf(
  Type.Object({ rows: Type.Array(WalletEntryRow), total: Type.Integer(), Totals: WalletTotals }),
);
