import '../payments.css';
import { ExperimentOutlined } from '@ant-design/icons';
import type { OrderView } from '@lodestar/contract/payments';
import { formatFen, PayMethod, PayStatus } from '@lodestar/domain';
import { Alert, Button, Descriptions, Modal, Popconfirm, QRCode, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrder, useOrderActions } from '../api/payments.ts';
import { PayMethodLabel } from './PayMethodLabel.tsx';
import { PayStatusTag } from './PayStatusTag.tsx';

export interface PaymentDialogProps {
  /** The order to pay (as Renewal/CreateOrder or Sms/BuySmsPack answered it); null hides the dialog. */
  order: OrderView | null;
  onClose: () => void;
  /** Called once when the order is seen paid. */
  onPaid?: (order: OrderView) => void;
}

/**
 * Paying an order: amount, method and status; the provider's QR code (or, for the local sandbox,
 * a plain statement that no money moves and buttons to complete or fail the payment). The order is
 * read again every 2 s until it is paid, failed or closed. Reusable by any module that sells.
 */
export function PaymentDialog({ order, onClose, onPaid }: PaymentDialogProps) {
  const { t } = useTranslation('payments');
  const query = useOrder(order?.OrderID);
  const current: OrderView | null = query.data ?? order;
  const { close, pay } = useOrderActions(order?.OrderID);
  const reported = useRef<number | null>(null);

  useEffect(() => {
    if (current && current.Status === PayStatus.Paid && reported.current !== current.OrderID) {
      reported.current = current.OrderID;
      onPaid?.(current);
    }
  }, [current, onPaid]);

  const pending = current?.Status === PayStatus.Pending;
  const scanWith = current?.Method === PayMethod.WechatPay ? t('pay.scanWechat') : t('pay.scanAlipay');

  const footer = current ? (
    pending ? (
      <Space>
        <Popconfirm
          title={t('pay.closeConfirmTitle')}
          description={t('pay.closeConfirm')}
          okText={t('pay.closeOrder')}
          cancelText={t('pay.keep')}
          onConfirm={() => close.mutateAsync().catch(() => undefined)}
        >
          <Button danger loading={close.isPending} data-testid="pay-close-order">
            {t('pay.closeOrder')}
          </Button>
        </Popconfirm>
        <Button onClick={onClose}>{t('pay.later')}</Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose} data-testid="pay-done">
        {t('pay.done')}
      </Button>
    )
  ) : null;

  return (
    <Modal
      open={order !== null}
      title={t('pay.title')}
      onCancel={onClose}
      footer={footer}
      width={560}
      destroyOnHidden
      data-testid="payment-dialog"
    >
      {current ? (
        <div className="payment-dialog">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('field.orderNo')}>
              <Typography.Text copyable className="renewal-mono">
                {current.OrderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.subject')}>{current.Subject}</Descriptions.Item>
            <Descriptions.Item label={t('field.amount')}>
              <span className="payment-amount" data-testid="pay-amount">
                ¥ {formatFen(current.AmountFen)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.method')}>
              <PayMethodLabel method={current.Method} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.status')}>
              <PayStatusTag status={current.Status} />
            </Descriptions.Item>
            {pending ? <Descriptions.Item label={t('field.expiresAt')}>{current.ExpiresAt}</Descriptions.Item> : null}
          </Descriptions>

          {pending && current.Sandbox ? (
            <div className="payment-body">
              <Alert
                type="warning"
                showIcon
                icon={<ExperimentOutlined />}
                title={t('sandbox.title')}
                description={t('sandbox.hint')}
                data-testid="pay-sandbox-notice"
              />
              <Typography.Text type="secondary" className="renewal-mono payment-url">
                {current.PayUrl}
              </Typography.Text>
              <Space>
                <Button
                  type="primary"
                  loading={pay.isPending && pay.variables === 'paid'}
                  disabled={pay.isPending}
                  onClick={() => pay.mutateAsync('paid').catch(() => undefined)}
                  data-testid="pay-sandbox-complete"
                >
                  {t('sandbox.complete')}
                </Button>
                <Button
                  danger
                  loading={pay.isPending && pay.variables === 'failed'}
                  disabled={pay.isPending}
                  onClick={() => pay.mutateAsync('failed').catch(() => undefined)}
                  data-testid="pay-sandbox-fail"
                >
                  {t('sandbox.fail')}
                </Button>
              </Space>
            </div>
          ) : null}

          {pending && !current.Sandbox ? (
            <div className="payment-body payment-qr">
              <QRCode value={current.PayUrl || '-'} size={200} status={current.PayUrl ? 'active' : 'loading'} />
              <Typography.Text>{scanWith}</Typography.Text>
              <Typography.Link href={current.PayUrl} target="_blank" className="renewal-mono payment-url">
                {current.PayUrl}
              </Typography.Link>
            </div>
          ) : null}

          {pending ? (
            <div className="payment-waiting">
              <Spin size="small" /> <Typography.Text type="secondary">{t('pay.waiting')}</Typography.Text>
            </div>
          ) : null}

          {current.Status === PayStatus.Paid ? (
            <Result
              status="success"
              title={t('pay.paidTitle')}
              subTitle={t('pay.paidAt', { time: current.PaidTime ?? '' })}
              data-testid="pay-result"
            />
          ) : null}
          {current.Status === PayStatus.Failed ? (
            <Result
              status="error"
              title={t('pay.failedTitle')}
              subTitle={current.FailReason || t('pay.failedHint')}
              data-testid="pay-result"
            />
          ) : null}
          {current.Status === PayStatus.Closed ? (
            <Result
              status="info"
              title={t('pay.closedTitle')}
              subTitle={t('pay.closedHint')}
              data-testid="pay-result"
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
