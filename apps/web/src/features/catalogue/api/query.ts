import type { PageQuery } from '../../../components/table/index.ts';

export type ListQuery<F> = F & PageQuery;

/** Every catalogue query key starts with this, so one invalidation refreshes lists and drop-downs. */
export const CATALOGUE_KEY = ['catalogue'] as const;
