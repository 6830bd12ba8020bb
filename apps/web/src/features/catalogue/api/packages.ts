import type {
  AddPackageData,
  AddPackageInput,
  ModifyPackageInput,
  PackageListQuery,
  PackageRow,
  PackageSortColumn,
} from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListFilters } from './query.ts';

export type { AddPackageInput, PackageSortColumn };
export type PackageFilters = ListFilters<PackageListQuery>;

export const packageListKey = [...CATALOGUE_KEY, 'packages'];

export const getPackageList = (q: PackageListQuery) => api.post<Page<PackageRow>>('package/getpackagelist', q);
/** PriceFen is integer fen. */
export const addPackage = (body: AddPackageInput) => api.post<AddPackageData>('package/addpackage', body);
export const modifyPackage = (body: ModifyPackageInput) => api.post<null>('package/modifypackage', body);
export const removePackage = (PackageID: number) => api.post<null>('package/removepackage', { PackageID });
