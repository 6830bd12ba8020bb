import type { SupplierRow } from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListQuery } from './query.ts';

export interface SupplierFilters {
  SupplierName: string;
  OperatorID?: number;
}
export interface SupplierBody {
  SupplierName: string;
  OperatorID: number;
  Contact?: string;
  Phone?: string;
  Email?: string;
  Remark?: string;
}

export const supplierListKey = [...CATALOGUE_KEY, 'suppliers'];

// Spec section 7 writes these paths with a leading '/' or './'; the client resolves both to the API base.
export const getSupplierList = (q: ListQuery<SupplierFilters>) =>
  api.post<Page<SupplierRow>>('/supplier/getsupplierlist', q);
export const addSupplier = (body: SupplierBody) => api.post<{ SupplierID: number }>('./supplier/addsupplier', body);
export const modifySupplier = (body: SupplierBody & { SupplierID: number }) =>
  api.post<null>('./supplier/modifysupplier', body);
export const removeSupplier = (SupplierID: number) => api.post<null>('/supplier/removesupplier', { SupplierID });
