import '../wallet.css';
import '../../reports/reports.css';
import { Fn, formatFen, WALLET_ENTRY_KINDS } from '@lodestar/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { TotalsBar } from '../../reports/components/TotalsBar.tsx';
import {
  getWalletDetailList,
  useExportWalletDetail,
  type WalletDetailSortColumn,
  type WalletEntryRow,
  type WalletTotals,
  walletDetailRoot,
} from '../api/wallet.ts';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  Kind: number;
  OrderNo?: string;
}

type Filters = { Kind?: 0 | 1 | 2 | 3 | 4 | 5; OrderNo?: string; StartTime?: string; EndTime?: string };

function toFilters(v: FormValues): Filters {
  const [from, to] = v.range ?? [];
  return {
    Kind: v.Kind as Filters['Kind'],
    OrderNo: v.OrderNo?.trim() || undefined,
    StartTime: from ? from.startOf('day').format(TIME_FORMAT) : undefined,
    EndTime: to ? to.endOf('day').format(TIME_FORMAT) : undefined,
  };
}

const INITIAL: FormValues = { Kind: 0 };

/** /vip/wallet-detail (66): every VPoint movement of the unit's wallet, filtered, totalled, paged and exported. */
export default function WalletDetailPage() {
  const { t } = useTranslation('wallet');
  const funs = useFunctionSet();
  const [filters, setFilters] = useState<Filters>(() => toFilters(INITIAL));
  const list = useServerList(walletDetailRoot, getWalletDetailList, filters, {
    sortColumn: 'CreateTime',
    sortType: 'desc',
  });
  const exportList = useExportWalletDetail();
  const { totals } = list;

  const columns: PagedColumn<WalletEntryRow, WalletTotals, WalletDetailSortColumn>[] = [
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.time'), width: 170, sortable: true },
    { key: 'Kind', dataIndex: 'KindText', title: t('col.kind'), width: 130 },
    { key: 'OrderNo', dataIndex: 'OrderNo', title: t('col.orderNo'), width: 270, className: 'wallet-mono' },
    {
      key: 'AmountFen',
      dataIndex: 'AmountFen',
      title: t('col.amount'),
      width: 120,
      align: 'right',
      sortable: true,
      render: (v: number) => (v ? formatFen(v) : '—'),
    },
    {
      key: 'VPoint',
      dataIndex: 'VPoint',
      title: 'VPoint',
      width: 110,
      align: 'right',
      sortable: true,
      render: (v: number) => <span className={v < 0 ? 'wallet-minus' : 'wallet-plus'}>{v > 0 ? `+${v}` : v}</span>,
    },
    { key: 'Remaining', dataIndex: 'Remaining', title: t('col.remaining'), width: 110, align: 'right' },
    { key: 'Payer', dataIndex: 'Payer', title: t('col.payer'), width: 140, ellipsis: true },
    {
      key: 'Counterpart',
      dataIndex: 'Counterpart',
      title: t('col.counterpart'),
      width: 150,
      ellipsis: true,
      render: (v: string) => v || '—',
    },
    { key: 'Status', dataIndex: 'StatusText', title: t('col.status'), width: 100 },
    {
      key: 'Method',
      dataIndex: 'MethodText',
      title: t('col.method'),
      width: 120,
      render: (v: string) => v || '—',
    },
    { key: 'Currency', dataIndex: 'Currency', title: t('col.currency'), width: 80 },
    { key: 'Remark', dataIndex: 'Remark', title: t('col.remark'), width: 180, ellipsis: true },
  ];

  return (
    <PageLayout title={t('menu:walletDetail')}>
      <div className="report-filters">
        <FilterForm<FormValues> name="walletDetail" initialValues={INITIAL} onSearch={(v) => setFilters(toFilters(v))}>
          <Form.Item name="range">
            <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('filter.from'), t('filter.to')]} />
          </Form.Item>
          <Form.Item name="Kind">
            <Select
              className="report-select"
              data-testid="filter-kind"
              options={[0, ...WALLET_ENTRY_KINDS].map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="OrderNo">
            <Input allowClear maxLength={64} placeholder={t('filter.orderNo')} className="report-select-wide" />
          </Form.Item>
        </FilterForm>
      </div>
      <div className="report-toolbar">
        <TotalsBar
          testId="wallet-totals"
          loading={!totals && list.isFetching}
          items={[
            { key: 'count', label: t('totals.count'), value: totals?.Count ?? 0 },
            { key: 'in', label: t('totals.in'), value: totals?.In ?? 0 },
            { key: 'out', label: t('totals.out'), value: totals?.Out ?? 0 },
            { key: 'amount', label: t('totals.amount'), value: `¥${formatFen(totals?.AmountFen ?? 0)}` },
          ]}
        />
        <span className="report-toolbar-spacer" />
        {funs.has(Fn.export) ? <ExportButton exportFile={() => exportList.mutateAsync(filters)} /> : null}
      </div>
      <PagedTable<WalletEntryRow, WalletTotals, WalletDetailSortColumn>
        id="vip.walletDetail"
        list={list}
        rowKey="EntryID"
        columns={columns}
      />
    </PageLayout>
  );
}
