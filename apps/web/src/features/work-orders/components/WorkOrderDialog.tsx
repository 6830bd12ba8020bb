import '../work-orders.css';
import type { WorkFlowListInput, WorkRow } from '@lodestar/contract/work-orders';
import { CheckStatus, Fn, WORK_ORDER_UI } from '@lodestar/domain';
import { App, Button, Modal, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/table/index.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { useUserInfo } from '../../user/api/get-user-info.ts';
import { exportWorkFlowList } from '../api/export-work-flow-list.ts';
import { useWorkFlowList } from '../api/get-work-flow-list.ts';
import { type Decision, defaultTimeRange, isPending } from '../work-order.ts';
import { ApprovalDialog, type ApprovalTarget } from './ApprovalDialog.tsx';
import { type FilterValues, WorkOrderFilters } from './WorkOrderFilters.tsx';
import { WorkOrderTable } from './WorkOrderTable.tsx';
import { WorkPager } from './WorkPager.tsx';

function initialFilters(timeZone: string | undefined): FilterValues {
  const [StartTime, EndTime] = defaultTimeRange(new Date(), timeZone);
  return { CheckStatic: WORK_ORDER_UI.defaultFilter, IDNO: '', StartTime, EndTime };
}

/**
 * The default dates are the user's own month in the user's time zone: the panel waits for the
 * profile, or a browser in another zone would start from the wrong day (after 16:00 UTC for a
 * user in China, today's orders fell outside "today").
 */
function WorkOrderPanel() {
  const info = useUserInfo();
  if (info.isPending) return <Spin className="work-order-loading" />;
  return <WorkOrderPanelBody timeZone={info.data?.TimeZone ?? undefined} />;
}

/** The body of the dialog; mounted on each opening so the filters start from their defaults. */
function WorkOrderPanelBody({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation('work-orders');
  const { message } = App.useApp();
  const funs = useFunctionSet();
  const canAudit = funs.has(Fn.audit);
  const [initial] = useState(() => initialFilters(timeZone));
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState({ index: 1, size: WORK_ORDER_UI.defaultPageSize as number });
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [approval, setApproval] = useState<ApprovalTarget | null>(null);

  const query: WorkFlowListInput = { pageIndex: page.index, pageCount: page.size, ...filters };
  const list = useWorkFlowList(query);
  const rows = list.data?.rows ?? [];
  const selectedRows = useMemo(
    () => rows.filter((r) => selectedIds.includes(r.WorkID) && isPending(r)),
    [rows, selectedIds],
  );

  const search = (next: FilterValues) => {
    setFilters(next);
    setPage((p) => ({ ...p, index: 1 }));
    setSelectedIds([]);
    // The same filters again still mean "look again".
    if (JSON.stringify(next) === JSON.stringify(filters) && page.index === 1) void list.refetch();
  };
  const changePage = (index: number, size: number) => {
    setPage({ index, size });
    setSelectedIds([]);
  };
  const decide = (target: WorkRow[], decision: Decision) => {
    if (target.length === 0) {
      void message.warning(t('noneSelected'));
      return;
    }
    setApproval({ rows: target, decision });
  };

  return (
    <div className="work-order-panel">
      <div className="work-order-toolbar">
        <WorkOrderFilters initial={initial} onSearch={search} />
        <Space className="work-batch">
          {canAudit ? (
            <>
              <span className="muted">{t('selected', { n: selectedRows.length })}</span>
              <Button className="work-batch-approve" onClick={() => decide(selectedRows, CheckStatus.Agreed)}>
                {t('batchApprove')}
              </Button>
              <Button danger className="work-batch-reject" onClick={() => decide(selectedRows, CheckStatus.Rejected)}>
                {t('batchReject')}
              </Button>
            </>
          ) : null}
          {funs.has(Fn.export) ? (
            <span data-testid="work-export">
              <ExportButton exportFile={() => exportWorkFlowList(filters)} />
            </span>
          ) : null}
        </Space>
      </div>
      <WorkOrderTable
        rows={rows}
        loading={list.isFetching}
        canAudit={canAudit}
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        onDecide={decide}
      />
      <WorkPager current={page.index} pageSize={page.size} total={list.data?.total ?? 0} onChange={changePage} />
      <ApprovalDialog target={approval} onClose={() => setApproval(null)} onDone={() => setSelectedIds([])} />
    </div>
  );
}

/** The work-order approval dialog (spec sections 2, 4, 5, 8, 9): filters, table, pager, inner approval dialog. */
export default function WorkOrderDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('work-orders');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('title')}
      width={WORK_ORDER_UI.dialogWidth}
      footer={null}
      className="work-order-dialog"
      destroyOnHidden
    >
      <WorkOrderPanel />
    </Modal>
  );
}
