import type { SimFilterInput, SimRow } from '@lodestar/contract/sims';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/use-server-list.ts';

/** Every SIM list query key starts with this (useServerList appends filters and paging), so writes invalidate them all. */
export const simListRoot = ['sims', 'list'] as const;

/** SortColumn is one of ICCID, MSISDN, State, ExpiresOn, HoldName, CreateTime (the sortable columns). */
export const getSimList = (q: SimFilterInput & PageQuery) => api.post<Page<SimRow>>('Sim/GetSimList', q);
