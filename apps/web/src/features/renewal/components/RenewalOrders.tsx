import type { OrderView, PayOrderFilters, PayOrderRow, PayOrderSortColumn } from '@lodestar/contract/payments';
import { Fn, formatFen, PayKind } from '@lodestar/domain';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { useFunctionSet } from '../../../store/session.ts';
import { getPayOrderList, payOrderListRoot, useExportPayOrderList } from '../../payments/api/payments.ts';
import { PayMethodLabel } from '../../payments/components/PayMethodLabel.tsx';
import { PayStatusTag } from '../../payments/components/PayStatusTag.tsx';

const INITIAL: PayOrderFilters = { Kind: PayKind.Renewal, Status: -1, OrderNo: '' };

/** Recent renewal orders (Payment/GetPayOrderList, Kind 1) with their totals; a row opens its payment. */
export function RenewalOrders({ onOpen }: { onOpen: (order: OrderView) => void }) {
  const { t } = useTranslation('renewal');
  const funs = useFunctionSet();
  const [filters, setFilters] = useState<PayOrderFilters>(INITIAL);
  const exportList = useExportPayOrderList();
  const list = useServerList([...payOrderListRoot, 'renewal'], getPayOrderList, filters, {
    sortColumn: 'CreateTime',
    sortType: 'desc',
  });
  const { totals } = list;

  return (
    <>
      {totals ? (
        <div className="renewal-totals" data-testid="renewal-order-totals">
          <span>{t('orders.count', { count: totals.Count })}</span>
          <span>{t('orders.amount', { amount: formatFen(totals.AmountFen) })}</span>
          <span>{t('orders.paid', { count: totals.PaidCount, amount: formatFen(totals.PaidFen) })}</span>
        </div>
      ) : null}
      <PagedTable<PayOrderRow, unknown, PayOrderSortColumn>
        id="renewal-orders"
        list={list}
        rowKey="OrderID"
        toolbar={
          <FilterForm<PayOrderFilters> initialValues={INITIAL} onSearch={setFilters} name="renewal-orders">
            <Form.Item name="Status" label={t('field.status')}>
              <Select
                style={{ width: 130 }}
                options={[
                  { value: -1, label: t('orders.allStatus') },
                  ...[0, 1, 2, 3].map((s) => ({ value: s, label: t(`payments:status.${s}`) })),
                ]}
              />
            </Form.Item>
            <Form.Item name="OrderNo" label={t('field.orderNo')}>
              <Input allowClear maxLength={64} style={{ width: 200 }} />
            </Form.Item>
          </FilterForm>
        }
        extra={funs.has(Fn.export) ? <ExportButton exportFile={() => exportList.mutateAsync(filters)} /> : null}
        columns={[
          { key: 'OrderNo', dataIndex: 'OrderNo', title: t('field.orderNo'), width: 210, className: 'renewal-mono' },
          { key: 'Subject', dataIndex: 'Subject', title: t('field.subject'), width: 220, ellipsis: true },
          {
            key: 'AmountFen',
            dataIndex: 'AmountFen',
            title: t('field.amountYuan'),
            width: 110,
            align: 'right',
            sortable: true,
            render: (v: number) => formatFen(v),
          },
          {
            key: 'Method',
            dataIndex: 'Method',
            title: t('field.method'),
            width: 120,
            render: (m: number) => <PayMethodLabel method={m} />,
          },
          {
            key: 'Status',
            dataIndex: 'Status',
            title: t('field.status'),
            width: 100,
            render: (s: number) => <PayStatusTag status={s} />,
          },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('field.hold'), width: 140 },
          { key: 'UserName', dataIndex: 'UserName', title: t('field.user'), width: 120 },
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('field.createTime'), width: 170, sortable: true },
          {
            key: 'PaidTime',
            dataIndex: 'PaidTime',
            title: t('field.paidTime'),
            width: 170,
            sortable: true,
            render: (v: string | null) => v ?? '—',
          },
          {
            key: 'actions',
            title: t('field.actions'),
            width: 90,
            resizable: false,
            fixed: 'right',
            render: (_v, row) => (
              <Button type="link" size="small" onClick={() => onOpen(row)} data-testid={`order-open-${row.OrderNo}`}>
                {row.Status === 0 ? t('orders.continue') : t('orders.view')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
