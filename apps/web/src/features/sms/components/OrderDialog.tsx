import { formatFen, PayMethod, PayStatus } from '@lodestar/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Modal, QRCode, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadKey } from '../../notices/api/notices.ts';
import { closeOrder, getOrder, sandboxPay, smsBalanceKey, smsOrdersRoot } from '../api/sms.ts';

const POLL_MS = 3_000;

const STATUS_COLOR: Record<number, string> = {
  [PayStatus.Pending]: 'processing',
  [PayStatus.Paid]: 'success',
  [PayStatus.Failed]: 'error',
  [PayStatus.Closed]: 'default',
};

/**
 * An SMS pack order being paid: what to scan or open, its status polled until it is no longer
 * pending, and in the local sandbox the buttons that stand in for the payer.
 */
export function OrderDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('sms');
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const order = useQuery({
    queryKey: ['sms', 'order', orderId],
    queryFn: () => getOrder(orderId!),
    enabled: orderId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.Status !== PayStatus.Pending ? false : POLL_MS),
  });
  const o = order.data;
  const refresh = () => {
    void order.refetch();
    void qc.invalidateQueries({ queryKey: smsBalanceKey });
    void qc.invalidateQueries({ queryKey: smsOrdersRoot });
    // A paid or failed order leaves the payer a notice.
    void qc.invalidateQueries({ queryKey: unreadKey });
  };
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const pending = o?.Status === PayStatus.Pending;

  return (
    <Modal
      open={orderId !== null}
      title={t('order.title')}
      width={560}
      onCancel={() => {
        refresh();
        onClose();
      }}
      footer={
        <Space>
          {pending ? (
            <Button
              danger
              disabled={busy}
              onClick={() =>
                modal.confirm({
                  title: t('order.closeConfirm'),
                  okText: t('order.close'),
                  cancelText: t('common:cancel'),
                  onOk: () => act(() => closeOrder(o.OrderID)),
                })
              }
            >
              {t('order.close')}
            </Button>
          ) : null}
          <Button
            type="primary"
            onClick={() => {
              refresh();
              onClose();
            }}
          >
            {t('order.done')}
          </Button>
        </Space>
      }
    >
      {!o ? (
        <div className="muted">{t('common:loading')}</div>
      ) : (
        <>
          {o.Status === PayStatus.Paid ? (
            <Result status="success" title={t('order.paid')} subTitle={o.Subject} />
          ) : null}
          {o.Sandbox ? <Alert type="warning" showIcon title={t('order.sandbox')} className="sms-local-notice" /> : null}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('order.no')}>{o.OrderNo}</Descriptions.Item>
            <Descriptions.Item label={t('order.subject')}>{o.Subject}</Descriptions.Item>
            <Descriptions.Item label={t('order.amount')}>
              {t('yuan', { amount: formatFen(o.AmountFen) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('order.method')}>{t(`method.${o.Method}`)}</Descriptions.Item>
            <Descriptions.Item label={t('order.status')}>
              <Tag color={STATUS_COLOR[o.Status]} data-testid="sms-order-status">
                {o.StatusText}
              </Tag>
              {o.FailReason ? <span className="muted">{o.FailReason}</span> : null}
            </Descriptions.Item>
            {pending ? <Descriptions.Item label={t('order.expires')}>{o.ExpiresAt}</Descriptions.Item> : null}
          </Descriptions>
          {pending && o.PayUrl ? (
            <div className="sms-pay-row">
              <QRCode value={o.PayUrl} size={140} />
              <div className="sms-order-qr">
                <div>{t(o.Method === PayMethod.WechatPay ? 'order.scanWechat' : 'order.scanAlipay')}</div>
                {/^https?:/.test(o.PayUrl) ? (
                  <a href={o.PayUrl} target="_blank" rel="noreferrer">
                    {t('order.open')}
                  </a>
                ) : null}
              </div>
            </div>
          ) : null}
          {pending && o.Sandbox ? (
            <div className="sms-pay-row">
              <Button
                type="primary"
                disabled={busy}
                data-testid="sms-sandbox-pay"
                onClick={() => void act(() => sandboxPay(o.OrderID, 'paid'))}
              >
                {t('order.sandboxPaid')}
              </Button>
              <Button danger disabled={busy} onClick={() => void act(() => sandboxPay(o.OrderID, 'failed'))}>
                {t('order.sandboxFailed')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Modal>
  );
}
