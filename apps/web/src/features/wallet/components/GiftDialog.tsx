import type { GiftInput } from '@lodestar/contract/wallet';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/table/FormModal.tsx';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { useGift } from '../api/wallet.ts';

/** VPoints to a unit below the caller's (its own unit is refused under the field); the server checks the balance again. */
export function GiftDialog({ open, balance, onClose }: { open: boolean; balance: number; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const gift = useGift();
  return (
    <FormModal<GiftInput>
      open={open}
      name="gift"
      title={t('gift.title')}
      okText={t('gift.submit')}
      onCancel={onClose}
      onSaved={onClose}
      onSubmit={(v) => gift.mutateAsync({ ...v, Remark: v.Remark?.trim() || undefined })}
    >
      <Form.Item name="HoldID" label={t('gift.unit')} rules={[{ required: true, message: t('gift.unitRequired') }]}>
        <HoldTreeSelect placeholder={t('gift.unitPlaceholder')} data-testid="gift-unit" />
      </Form.Item>
      <Form.Item
        name="VPoint"
        label={t('gift.vpoint')}
        extra={t('gift.balance', { balance })}
        rules={[{ required: true, message: t('gift.vpointRequired') }]}
      >
        <InputNumber min={1} max={balance || 1} precision={0} style={{ width: 200 }} data-testid="gift-vpoint" />
      </Form.Item>
      <Form.Item name="Remark" label={t('gift.remark')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
