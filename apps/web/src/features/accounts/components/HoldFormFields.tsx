import { HOLD_TYPES, type HoldTypeCode } from '@lodestar/domain';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { holdIcon, holdTypeKey } from '../../holds/components/hold-icons.tsx';

export interface HoldForm {
  HoldName: string;
  HoldType: HoldTypeCode;
}

/** Name and type of a unit (spec section 3: types 1 to 4 and other, each with its icon). */
export function HoldFormFields() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Form.Item
        name="HoldName"
        label={t('hold.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.holdName') },
          { max: 64, message: t('rule.max', { max: 64 }) },
        ]}
      >
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item name="HoldType" label={t('hold.type')} rules={[{ required: true }]}>
        <Select
          options={HOLD_TYPES.map((v) => ({
            value: v,
            label: (
              <Space size={6}>
                {holdIcon(v)}
                {t(`shell:${holdTypeKey(v)}`)}
              </Space>
            ),
          }))}
        />
      </Form.Item>
    </>
  );
}
