import type { PageQuery } from '../../../components/table/index.ts';

/** A list call's filters: its contract query less the paging and order the table owns. */
export type ListFilters<Q> = Omit<Q, keyof PageQuery>;

/** Every catalogue query key starts with this, so one invalidation refreshes lists and drop-downs. */
export const CATALOGUE_KEY = ['catalogue'] as const;
