import type { CheckStatus, LockType, WorkType } from '@lodestar/domain';

/** One work order as `/WorkFlow/GetWorkFlowList` answers it (docs/SIM-API.md, WorkRow); texts in the caller's language. */
export interface WorkRow {
  WorkID: number;
  WorkType: WorkType;
  WorkTypeText: string;
  /** The SIM's ICCID. */
  TargetID: string;
  MSISDN: string;
  LockType: LockType | null;
  IMEI: string | null;
  PackageID: number | null;
  PackageName: string | null;
  Months: number | null;
  CheckStatus: CheckStatus;
  CheckStatusText: string;
  WorkCont: string;
  /** The applicant. */
  UserName: string;
  ApplyTime: string;
  HoldID: number;
  HoldName: string;
  ReHoldID: number | null;
  ReHoldName: string | null;
  ReviewerName: string | null;
  CheckText: string | null;
  CheckTime: string | null;
}

/** The review filter of spec section 4: 0 all, else a CheckStatus. */
export type CheckFilter = 0 | CheckStatus;

/** The body of `/WorkFlow/GetWorkFlowList`, field names exactly as spec section 7 writes them. */
export interface WorkFlowListQuery {
  pageIndex: number;
  pageCount: number;
  CheckStatic: CheckFilter;
  IDNO: string;
  /** 'YYYY-MM-DD hh:mm:ss' in the caller's time zone. */
  StartTime: string;
  EndTime: string;
}

/** One element of the array `/WorkFlow/CheckWorkFlow` takes (spec section 3, approval item). */
export interface ApprovalItem {
  WorkID: number;
  WorkType: WorkType;
  TargetID: string;
  LockType: LockType | null;
  CheckStatus: CheckStatus.Agreed | CheckStatus.Rejected;
  CheckText: string;
  ReHoldID: number | null;
}
