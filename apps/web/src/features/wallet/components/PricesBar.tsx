import type { SetPricesInput } from '@lodestar/contract/vip';
import { Fn, LIMITS, VIP_RULES } from '@lodestar/domain';
import { Button, Form, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/table/FormModal.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { usePrices, useSetPrices } from '../api/vip.ts';

// Wider labels than FormModal's default: the rate and default-years labels are long in en and fr.
const cols = { labelCol: { span: 9 }, wrapperCol: { span: 15 } };

/**
 * The chosen unit's prices per device-year and the VIP years its new devices start with; its parent's
 * administrator (71) may set them.
 */
export function PricesBar({ holdId }: { holdId: number | undefined }) {
  const { t } = useTranslation('wallet');
  const funs = useFunctionSet();
  const prices = usePrices(holdId);
  const save = useSetPrices();
  const [editing, setEditing] = useState(false);
  const p = prices.data;
  if (!p) return null;
  return (
    <Space wrap className="wallet-toolbar" data-testid="vip-prices">
      <Typography.Text>
        {t('prices.line', { price1: p.Price1, price2: p.Price2 })}
        {p.Own ? null : <span className="wallet-muted"> · {t('prices.inherited')}</span>}
      </Typography.Text>
      <Typography.Text data-testid="vip-default-years">
        {t('prices.defaultYears', { count: p.DefaultVipYears })}
        {p.OwnDefaultVipYears === null ? (
          <span className="wallet-muted"> {t('prices.defaultYearsInherited')}</span>
        ) : null}
      </Typography.Text>
      {p.Editable && funs.has(Fn.vipManage) ? (
        <Button size="small" onClick={() => setEditing(true)} data-testid="prices-edit">
          {t('prices.edit')}
        </Button>
      ) : null}
      <FormModal<SetPricesInput>
        open={editing}
        name="prices"
        width={640}
        title={t('prices.title')}
        initialValues={{
          HoldID: p.HoldID,
          Price1: p.Price1,
          Price2: p.Price2,
          VPointPerYuan: p.VPointPerYuan,
          DefaultVipYears: p.OwnDefaultVipYears,
        }}
        onCancel={() => setEditing(false)}
        onSaved={() => setEditing(false)}
        // An emptied field is null, which the server reads as "inherit"; undefined would leave it unchanged.
        onSubmit={(v) => save.mutateAsync({ ...v, HoldID: p.HoldID, DefaultVipYears: v.DefaultVipYears ?? null })}
      >
        <Form.Item {...cols} name="Price1" label={t('prices.price1')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1_000_000} precision={0} addonAfter="VPoint" />
        </Form.Item>
        <Form.Item {...cols} name="Price2" label={t('prices.price2')} rules={[{ required: true }]}>
          <InputNumber min={0} max={1_000_000} precision={0} addonAfter="VPoint" />
        </Form.Item>
        <Form.Item {...cols} name="VPointPerYuan" label={t('prices.rate')}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item
          {...cols}
          name="DefaultVipYears"
          label={t('prices.defaultYearsField')}
          extra={t('prices.defaultYearsHelp', { years: LIMITS.defaultVipYears })}
        >
          <InputNumber
            min={VIP_RULES.minDefaultYears}
            max={VIP_RULES.maxDefaultYears}
            precision={0}
            placeholder={String(p.DefaultVipYears)}
            addonAfter={t('prices.years')}
          />
        </Form.Item>
      </FormModal>
    </Space>
  );
}
