import type { PageQuery } from '../../../components/table/index.ts';

/** Rows and bodies of the catalogue calls (docs/SIM-API.md, "Catalogue"). */
export interface OperatorRow {
  OperatorID: number;
  OperatorName: string;
  Remark: string;
  HoldID: number;
  HoldName: string;
  /** False for an ancestor's row: shown, not writable. */
  Editable: boolean;
  CreateTime: string;
}

export interface CardTypeRow {
  CardTypeID: number;
  CardTypeName: string;
  /** null: a form factor of any carrier. */
  OperatorID: number | null;
  OperatorName: string;
  Remark: string;
  HoldName: string;
  Editable: boolean;
  CreateTime: string;
}

export interface PackageRow {
  PackageID: number;
  PackageName: string;
  OperatorID: number;
  OperatorName: string;
  PeriodMonths: number;
  DataMB: number;
  SmsCount: number;
  PriceFen: number;
  Remark: string;
  HoldName: string;
  Editable: boolean;
  CreateTime: string;
}

export interface SupplierRow {
  SupplierID: number;
  SupplierName: string;
  OperatorID: number;
  OperatorName: string;
  Contact: string;
  Phone: string;
  Email: string;
  Remark: string;
  SimCount: number;
  CreateTime: string;
}

export interface OperatorOption {
  OperatorID: number;
  OperatorName: string;
}

export type ListQuery<F> = F & PageQuery;

/** Every catalogue query key starts with this, so one invalidation refreshes lists and drop-downs. */
export const CATALOGUE_KEY = ['catalogue'] as const;
