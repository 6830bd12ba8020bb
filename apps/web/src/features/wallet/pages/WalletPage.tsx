import '../wallet.css';
import { GiftOutlined, WalletOutlined } from '@ant-design/icons';
import type { OrderView } from '@lodestar/contract/payments';
import { Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { PaymentDialog } from '../../payments/components/PaymentDialog.tsx';
import { useWallet, walletRoot } from '../api/wallet.ts';
import { GiftDialog } from '../components/GiftDialog.tsx';
import { TopUpCard } from '../components/TopUpCard.tsx';
import { TopUpOrders } from '../components/TopUpOrders.tsx';

/** /vip/wallet (66): the unit's VPoint balance, top-up (63) through the payment dialog, gifts (67). */
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  const funs = useFunctionSet();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const wallet = useWallet();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [giving, setGiving] = useState(false);
  const onPaid = useCallback(() => void qc.invalidateQueries({ queryKey: walletRoot }), [qc]);
  const w = wallet.data;

  return (
    <PageLayout title={t('menu:wallet')}>
      <div className="wallet-cards">
        <Card
          size="small"
          title={
            <Space>
              <WalletOutlined />
              {t('balance.title')}
            </Space>
          }
        >
          {w ? (
            <Space direction="vertical" size={8}>
              <div className="wallet-balance" data-testid="wallet-balance">
                {w.VPoint.toLocaleString()}
                <span className="wallet-balance-unit">VPoint</span>
              </div>
              <Typography.Text type="secondary">{w.HoldName}</Typography.Text>
              <Typography.Text type="secondary">{t('balance.rate', { rate: w.VPointPerYuan })}</Typography.Text>
              <Space wrap>
                <Button onClick={() => navigate('/vip/wallet-detail')}>{t('balance.detail')}</Button>
                {funs.has(Fn.upgradeVip) ? (
                  <Button onClick={() => navigate('/vip/upgrade')}>{t('balance.upgrade')}</Button>
                ) : null}
                {funs.has(Fn.gift) ? (
                  <Button icon={<GiftOutlined />} onClick={() => setGiving(true)} data-testid="gift-open">
                    {t('gift.open')}
                  </Button>
                ) : null}
              </Space>
            </Space>
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
        {w && funs.has(Fn.topUp) ? <TopUpCard wallet={w} onOrder={setOrder} /> : null}
      </div>
      {funs.has(Fn.topUp) ? (
        <Card size="small" title={t('orders.title')}>
          <TopUpOrders onOpen={setOrder} />
        </Card>
      ) : null}
      <PaymentDialog order={order} onClose={() => setOrder(null)} onPaid={onPaid} />
      <GiftDialog open={giving} balance={w?.VPoint ?? 0} onClose={() => setGiving(false)} />
    </PageLayout>
  );
}
