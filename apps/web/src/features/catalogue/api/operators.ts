import type { OperatorRow } from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListQuery } from './query.ts';

export interface OperatorFilters {
  OperatorName: string;
}
export interface OperatorBody {
  OperatorName: string;
  Remark?: string;
}

export const operatorListKey = [...CATALOGUE_KEY, 'operators'];

export const getOperatorList = (q: ListQuery<OperatorFilters>) =>
  api.post<Page<OperatorRow>>('operator/getoperatorlist', q);
export const addOperator = (body: OperatorBody) => api.post<{ OperatorID: number }>('operator/addoperator', body);
export const modifyOperator = (body: OperatorBody & { OperatorID: number }) =>
  api.post<null>('operator/modifyoperator', body);
export const removeOperator = (OperatorID: number) => api.post<null>('operator/removeoperator', { OperatorID });
