import type { SimListInput, SimRow, SimSortColumn } from '@lodestar/contract/sims';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

/** Every SIM list query key starts with this (useServerList appends filters and paging), so writes invalidate them all. */
export const simListRoot = ['sims', 'list'] as const;

export type { SimSortColumn };

export const getSimList = (q: SimListInput) => api.post<Page<SimRow>>('Sim/GetSimList', q);
