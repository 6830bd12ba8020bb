import '../sims.css';
import type { SimFilterInput, SimRow, SimSortColumn } from '@lodestar/contract/sims';
import { Fn, type SimWorkType } from '@lodestar/domain';
import { Button, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { useExportSimList } from '../api/export-sim-list.ts';
import { getSimList, simListRoot } from '../api/get-sim-list.ts';
import { SimBatchActions, SimRowActions } from '../components/SimActions.tsx';
import { SimDetailDrawer } from '../components/SimDetailDrawer.tsx';
import { SimFilterBar } from '../components/SimFilterBar.tsx';
import { simColumns } from '../components/sim-columns.tsx';
import { WorkOrderDialog } from '../components/WorkOrderDialog.tsx';
import { filtersFromSearch, searchFromFilters } from '../filters-url.ts';

/** manage/sim (fn 11): every SIM in reach, filtered and sorted on the server, with work-order actions. */
export default function ManageSimPage() {
  const { t } = useTranslation('sims');
  const funs = useFunctionSet();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const [selected, setSelected] = useState<SimRow[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [action, setAction] = useState<{ type: SimWorkType; rows: SimRow[] } | null>(null);
  const exportList = useExportSimList();

  const list = useServerList(simListRoot, getSimList, filters, { sortColumn: 'CreateTime', sortType: 'desc' });

  const applyFilters = (f: SimFilterInput) => {
    setSelected([]);
    setParams(searchFromFilters(f), { replace: true });
  };

  // A click in the shell's unit tree narrows the list to that unit, as it does on the monitor.
  const treeHoldId = useSession((s) => s.currentHoldId);
  const seenHoldId = useRef(treeHoldId);
  useEffect(() => {
    if (treeHoldId === seenHoldId.current) return;
    seenHoldId.current = treeHoldId;
    setSelected([]);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (treeHoldId === null) next.delete('HoldID');
        else next.set('HoldID', String(treeHoldId));
        return next;
      },
      { replace: true },
    );
  }, [treeHoldId, setParams]);

  const columns: PagedColumn<SimRow, unknown, SimSortColumn>[] = [
    ...simColumns(t, (row) => setDetailId(row.SimID)),
    {
      title: t('actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      resizable: false,
      render: (_: unknown, row: SimRow) => (
        <SimRowActions row={row} onAction={(type, rows) => setAction({ type, rows })} />
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:simBusiness')}>
      <SimFilterBar value={filters} onChange={applyFilters} />
      <div className="sim-toolbar">
        {filters.BatchID ? (
          <Tag closable onClose={() => applyFilters({ ...filters, BatchID: undefined })} data-testid="filter-batch">
            {t('list.batchFilter', { id: filters.BatchID })}
          </Tag>
        ) : null}
        <SimBatchActions rows={selected} onAction={(type, rows) => setAction({ type, rows })} />
        {selected.length > 0 ? (
          <span className="muted" data-testid="sim-selected-count">
            {t('list.selected', { count: selected.length })}{' '}
            <Button type="link" size="small" onClick={() => setSelected([])}>
              {t('list.clearSelection')}
            </Button>
          </span>
        ) : null}
        <span className="sim-toolbar-spacer" />
        {funs.has(Fn.export) ? (
          <span data-testid="sim-export">
            <ExportButton exportFile={() => exportList.mutateAsync(filters)} />
          </span>
        ) : null}
      </div>
      <PagedTable<SimRow, unknown, SimSortColumn>
        id="sims-business"
        list={list}
        rowKey="SimID"
        columns={columns}
        rowSelection={{
          fixed: true,
          selectedRowKeys: selected.map((r) => r.SimID),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (row) => ({ disabled: Boolean(row.PendingWorkID) }),
        }}
      />
      <SimDetailDrawer simId={detailId} onClose={() => setDetailId(null)} />
      <WorkOrderDialog
        type={action?.type ?? null}
        targets={action?.rows ?? []}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          setSelected([]);
        }}
      />
    </PageLayout>
  );
}
