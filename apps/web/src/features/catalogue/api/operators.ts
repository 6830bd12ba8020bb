import type {
  AddOperatorData,
  AddOperatorInput,
  ModifyOperatorInput,
  OperatorListQuery,
  OperatorRow,
  OperatorSortColumn,
} from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListFilters } from './query.ts';

export type { AddOperatorInput, OperatorSortColumn };
export type OperatorFilters = ListFilters<OperatorListQuery>;

export const operatorListKey = [...CATALOGUE_KEY, 'operators'];

export const getOperatorList = (q: OperatorListQuery) => api.post<Page<OperatorRow>>('operator/getoperatorlist', q);
export const addOperator = (body: AddOperatorInput) => api.post<AddOperatorData>('operator/addoperator', body);
export const modifyOperator = (body: ModifyOperatorInput) => api.post<null>('operator/modifyoperator', body);
export const removeOperator = (OperatorID: number) => api.post<null>('operator/removeoperator', { OperatorID });
