import type { PackageRow } from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListQuery } from './query.ts';

export interface PackageFilters {
  PackageName: string;
  OperatorID?: number;
}
export interface PackageBody {
  PackageName: string;
  OperatorID: number;
  PeriodMonths: number;
  DataMB: number;
  SmsCount: number;
  /** Integer fen. */
  PriceFen: number;
  Remark?: string;
}

export const packageListKey = [...CATALOGUE_KEY, 'packages'];

export const getPackageList = (q: ListQuery<PackageFilters>) => api.post<Page<PackageRow>>('package/getpackagelist', q);
export const addPackage = (body: PackageBody) => api.post<{ PackageID: number }>('package/addpackage', body);
export const modifyPackage = (body: PackageBody & { PackageID: number }) =>
  api.post<null>('package/modifypackage', body);
export const removePackage = (PackageID: number) => api.post<null>('package/removepackage', { PackageID });
