import type {
  AddSupplierData,
  AddSupplierInput,
  ModifySupplierInput,
  SupplierListQuery,
  SupplierRow,
  SupplierSortColumn,
} from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListFilters } from './query.ts';

export type { AddSupplierInput, SupplierSortColumn };
export type SupplierFilters = ListFilters<SupplierListQuery>;

export const supplierListKey = [...CATALOGUE_KEY, 'suppliers'];

// Spec section 7 writes these paths with a leading '/' or './'; the client resolves both to the API base.
export const getSupplierList = (q: SupplierListQuery) => api.post<Page<SupplierRow>>('/supplier/getsupplierlist', q);
export const addSupplier = (body: AddSupplierInput) => api.post<AddSupplierData>('./supplier/addsupplier', body);
export const modifySupplier = (body: ModifySupplierInput) => api.post<null>('./supplier/modifysupplier', body);
export const removeSupplier = (SupplierID: number) => api.post<null>('/supplier/removesupplier', { SupplierID });
