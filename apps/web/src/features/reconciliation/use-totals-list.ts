import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type PageQuery } from '../../components/table/use-server-list.ts';
import type { TotalsPage } from './api/types.ts';

export interface TotalsList<Row, Totals> {
  rows: Row[];
  total: number;
  totals: Totals | undefined;
  paging: PageQuery;
  setPaging: (next: Partial<PageQuery>) => void;
  isFetching: boolean;
}

/**
 * A server-paged list whose reply carries `Totals` (useServerList keeps only rows and total).
 * Changing the filters goes back to page 1; the previous page stays shown while the next loads.
 */
export function useTotalsList<Row, Totals, F extends object>(
  queryKey: QueryKey,
  fetcher: (q: F & PageQuery) => Promise<TotalsPage<Row, Totals>>,
  filters: F,
  enabled = true,
): TotalsList<Row, Totals> {
  const filtersKey = JSON.stringify(filters);
  const [state, setState] = useState({ filtersKey, PageIndex: 1, PageSize: DEFAULT_PAGE_SIZE } as PageQuery & {
    filtersKey: string;
  });
  const current = state.filtersKey === filtersKey ? state : { ...state, filtersKey, PageIndex: 1 };
  const { filtersKey: _key, ...paging } = current;
  const query = useQuery({
    queryKey: [...queryKey, filters, paging],
    queryFn: () => fetcher({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
    enabled,
  });
  return {
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    totals: query.data?.Totals,
    paging,
    setPaging: (next) => setState({ ...current, ...next }),
    isFetching: query.isFetching,
  };
}
