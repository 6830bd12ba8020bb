/** Shapes of docs/SIM-API-2.md "Payments" and "Renewal". Money is integer fen. */
import type { OrderView } from '@lodestar/domain';

export type { OrderView, PayOrderFilters, PayOrderRow, PayOrderTotals } from '@lodestar/domain';

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
