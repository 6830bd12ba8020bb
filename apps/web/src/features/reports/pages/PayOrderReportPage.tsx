import '../reports.css';
import type { PayOrderFilters, PayOrderRow, PayOrderSortColumn } from '@lodestar/contract/payments';
import { Fn, formatFen, PAY_KINDS, PAY_METHODS, PAY_STATUSES, PayStatus } from '@lodestar/domain';
import { DatePicker, Form, Input, Select, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { type PagedColumn, PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { getPayOrderList, payOrderRoot, useExportPayOrders } from '../api/reports.ts';
import { TotalsBar } from '../components/TotalsBar.tsx';
import { TIME_FORMAT } from './RenewalFeePage.tsx';

interface FormValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  Kind: number;
  Method: number;
  Status: number;
  OrderNo?: string;
  HoldID?: number;
}

const STATUS_COLOR: Record<number, string> = {
  [PayStatus.Pending]: 'processing',
  [PayStatus.Paid]: 'success',
  [PayStatus.Failed]: 'error',
  [PayStatus.Closed]: 'default',
};

function toFilters(v: FormValues): PayOrderFilters {
  const [from, to] = v.range ?? [];
  return {
    Kind: v.Kind,
    Method: v.Method,
    Status: v.Status,
    OrderNo: v.OrderNo?.trim() || undefined,
    HoldID: v.HoldID,
    StartTime: from ? from.startOf('day').format(TIME_FORMAT) : undefined,
    EndTime: to ? to.endOf('day').format(TIME_FORMAT) : undefined,
  };
}

/**
 * reports/payOrder (fn 72): renewal and SMS-pack payment orders with the filtered totals.
 * A notice links here with ?OrderNo=…; without it the page opens on this month.
 */
export default function PayOrderReportPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('OrderNo') ?? '';
  // A notice's link to another order while the page is open starts the page again on that order.
  return <PayOrderReport key={orderNo} orderNo={orderNo} />;
}

function PayOrderReport({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('reports');
  const funs = useFunctionSet();
  const timeZone = useUserTimeZone();
  const reset = useMemo<FormValues>(() => {
    const now = userNow(timeZone);
    return { Kind: 0, Method: 0, Status: -1, range: [now.startOf('month'), now.endOf('month')] };
  }, [timeZone]);
  const initial = useMemo<FormValues>(
    () => (orderNo ? { ...reset, OrderNo: orderNo, range: null } : reset),
    [orderNo, reset],
  );
  const [filters, setFilters] = useState<PayOrderFilters>(() => toFilters(initial));
  const list = useServerList(payOrderRoot, getPayOrderList, filters, { sortColumn: 'CreateTime', sortType: 'desc' });
  const { totals } = list;
  const exportList = useExportPayOrders();

  const columns: PagedColumn<PayOrderRow, unknown, PayOrderSortColumn>[] = [
    { key: 'OrderNo', dataIndex: 'OrderNo', title: t('col.orderNo'), width: 210 },
    {
      key: 'Kind',
      dataIndex: 'Kind',
      title: t('col.kind'),
      width: 140,
      render: (k: number) => t(`kind.${k}`),
    },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('col.hold'), width: 180, ellipsis: true },
    {
      key: 'AmountFen',
      dataIndex: 'AmountFen',
      title: t('col.amount'),
      width: 110,
      align: 'right',
      sortable: true,
      render: (v: number) => <span className="report-num">{formatFen(v)}</span>,
    },
    {
      key: 'Status',
      dataIndex: 'Status',
      title: t('col.status'),
      width: 110,
      render: (s: number, row) => (
        <Tooltip title={row.FailReason || undefined}>
          <Tag color={STATUS_COLOR[s]} data-testid={`pay-status-${row.OrderID}`}>
            {row.StatusText || t(`status.${s}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'Method',
      dataIndex: 'Method',
      title: t('col.method'),
      width: 170,
      render: (m: number, row) => (
        <span>
          {t(`method.${m}`)}
          {row.Sandbox ? (
            <Tooltip title={t('sandboxHint')}>
              <Tag className="report-sandbox-tag" style={{ marginLeft: 6 }}>
                {t('sandbox')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.createTime'), width: 170, sortable: true },
    {
      key: 'PaidTime',
      dataIndex: 'PaidTime',
      title: t('col.paidTime'),
      width: 170,
      sortable: true,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'Subject', dataIndex: 'Subject', title: t('col.subject'), width: 200, ellipsis: true },
    { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 120, ellipsis: true },
  ];

  return (
    <PageLayout title={t('menu:simPayOrders')}>
      <div className="report-filters">
        <FilterForm<FormValues> name="payOrder" initialValues={initial} onSearch={(v) => setFilters(toFilters(v))}>
          <Form.Item name="range">
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('filter.from'), t('filter.to')]}
              data-testid="filter-range"
            />
          </Form.Item>
          <Form.Item name="Status">
            <Select
              className="report-select"
              data-testid="filter-status"
              options={[-1, ...PAY_STATUSES].map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="Kind">
            <Select
              className="report-select"
              data-testid="filter-kind"
              options={[0, ...PAY_KINDS].map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="Method">
            <Select
              className="report-select"
              data-testid="filter-method"
              options={[0, ...PAY_METHODS].map((m) => ({ value: m, label: t(`method.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="HoldID">
            <HoldTreeSelect className="report-select-wide" placeholder={t('filter.hold')} data-testid="filter-hold" />
          </Form.Item>
          <Form.Item name="OrderNo">
            <Input
              allowClear
              placeholder={t('filter.orderNo')}
              className="report-select-wide"
              data-testid="filter-order-no"
            />
          </Form.Item>
        </FilterForm>
      </div>
      <div className="report-toolbar">
        <TotalsBar
          testId="pay-totals"
          loading={!totals && list.isFetching}
          items={[
            { key: 'count', label: t('totals.orders'), value: totals?.Count ?? 0 },
            { key: 'amount', label: t('totals.amount'), value: `¥${formatFen(totals?.AmountFen ?? 0)}` },
            { key: 'paidCount', label: t('totals.paidCount'), value: totals?.PaidCount ?? 0 },
            { key: 'paid', label: t('totals.paidAmount'), value: `¥${formatFen(totals?.PaidFen ?? 0)}` },
          ]}
        />
        <span className="report-toolbar-spacer" />
        {funs.has(Fn.export) ? <ExportButton exportFile={() => exportList.mutateAsync(filters)} /> : null}
      </div>
      <PagedTable<PayOrderRow, unknown, PayOrderSortColumn>
        id="reports.payOrders"
        list={list}
        rowKey="OrderID"
        columns={columns}
      />
    </PageLayout>
  );
}
