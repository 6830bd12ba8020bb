/** Report/* and the payment order list (docs/SIM-API-2.md "Reports", "Payments"). Money is integer fen. */
export type { PayOrderFilters, PayOrderRow, PayOrderTotals } from '@lodestar/domain';

export interface RenewalFeeFilters {
  StartTime?: string;
  EndTime?: string;
  HoldID?: number;
  OperatorID?: number;
  PackageID?: number;
  /** 0 all, 1 online, 2 work order */
  Source?: number;
  ICCID?: string;
}

export interface RenewalFeeRow {
  RenewalID: number;
  ICCID: string;
  MSISDN: string;
  HoldName: string;
  OperatorName: string;
  PackageName: string;
  Months: number;
  FeeFen: number;
  Source: number;
  SourceText: string;
  OrderNo: string;
  WorkID: number | null;
  ExpiresBefore: string | null;
  ExpiresAfter: string;
  UserName: string;
  CreateTime: string;
}

export interface RenewalTotals {
  Count: number;
  Months: number;
  FeeFen: number;
}

export interface NewStoppedFilters {
  HoldID?: number;
  OperatorID?: number;
}

export interface NewStoppedMonth {
  Month: string;
  New: number;
  Stopped: number;
}

export interface NewStoppedReport {
  Months: NewStoppedMonth[];
  Totals: { New: number; Stopped: number };
}

/** A list page that carries the Totals of every filtered row. */
export interface PageWithTotals<Row, T> {
  rows: Row[];
  total: number;
  Totals: T;
}
