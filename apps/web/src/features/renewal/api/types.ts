/** Shapes of docs/SIM-API-2.md "Payments" and "Renewal". Money is integer fen. */

export interface OrderView {
  OrderID: number;
  OrderNo: string;
  /** PayKind: 1 renewal, 2 SMS pack. */
  Kind: number;
  /** PayMethod: 1 Alipay, 2 WeChat Pay. */
  Method: number;
  Provider: string;
  /** The local sandbox handles it: no money moves. */
  Sandbox: boolean;
  AmountFen: number;
  Currency: string;
  /** PayStatus: 0 pending, 1 paid, 2 failed, 3 closed. */
  Status: number;
  StatusText: string;
  Subject: string;
  PayUrl: string;
  FailReason: string;
  ExpiresAt: string;
  CreateTime: string;
  PaidTime: string | null;
}

export interface OrderItem {
  SimID: number;
  ICCID: string;
  MSISDN: string;
  PackageName: string;
  Periods: number;
  Months: number;
  FeeFen: number;
}

export type OrderDetail = OrderView & { Items: OrderItem[] };

export interface PayOrderRow extends OrderView {
  HoldName: string;
  UserName: string;
}

export interface PayOrderFilters {
  Kind?: number;
  Method?: number;
  Status?: number;
  OrderNo?: string;
  HoldID?: number;
  StartTime?: string;
  EndTime?: string;
}

export interface PayOrderTotals {
  Count: number;
  AmountFen: number;
  PaidCount: number;
  PaidFen: number;
}

export type RenewalDisplayState = '' | 'expiring' | 'expired';

export interface RenewalFilters {
  DisplayState?: RenewalDisplayState;
  ICCID?: string;
  MSISDN?: string;
  HoldID?: number;
}

export interface RenewalSimRow {
  SimID: number;
  ICCID: string;
  MSISDN: string;
  HoldID: number;
  HoldName: string;
  OperatorID: number;
  OperatorName: string;
  PackageID: number | null;
  PackageName: string;
  PeriodMonths: number | null;
  PriceFen: number | null;
  ExpiresOn: string | null;
  DisplayState: 'expiring' | 'expired';
  State: number;
  /** The pending renewal order holding the SIM, or ''. */
  PendingOrderNo: string;
}

export interface RenewalBody {
  SimIDs: number[];
  PackageID?: number;
  Periods: number;
}

export interface QuoteItem {
  SimID: number;
  ICCID: string;
  PackageID: number;
  PackageName: string;
  Months: number;
  FeeFen: number;
  ExpiresOn: string | null;
  NewExpiresOn: string;
}

export interface Quote {
  Items: QuoteItem[];
  TotalFen: number;
}
