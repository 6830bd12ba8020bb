import type { OrderView } from '@lodestar/contract/payments';
import type { Wallet } from '@lodestar/contract/wallet';
import { formatFen, PayMethod, parseYuanToFen, vpointsForFen } from '@lodestar/domain';
import { Button, Card, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayMethodLabel } from '../../payments/components/PayMethodLabel.tsx';
import { useTopUp } from '../api/wallet.ts';

const CUSTOM = 0;

/** A pack or a custom amount, and the provider: the order then opens in the shared payment dialog. */
export function TopUpCard({ wallet, onOrder }: { wallet: Wallet; onOrder: (order: OrderView) => void }) {
  const { t } = useTranslation('wallet');
  const [pack, setPack] = useState<number>(wallet.PacksYuan[0] ?? CUSTOM);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState<PayMethod>(PayMethod.Alipay);
  const create = useTopUp();

  const customFen = parseYuanToFen(custom);
  const amountFen = pack === CUSTOM ? customFen : pack * 100;
  const customError =
    pack !== CUSTOM || custom === ''
      ? undefined
      : customFen === null || customFen < wallet.MinTopUpFen || customFen > wallet.MaxTopUpFen
        ? t('topUp.customRange', { min: formatFen(wallet.MinTopUpFen), max: formatFen(wallet.MaxTopUpFen) })
        : undefined;
  const valid = amountFen !== null && !customError && amountFen >= wallet.MinTopUpFen;

  const submit = async () => {
    if (!valid || amountFen === null) return;
    try {
      onOrder(await create.mutateAsync({ AmountFen: amountFen, Method: method }));
    } catch {
      // the api client showed the server's message; the choice stays
    }
  };

  return (
    <Card title={t('topUp.title')} size="small">
      <Form layout="vertical" className="wallet-form">
        <Form.Item label={t('topUp.amount')}>
          <Radio.Group
            value={pack}
            onChange={(e) => setPack(e.target.value as number)}
            optionType="button"
            data-testid="topup-packs"
            options={[
              ...wallet.PacksYuan.map((y) => ({ value: y, label: t('topUp.pack', { yuan: y }) })),
              { value: CUSTOM, label: t('topUp.custom') },
            ]}
          />
        </Form.Item>
        {pack === CUSTOM ? (
          <Form.Item
            label={t('topUp.customLabel')}
            validateStatus={customError ? 'error' : undefined}
            help={customError}
          >
            <Input
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              prefix="¥"
              style={{ width: 200 }}
              inputMode="decimal"
              data-testid="topup-custom"
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('topUp.method')}>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as PayMethod)}>
            <Radio value={PayMethod.Alipay}>
              <PayMethodLabel method={PayMethod.Alipay} />
            </Radio>
            <Radio value={PayMethod.WechatPay}>
              <PayMethodLabel method={PayMethod.WechatPay} />
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Space wrap>
          <Button
            type="primary"
            disabled={!valid}
            loading={create.isPending}
            onClick={submit}
            data-testid="topup-submit"
          >
            {t('topUp.submit')}
          </Button>
          {valid && amountFen !== null ? (
            <span className="wallet-muted" data-testid="topup-preview">
              {t('topUp.preview', {
                amount: formatFen(amountFen),
                vpoint: vpointsForFen(amountFen, wallet.VPointPerYuan),
              })}
            </span>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}
