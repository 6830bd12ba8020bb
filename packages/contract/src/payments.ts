import { type Static, Type } from 'typebox';
import { type DataOf, DateTimeText, Id, Paging, ReplyOf, SortOf } from './common.ts';

export const tags = ['payments'];

export const OrderView = Type.Object({
  OrderID: Type.Integer(),
  OrderNo: Type.String(),
  Kind: Type.Integer({ description: '1 renewal, 2 SMS pack' }),
  Method: Type.Integer({ description: '1 Alipay, 2 WeChat Pay' }),
  Provider: Type.String({ description: 'sandbox, alipay or wechatpay' }),
  Sandbox: Type.Boolean({ description: 'the local sandbox: no money moves' }),
  AmountFen: Type.Integer(),
  Currency: Type.String(),
  Status: Type.Integer({ description: '0 pending, 1 paid, 2 failed, 3 closed' }),
  StatusText: Type.String(),
  Subject: Type.String(),
  PayUrl: Type.String({ description: 'QR content or pay page; sandbox://pay/<OrderNo> for the sandbox' }),
  FailReason: Type.String(),
  ExpiresAt: Type.String(),
  CreateTime: Type.String(),
  PaidTime: Type.Union([Type.String(), Type.Null()]),
});
export type OrderView = Static<typeof OrderView>;
export const OrderReply = ReplyOf(OrderView);

export const OrderItem = Type.Object({
  SimID: Type.Integer(),
  ICCID: Type.String(),
  MSISDN: Type.String(),
  PackageName: Type.String(),
  Periods: Type.Integer(),
  Months: Type.Integer(),
  FeeFen: Type.Integer(),
});
export type OrderItem = Static<typeof OrderItem>;
export const OrderDetail = Type.Intersect([OrderView, Type.Object({ Items: Type.Array(OrderItem) })]);
export type OrderDetail = Static<typeof OrderDetail>;
export const OrderDetailReply = ReplyOf(OrderDetail);

export const OrderIdBody = Type.Object({ OrderID: Id });
export const SandboxPayBody = Type.Object({
  OrderID: Id,
  Outcome: Type.Union([Type.Literal('paid'), Type.Literal('failed')]),
});

export const PAY_ORDER_SORT_COLUMNS = ['CreateTime', 'AmountFen', 'PaidTime'] as const;
export type PayOrderSortColumn = (typeof PAY_ORDER_SORT_COLUMNS)[number];

const listFilter = {
  ...SortOf(PAY_ORDER_SORT_COLUMNS),
  Kind: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: '0 all (forced by function)' })),
  Method: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  Status: Type.Optional(Type.Integer({ minimum: -1, maximum: 3, description: '-1 all' })),
  OrderNo: Type.Optional(Type.String({ maxLength: 64 })),
  HoldID: Type.Optional(Type.Integer({ minimum: 0 })),
  StartTime: Type.Optional(Type.Union([DateTimeText, Type.Literal('')])),
  EndTime: Type.Optional(Type.Union([DateTimeText, Type.Literal('')])),
};
export const PayOrderListBody = Type.Object({ ...Paging, ...listFilter });
export type PayOrderListInput = Static<typeof PayOrderListBody>;
export const PayOrderExportBody = Type.Object(listFilter);
export type PayOrderFilters = Static<typeof PayOrderExportBody>;

export const PayOrderRow = Type.Intersect([
  OrderView,
  Type.Object({ HoldName: Type.String(), UserName: Type.String() }),
]);
export type PayOrderRow = Static<typeof PayOrderRow>;
export const PayOrderTotals = Type.Object({
  Count: Type.Integer(),
  AmountFen: Type.Integer(),
  PaidCount: Type.Integer(),
  PaidFen: Type.Integer(),
});
export type PayOrderTotals = Static<typeof PayOrderTotals>;
export const PayOrderListReply = ReplyOf(
  Type.Object({ rows: Type.Array(PayOrderRow), total: Type.Integer(), Totals: PayOrderTotals }),
);
/** Payment/GetPayOrderList's data: the page of orders and the totals of every matching order. */
export type PayOrderList = DataOf<typeof PayOrderListReply>;
