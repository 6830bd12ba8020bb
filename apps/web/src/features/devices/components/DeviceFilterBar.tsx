import { DEVICE_STATE_FILTERS, OBJECT_TYPE_KEYS, PROTOCOLS, VIP_FILTERS } from '@lodestar/domain';
import { Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import type { DeviceFilterInput } from '../api/get-device-list.ts';

interface FormValues extends Omit<DeviceFilterInput, 'Recent'> {
  Recent?: boolean;
}

const toForm = (f: DeviceFilterInput): FormValues => ({ ...f, Recent: f.Recent === 1 });
const fromForm = (v: FormValues): DeviceFilterInput => ({
  HoldID: v.HoldID || undefined,
  Keyword: v.Keyword?.trim() || undefined,
  State: v.State || undefined,
  Vip: v.Vip || undefined,
  ObjectType: v.ObjectType || undefined,
  TrackerType: v.TrackerType || undefined,
  Protocol: v.Protocol || undefined,
  Recent: v.Recent ? 1 : undefined,
});

/** The device list's filters; the shown values follow `value`, which the address (and the unit tree) can change. */
export function DeviceFilterBar({
  value,
  onChange,
}: {
  value: DeviceFilterInput;
  onChange: (f: DeviceFilterInput) => void;
}) {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value));
  }, [form, value]);

  return (
    <div className="device-filters">
      <FilterForm<FormValues>
        form={form}
        name="device-filter"
        initialValues={{}}
        onSearch={(v) => onChange(fromForm(v))}
      >
        <Form.Item name="Keyword">
          <Input
            allowClear
            placeholder={t('filter.keyword')}
            data-testid="device-filter-keyword"
            className="device-filter-keyword"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="HoldID">
          <HoldTreeSelect
            data-testid="device-filter-hold"
            className="device-filter-select"
            placeholder={t('field.hold')}
          />
        </Form.Item>
        <Form.Item name="State">
          <Select
            allowClear
            placeholder={t('filter.state')}
            data-testid="device-filter-state"
            className="device-filter-select"
            options={DEVICE_STATE_FILTERS.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="Vip">
          <Select
            allowClear
            placeholder={t('filter.vip')}
            data-testid="device-filter-vip"
            className="device-filter-select"
            options={VIP_FILTERS.map((s) => ({ value: s, label: t(`vip.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="ObjectType">
          <Select
            allowClear
            placeholder={t('field.objectType')}
            data-testid="device-filter-type"
            className="device-filter-select"
            options={([1, 2, 3] as const).map((k) => ({ value: k, label: t(`objectType.${OBJECT_TYPE_KEYS[k]}`) }))}
          />
        </Form.Item>
        <Form.Item name="TrackerType">
          <Select
            allowClear
            placeholder={t('field.trackerType')}
            data-testid="device-filter-tracker"
            className="device-filter-select"
            options={(['wired', 'wireless'] as const).map((k) => ({ value: k, label: t(`tracker.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="Protocol">
          <Select
            allowClear
            placeholder={t('field.protocol')}
            data-testid="device-filter-protocol"
            className="device-filter-select"
            options={PROTOCOLS.map((p) => ({ value: p, label: t(`protocol.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="Recent" valuePropName="checked">
          <Checkbox data-testid="device-filter-recent">{t('filter.recent')}</Checkbox>
        </Form.Item>
      </FilterForm>
    </div>
  );
}
