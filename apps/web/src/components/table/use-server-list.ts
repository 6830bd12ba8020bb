import type { Page } from '@lodestar/domain';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export type SortType = 'asc' | 'desc';

/**
 * The paging and sorting fields every server-paged list call takes (docs/SIM-API.md). `C` is the
 * call's sortable columns as its contract lists them (`never`: a list the server does not sort).
 */
export interface PageQuery<C extends string = never> {
  PageIndex: number;
  PageSize: number;
  SortColumn?: C;
  SortType?: SortType;
}

export interface ServerListOptions<C extends string = never> {
  pageSize?: number;
  sortColumn?: C;
  sortType?: SortType;
  /** False holds the query back (e.g. until a supplier is chosen). */
  enabled?: boolean;
}

/** A list reply; lists that add up their rows answer `Totals` over every matching row too. */
export type ListReply<Row, Totals> = Page<Row> & { Totals?: Totals };

export interface ServerList<Row, Totals = undefined, C extends string = never> {
  rows: Row[];
  total: number;
  /** The reply's `Totals`, computed by the server over every row the filters select. */
  totals: Totals | undefined;
  paging: PageQuery<C>;
  // A method, so a list of known columns still fits a table whose columns are typed loosely.
  setPaging(next: Partial<PageQuery<C>>): void;
  /** True on the first load and on every refetch (the previous page stays visible meanwhile). */
  isFetching: boolean;
  refetch: () => void;
}

export const DEFAULT_PAGE_SIZE = 20;

/**
 * A server-paged list: owns PageIndex/PageSize/SortColumn/SortType, asks `fetcher` with the
 * filters merged in, and keeps the previous page on screen while the next one loads. The query
 * key is `[...queryKey, filters, paging]`, so `invalidateQueries({ queryKey })` refreshes it.
 * Changing the filters goes back to page 1. The sortable columns `C` come from the fetcher's
 * contract input (its SortColumn), never from the default order, which must be one of them.
 */
export function useServerList<Row, F extends object, Totals = undefined, C extends string = never>(
  queryKey: QueryKey,
  fetcher: (query: F & PageQuery<C>) => Promise<ListReply<Row, Totals>>,
  filters: F,
  options: ServerListOptions<NoInfer<C>> = {},
): ServerList<Row, Totals, C> {
  const filtersKey = JSON.stringify(filters);
  const [state, setState] = useState(() => ({
    filtersKey,
    PageIndex: 1,
    PageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    SortColumn: options.sortColumn,
    SortType: options.sortType,
  }));
  // Derived rather than reset in an effect, so the first fetch after a filter change already asks for page 1.
  const current = state.filtersKey === filtersKey ? state : { ...state, filtersKey, PageIndex: 1 };
  const { filtersKey: _ignored, ...paging } = current;

  const query = useQuery({
    queryKey: [...queryKey, filters, paging],
    queryFn: () => fetcher({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const total = query.data?.total ?? 0;
  const rows = query.data?.rows ?? [];

  // After a delete empties the last page, step back to the page that still has rows.
  const lastPage = Math.max(1, Math.ceil(total / paging.PageSize));
  const overshoot = !query.isPlaceholderData && rows.length === 0 && paging.PageIndex > lastPage;
  useEffect(() => {
    if (overshoot) setState((s) => ({ ...s, filtersKey, PageIndex: lastPage }));
  }, [overshoot, lastPage, filtersKey]);

  return {
    rows,
    total,
    totals: query.data?.Totals,
    paging,
    setPaging: (next) => setState({ ...current, ...next }),
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}
