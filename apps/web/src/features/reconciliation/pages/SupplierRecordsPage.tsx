import type { RecordRow } from '@lodestar/contract/reconciliation';
import { DatePicker, Empty, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { exportSupplierRecords, getSupplierRecords, type RecordTotals, reconRoot } from '../api/supplier-calls.ts';
import { Difference, yuan } from '../components/money.tsx';
import { useSelectedSupplier } from '../supplier-store.ts';
import '../reconciliation.css';

/** reconciliation/supplier (fn 21): the saved months of the supplier chosen in the panel. */
export default function SupplierRecordsPage() {
  const { t } = useTranslation('reconciliation');
  const navigate = useNavigate();
  const { supplierId } = useSelectedSupplier();
  const [range, setRange] = useState<[string, string] | null>(null);
  const [state, setState] = useState(-1);
  const filters = { SupplierID: supplierId, MonthFrom: range?.[0], MonthTo: range?.[1], State: state };
  const list = useServerList([...reconRoot, 'records'], getSupplierRecords, filters, {
    enabled: supplierId !== undefined,
  });

  const columns: PagedColumn<RecordRow, RecordTotals>[] = [
    { key: 'Month', dataIndex: 'Month', title: t('month'), width: 100 },
    { key: 'SupplierName', dataIndex: 'SupplierName', title: t('col.supplier'), width: 150 },
    {
      key: 'ExpectedFen',
      title: t('col.expected'),
      align: 'right',
      width: 120,
      render: (_, r) => yuan(r.ExpectedFen),
      total: (x) => yuan(x.ExpectedFen),
    },
    {
      key: 'BilledFen',
      title: t('col.billed'),
      align: 'right',
      width: 120,
      render: (_, r) => yuan(r.BilledFen),
      total: (x) => yuan(x.BilledFen),
    },
    {
      key: 'DifferenceFen',
      title: t('col.difference'),
      align: 'right',
      width: 120,
      render: (_, r) => <Difference fen={r.DifferenceFen} />,
      total: (x) => <Difference fen={x.DifferenceFen} />,
    },
    {
      key: 'State',
      title: t('col.state'),
      width: 100,
      render: (_, r) => <Tag color={r.State === 1 ? 'green' : 'blue'}>{r.StateText}</Tag>,
    },
    {
      key: 'SimCount',
      dataIndex: 'SimCount',
      title: t('card.simCount'),
      align: 'right',
      width: 90,
      total: (x) => x.SimCount,
    },
    {
      key: 'Counts',
      title: t('col.counts'),
      width: 200,
      render: (_, r) => `${r.Matched} / ${r.PriceMismatch} / ${r.MissingInBill} / ${r.MissingInOurs}`,
    },
    { key: 'BillFileName', dataIndex: 'BillFileName', title: t('col.billFile'), width: 180, ellipsis: true },
    { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 120 },
    { key: 'UpdateTime', dataIndex: 'UpdateTime', title: t('col.updateTime'), width: 170 },
  ];

  return (
    <PageLayout title={t('menu:simSupplierReconciliationRecords')}>
      {supplierId === undefined ? (
        <Empty description={t('pickSupplier')} />
      ) : (
        <>
          <div className="recon-toolbar">
            <DatePicker.RangePicker
              picker="month"
              format="YYYY-MM"
              aria-label={t('monthRange')}
              value={range ? [dayjs(`${range[0]}-01`), dayjs(`${range[1]}-01`)] : null}
              onChange={(v) => setRange(v?.[0] && v[1] ? [v[0].format('YYYY-MM'), v[1].format('YYYY-MM')] : null)}
            />
            <Select
              style={{ width: 140 }}
              value={state}
              onChange={setState}
              aria-label={t('col.state')}
              options={[
                { value: -1, label: t('state.all') },
                { value: 0, label: t('state.0') },
                { value: 1, label: t('state.1') },
              ]}
            />
            <div style={{ flex: 1 }} />
            <ExportButton exportFile={() => exportSupplierRecords(filters)} />
          </div>
          <PagedTable
            id="recon-records"
            size="small"
            data-testid="records-table"
            list={list}
            columns={columns}
            rowKey={(r) => r.ReconciliationID ?? `${r.SupplierID}-${r.Month}`}
            onRow={(r) => ({
              onClick: () => navigate(`/reconciliation/details?ReconciliationID=${r.ReconciliationID}`),
            })}
          />
        </>
      )}
    </PageLayout>
  );
}
