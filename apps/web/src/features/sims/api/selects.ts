import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/**
 * The drop-down sources every SIM screen uses (the catalogue and holds modules serve them).
 * They change rarely, so they stay fresh for a minute across pages.
 */
const STALE_MS = 60_000;

export interface OperatorOption {
  OperatorID: number;
  OperatorName: string;
}
export interface SupplierOption {
  SupplierID: number;
  SupplierName: string;
  OperatorID: number;
  OperatorName: string;
}
export interface PackageOption {
  PackageID: number;
  PackageName: string;
  OperatorID: number;
  PeriodMonths: number;
  PriceFen: number;
}
export interface CardTypeOption {
  CardTypeID: number;
  CardTypeName: string;
  OperatorID: number | null;
}
export interface HoldOption {
  HoldID: number;
  HoldName: string;
  parentHoldId: number | null;
  HoldType: number;
}

export const useOperatorSelect = () =>
  useQuery({
    queryKey: ['catalogue', 'select', 'operator'],
    queryFn: () => api.get<OperatorOption[]>('operator/getoperatorselect', { OperatorName: '' }),
    staleTime: STALE_MS,
  });

/** An empty SupplierName answers every supplier as a plain array (spec section 7). */
export const useSupplierSelect = () =>
  useQuery({
    queryKey: ['catalogue', 'select', 'supplier'],
    queryFn: () => api.get<SupplierOption[]>('supplier/getsupplierselect', { SupplierName: '' }),
    staleTime: STALE_MS,
  });

export const usePackageSelect = (operatorId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: ['catalogue', 'select', 'package', operatorId ?? 0],
    queryFn: () => api.get<PackageOption[]>('package/getpackageselect', { PackageName: '', OperatorID: operatorId }),
    staleTime: STALE_MS,
    enabled,
  });

export const useCardTypeSelect = (operatorId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: ['catalogue', 'select', 'cardtype', operatorId ?? 0],
    queryFn: () =>
      api.get<CardTypeOption[]>('cardtype/getcardtypeselect', { CardTypeName: '', OperatorID: operatorId }),
    staleTime: STALE_MS,
    enabled,
  });

export const useHoldSelect = () =>
  useQuery({
    queryKey: ['hold', 'select'],
    queryFn: () => api.get<HoldOption[]>('hold/getholdselect', { HoldName: '' }),
    staleTime: STALE_MS,
  });
