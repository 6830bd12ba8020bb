import { SIM_SORT_COLUMNS, type SimRow, type SimSortColumn } from '@lodestar/contract/sims';
import type { TFunction } from 'i18next';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { simColumns } from '../../features/sims/components/sim-columns.tsx';
import type { PagedColumn } from './PagedTable.tsx';
import type { PageQuery } from './use-server-list.ts';

// The type checks below are enforced by `npm run typecheck` (tsc reads the tests too): an expected
// error that no longer happens fails it.
describe('sortable columns', () => {
  it('a sortable column is one of the sort columns its list contract declares', () => {
    const sortable: PagedColumn<SimRow, unknown, SimSortColumn> = { key: 'ICCID', sortable: true };
    // @ts-expect-error Remark is not a SortColumn of Sim/GetSimList
    const unknown: PagedColumn<SimRow, unknown, SimSortColumn> = { key: 'Remark', sortable: true };
    const plain: PagedColumn<SimRow, unknown, SimSortColumn> = { key: 'Remark' };
    // @ts-expect-error a list whose contract takes no order has no sortable column
    const unordered: PagedColumn<SimRow> = { key: 'ICCID', sortable: true };
    expect([sortable, unknown, plain, unordered].map((c) => c.key)).toEqual(['ICCID', 'Remark', 'Remark', 'ICCID']);
    expectTypeOf<NonNullable<PageQuery['SortColumn']>>().toEqualTypeOf<never>();
    expectTypeOf<NonNullable<PageQuery<SimSortColumn>['SortColumn']>>().toEqualTypeOf<SimSortColumn>();
  });

  it("the SIM list's sortable columns are the ones Sim/GetSimList sorts by", () => {
    const t = ((key: string) => key) as unknown as TFunction<'sims'>;
    const keys = simColumns(t, () => {})
      .filter((c) => c.sortable)
      .map((c) => c.key);
    expect([...keys].sort()).toEqual([...SIM_SORT_COLUMNS].sort());
  });
});
