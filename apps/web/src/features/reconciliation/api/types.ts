/** Shapes of the Reconciliation/* replies (docs/SIM-API-2.md "Reconciliation"). Money in fen. */
export interface SupplierSummary {
  ReconciliationID: number | null;
  SupplierID: number;
  SupplierName: string;
  OperatorName: string;
  Month: string;
  SimCount: number;
  ExpectedFen: number;
  BilledFen: number | null;
  DifferenceFen: number | null;
  BillRows: number;
  Matched: number;
  MissingInBill: number;
  MissingInOurs: number;
  PriceMismatch: number;
  State: number;
  StateText: string;
  BillFileName: string;
  UpdateTime: string;
}

export interface BillRowError {
  Row: number;
  ICCID: string;
  Field: string;
  Reason: string;
}

export type UploadReply = SupplierSummary | { Errors: BillRowError[] };

export interface DetailRow {
  ICCID: string;
  MSISDN: string;
  PackageName: string;
  ExpectedFen: number | null;
  BilledFen: number | null;
  DifferenceFen: number;
  Match: number;
  MatchText: string;
}

export interface RecordRow extends SupplierSummary {
  UserName: string;
}

export interface CustomerBill {
  BillID: number;
  HoldID: number;
  HoldName: string;
  Month: string;
  SimCount: number;
  RenewalCount: number;
  RenewalFen: number;
  SmsPackFen: number;
  SmsSent: number;
  TotalFen: number;
  PaidFen: number;
  DueFen: number;
  State: number;
  StateText: string;
  PaidTime: string;
  UpdateTime: string;
}

export interface BillLine {
  Kind: number;
  KindText: string;
  ICCID: string;
  MSISDN: string;
  Description: string;
  AmountFen: number;
  Paid: boolean;
  Ref: string;
  OccurredTime: string;
}

/** A paged list that also answers totals computed from the same rows. */
export interface TotalsPage<Row, Totals> {
  rows: Row[];
  total: number;
  Totals: Totals;
}
