import type { FileIdData } from '@lodestar/contract/common';
import '../sms.css';
import type { OrderView, PayOrderRow, PayOrderSortColumn } from '@lodestar/contract/payments';
import { Fn, formatFen, PAY_METHODS, PayKind, PayMethod, PayStatus } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/instance.ts';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton, type PagedColumn, PagedTable, useServerList } from '../../../components/table/index.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { unreadKey } from '../../notices/api/notices.ts';
import { PaymentDialog } from '../../payments/components/PaymentDialog.tsx';
import { buySmsPack, getSmsPackOrders, smsBalanceKey, smsOrdersRoot, useSmsBalance, useSmsPacks } from '../api/sms.ts';
import { LocalProviderNotice } from '../components/LocalProviderNotice.tsx';

const STATUS_COLOR: Record<number, string> = {
  [PayStatus.Pending]: 'processing',
  [PayStatus.Paid]: 'success',
  [PayStatus.Failed]: 'error',
  [PayStatus.Closed]: 'default',
};

/** manage/msg (fn 12): the hold's SMS balance, buying a pack with Alipay or WeChat Pay, the pack orders. */
export default function SmsPaymentPage() {
  const { t } = useTranslation('sms');
  const funs = useFunctionSet();
  const language = useSession((s) => s.language);
  const balance = useSmsBalance();
  const packs = useSmsPacks();
  const [packId, setPackId] = useState<string | undefined>();
  const [method, setMethod] = useState<PayMethod>(PayMethod.Alipay);
  const [buying, setBuying] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const qc = useQueryClient();
  // The pack credits the balance and the payer gets a notice; the order list changes either way.
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: smsBalanceKey });
    void qc.invalidateQueries({ queryKey: smsOrdersRoot });
    void qc.invalidateQueries({ queryKey: unreadKey });
  };
  const orders = useServerList(
    [...smsOrdersRoot, language],
    getSmsPackOrders,
    {},
    {
      sortColumn: 'CreateTime',
      sortType: 'desc',
    },
  );
  const chosen = packs.data?.find((p) => p.PackID === packId) ?? packs.data?.[0];

  const buy = async () => {
    if (!chosen) return;
    setBuying(true);
    try {
      setOrder(await buySmsPack({ PackID: chosen.PackID, Method: method }));
      orders.refetch();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBuying(false);
    }
  };

  const columns: PagedColumn<PayOrderRow, unknown, PayOrderSortColumn>[] = [
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('order.created'), width: 170, sortable: true },
    { key: 'OrderNo', dataIndex: 'OrderNo', title: t('order.no'), width: 200 },
    { key: 'Subject', dataIndex: 'Subject', title: t('order.subject'), width: 180, ellipsis: true },
    {
      key: 'AmountFen',
      dataIndex: 'AmountFen',
      title: t('order.amount'),
      width: 110,
      align: 'right',
      sortable: true,
      render: (fen: number) => formatFen(fen),
    },
    {
      key: 'Method',
      dataIndex: 'Method',
      title: t('order.method'),
      width: 110,
      render: (m: number) => t(`payments:method.${m}`),
    },
    {
      key: 'Status',
      dataIndex: 'Status',
      title: t('order.status'),
      width: 100,
      render: (s: number, row) => <Tag color={STATUS_COLOR[s]}>{row.StatusText}</Tag>,
    },
    { key: 'UserName', dataIndex: 'UserName', title: t('order.user'), width: 120, ellipsis: true },
    { key: 'PaidTime', dataIndex: 'PaidTime', title: t('order.paidTime'), width: 170, sortable: true },
    {
      key: 'actions',
      title: '',
      width: 90,
      resizable: false,
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setOrder(row)}>
          {row.Status === PayStatus.Pending ? t('order.pay') : t('order.view')}
        </Button>
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:simSmsPayment')}>
      <LocalProviderNotice provider={balance.data?.Provider} />
      <div className="sms-pay-grid">
        <Card title={t('balance.title')} size="small">
          <div className="sms-balance-number" data-testid="sms-pay-balance">
            {balance.data?.Balance ?? '—'}
          </div>
          <div className="muted">{t('balance.of', { hold: balance.data?.HoldName ?? '' })}</div>
        </Card>
        <Card title={t('pack.title')} size="small">
          {packs.data?.length ? (
            <>
              <Radio.Group
                className="sms-pack-options"
                optionType="button"
                value={chosen?.PackID}
                onChange={(e) => setPackId(e.target.value as string)}
              >
                {packs.data.map((p) => (
                  <Radio.Button key={p.PackID} value={p.PackID} data-testid={`sms-pack-${p.PackID}`}>
                    <span className="sms-pack-count">{t('pack.count', { n: p.Count })}</span>
                    <span className="sms-pack-price">{t('yuan', { amount: formatFen(p.PriceFen) })}</span>
                    <span className="muted">
                      {t('pack.unit', { amount: formatFen(Math.round(p.PriceFen / p.Count)) })}
                    </span>
                  </Radio.Button>
                ))}
              </Radio.Group>
              <div className="sms-pay-row">
                <span>{t('pack.method')}</span>
                <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as PayMethod)}>
                  {PAY_METHODS.map((m) => (
                    <Radio key={m} value={m}>
                      {t(`payments:method.${m}`)}
                    </Radio>
                  ))}
                </Radio.Group>
                <Button type="primary" loading={buying} onClick={() => void buy()} data-testid="sms-buy">
                  {chosen ? t('pack.buy', { amount: formatFen(chosen.PriceFen) }) : t('pack.buyNone')}
                </Button>
              </div>
            </>
          ) : (
            <Empty description={packs.isLoading ? t('common:loading') : t('common:noData')} />
          )}
        </Card>
      </div>
      <h3 className="sms-orders-title">{t('order.list')}</h3>
      <PagedTable<PayOrderRow, unknown, PayOrderSortColumn>
        id="sms.orders"
        list={orders}
        rowKey="OrderID"
        columns={columns}
        extra={
          funs.has(Fn.export) ? (
            <ExportButton
              exportFile={() =>
                api.post<FileIdData>('Payment/ExportPayOrderList', {
                  Kind: PayKind.SmsPack,
                  Method: 0,
                  Status: -1,
                })
              }
            />
          ) : undefined
        }
      />
      <PaymentDialog
        order={order}
        onPaid={refresh}
        onClose={() => {
          setOrder(null);
          refresh();
        }}
      />
    </PageLayout>
  );
}
