import type { LockType, SimDisplayState, SimState } from '@lodestar/domain';

/** One SIM as `Sim/GetSimList` and `Sim/GetSimDetail` answer it (docs/SIM-API.md, SimRow). */
export interface SimRow {
  SimID: number;
  ICCID: string;
  MSISDN: string;
  IMSI: string;
  OperatorID: number;
  OperatorName: string;
  CardTypeID: number | null;
  CardTypeName: string;
  PackageID: number | null;
  PackageName: string;
  SupplierID: number;
  SupplierName: string;
  HoldID: number;
  HoldName: string;
  State: SimState;
  DisplayState: SimDisplayState;
  ActivatedOn: string | null;
  ExpiresOn: string | null;
  BalanceFen: number;
  DataUsedMB: number;
  LockType: LockType;
  LockedIMEI: string;
  DeviceID: string;
  Remark: string;
  PendingWorkID: number | null;
  ShippedAt: string | null;
  CreateTime: string;
}

export interface SimHistoryItem {
  Action: string;
  /** Action in the caller's language. */
  ActionText?: string;
  /** What changed, in the caller's language. */
  Detail: unknown;
  UserName: string;
  WorkID: number | null;
  CreateTime: string;
}

export interface SimDetail extends SimRow {
  History: SimHistoryItem[];
}

/** The filters of `Sim/GetSimList` (also the body of `Sim/ExportSimList`). */
export interface SimFilters {
  ICCID?: string;
  MSISDN?: string;
  /** 0 = all. */
  State?: SimState | 0;
  DisplayState?: SimDisplayState | '';
  HoldID?: number;
  OnlyHold?: boolean;
  SupplierID?: number;
  OperatorID?: number;
  ExpiresFrom?: string;
  ExpiresTo?: string;
  BatchID?: number;
}

export interface ImportError {
  Row: number;
  ICCID: string;
  Field: string;
  Reason: string;
}

export interface ImportResult {
  BatchID: number | null;
  Total: number;
  Imported: number;
  Failed: number;
  Errors: ImportError[];
}

export interface ImportBatchRow {
  BatchID: number;
  SupplierName: string;
  FileName: string;
  Total: number;
  Imported: number;
  Failed: number;
  UserName: string;
  CreateTime: string;
}

export interface HomeStats {
  Total: number;
  ByState: { State: SimState; Count: number }[];
  ByOperator: { OperatorID: number; OperatorName: string; Count: number }[];
  Expiring: number;
  Expired: number;
  LowBalance: number;
  PendingWork: number;
}
