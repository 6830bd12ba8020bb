import type { OrderView, PayOrderFilters, PayOrderRow, PayOrderSortColumn } from '@lodestar/contract/payments';
import { formatFen, PayKind } from '@lodestar/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { getPayOrderList, payOrderListRoot } from '../../payments/api/payments.ts';
import { PayMethodLabel } from '../../payments/components/PayMethodLabel.tsx';
import { PayStatusTag } from '../../payments/components/PayStatusTag.tsx';

const FILTERS: PayOrderFilters = { Kind: PayKind.WalletTopUp, Status: -1 };

/** The unit's top-up orders (Payment/GetPayOrderList, Kind 3): a pending one opens its payment again. */
export function TopUpOrders({ onOpen }: { onOpen: (order: OrderView) => void }) {
  const { t } = useTranslation('wallet');
  const list = useServerList([...payOrderListRoot, 'wallet'], getPayOrderList, FILTERS, {
    sortColumn: 'CreateTime',
    sortType: 'desc',
    pageSize: 10,
  });
  return (
    <PagedTable<PayOrderRow, unknown, PayOrderSortColumn>
      id="wallet-orders"
      list={list}
      rowKey="OrderID"
      columns={[
        { key: 'OrderNo', dataIndex: 'OrderNo', title: t('col.orderNo'), width: 270, className: 'wallet-mono' },
        {
          key: 'AmountFen',
          dataIndex: 'AmountFen',
          title: t('col.amount'),
          width: 120,
          align: 'right',
          sortable: true,
          render: (v: number) => formatFen(v),
        },
        {
          key: 'Method',
          dataIndex: 'Method',
          title: t('col.method'),
          width: 130,
          render: (m: number) => <PayMethodLabel method={m} />,
        },
        {
          key: 'Status',
          dataIndex: 'Status',
          title: t('col.status'),
          width: 110,
          render: (s: number) => <PayStatusTag status={s} />,
        },
        { key: 'UserName', dataIndex: 'UserName', title: t('col.payer'), width: 140, ellipsis: true },
        { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.createTime'), width: 170, sortable: true },
        {
          key: 'actions',
          title: t('col.actions'),
          width: 100,
          resizable: false,
          render: (_v, row) => (
            <Button type="link" size="small" onClick={() => onOpen(row)} data-testid={`topup-open-${row.OrderNo}`}>
              {row.Status === 0 ? t('orders.continue') : t('orders.view')}
            </Button>
          ),
        },
      ]}
    />
  );
}
