import type { CardTypeOption, OperatorOption, PackageOption, SupplierOption } from '@lodestar/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY } from './query.ts';

export type { CardTypeOption, OperatorOption, PackageOption, SupplierOption };

/**
 * The catalogue's drop-down sources (the `…select` calls), used by the catalogue and SIM screens.
 * They change rarely, so they stay fresh for a minute across pages.
 */
const STALE_MS = 60_000;

export const useOperatorSelect = () =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'select', 'operator'],
    queryFn: () => api.get<OperatorOption[]>('operator/getoperatorselect', { OperatorName: '' }),
    staleTime: STALE_MS,
  });

/** An empty SupplierName answers every supplier as a plain array (spec section 7). */
export const useSupplierSelect = () =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'select', 'supplier'],
    queryFn: () => api.get<SupplierOption[]>('supplier/getsupplierselect', { SupplierName: '' }),
    staleTime: STALE_MS,
  });

export const usePackageSelect = (operatorId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'select', 'package', operatorId ?? 0],
    queryFn: () => api.get<PackageOption[]>('package/getpackageselect', { PackageName: '', OperatorID: operatorId }),
    staleTime: STALE_MS,
    enabled,
  });

export const useCardTypeSelect = (operatorId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...CATALOGUE_KEY, 'select', 'cardtype', operatorId ?? 0],
    queryFn: () =>
      api.get<CardTypeOption[]>('cardtype/getcardtypeselect', { CardTypeName: '', OperatorID: operatorId }),
    staleTime: STALE_MS,
    enabled,
  });
