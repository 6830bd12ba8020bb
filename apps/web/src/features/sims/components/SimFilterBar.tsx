import type { SimFilterInput } from '@lodestar/contract/sims';
import { SIM_DISPLAY_STATES, SIM_STATES } from '@lodestar/domain';
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { useOperatorSelect, useSupplierSelect } from '../../catalogue/api/selects.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';

interface FormValues {
  ICCID?: string;
  MSISDN?: string;
  State?: number;
  DisplayState?: string;
  HoldID?: number;
  OnlyHold?: boolean;
  SupplierID?: number;
  OperatorID?: number;
  Expires?: [Dayjs | null, Dayjs | null] | null;
  BatchID?: number;
}

const toForm = (f: SimFilterInput): FormValues => ({
  ...f,
  State: f.State || undefined,
  DisplayState: f.DisplayState || undefined,
  Expires:
    f.ExpiresFrom || f.ExpiresTo
      ? [f.ExpiresFrom ? dayjs(f.ExpiresFrom) : null, f.ExpiresTo ? dayjs(f.ExpiresTo) : null]
      : null,
});

function fromForm(v: FormValues): SimFilterInput {
  const [from, to] = v.Expires ?? [];
  return {
    ICCID: v.ICCID?.trim() || undefined,
    MSISDN: v.MSISDN?.trim() || undefined,
    State: (v.State || undefined) as SimFilterInput['State'],
    DisplayState: (v.DisplayState || undefined) as SimFilterInput['DisplayState'],
    HoldID: v.HoldID,
    OnlyHold: v.HoldID !== undefined && v.OnlyHold ? true : undefined,
    SupplierID: v.SupplierID,
    OperatorID: v.OperatorID,
    ExpiresFrom: from?.format('YYYY-MM-DD'),
    ExpiresTo: to?.format('YYYY-MM-DD'),
    BatchID: v.BatchID,
  };
}

interface Props {
  value: SimFilterInput;
  onChange: (filters: SimFilterInput) => void;
  /** The outbound page lists stock only and hides the fields that do not apply there. */
  compact?: boolean;
  /** What Reset goes back to. */
  resetTo?: SimFilterInput;
}

/**
 * The SIM list's filters. The shown values follow `value` (the address can change them, e.g. a
 * link from the home page); Reset goes back to `resetTo`. The batch filter has its own close tag.
 */
export function SimFilterBar({ value, onChange, compact = false, resetTo = {} }: Props) {
  const { t } = useTranslation('sims');
  const [form] = Form.useForm<FormValues>();
  const suppliers = useSupplierSelect();
  const operators = useOperatorSelect();
  const holdId = Form.useWatch('HoldID', form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(value));
  }, [form, value]);

  return (
    <div className="sim-filters">
      <FilterForm<FormValues> form={form} initialValues={toForm(resetTo)} onSearch={(v) => onChange(fromForm(v))}>
        {/* Kept through a search, cleared by Reset; shown as a closable tag by the page. */}
        <Form.Item name="BatchID" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="ICCID">
          <Input allowClear placeholder="ICCID" data-testid="filter-iccid" className="filter-wide" />
        </Form.Item>
        {compact ? null : (
          <Form.Item name="MSISDN">
            <Input allowClear placeholder={t('field.msisdn')} data-testid="filter-msisdn" />
          </Form.Item>
        )}
        <Form.Item name="State">
          <Select
            allowClear
            placeholder={t('field.state')}
            data-testid="filter-state"
            className="filter-select"
            options={SIM_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
        </Form.Item>
        {compact ? null : (
          <>
            <Form.Item name="DisplayState">
              <Select
                allowClear
                placeholder={t('field.displayState')}
                data-testid="filter-display"
                className="filter-select"
                options={SIM_DISPLAY_STATES.map((s) => ({ value: s, label: t(`display.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="HoldID">
              <HoldTreeSelect data-testid="filter-hold" className="filter-select-wide" placeholder={t('field.hold')} />
            </Form.Item>
            <Form.Item name="OnlyHold" valuePropName="checked">
              <Checkbox disabled={holdId === undefined}>{t('filter.onlyHold')}</Checkbox>
            </Form.Item>
          </>
        )}
        <Form.Item name="SupplierID">
          <Select
            allowClear
            placeholder={t('field.supplier')}
            data-testid="filter-supplier"
            className="filter-select"
            showSearch={{ optionFilterProp: 'label' }}
            options={(suppliers.data ?? []).map((s) => ({ value: s.SupplierID, label: s.SupplierName }))}
          />
        </Form.Item>
        {compact ? null : (
          <>
            <Form.Item name="OperatorID">
              <Select
                allowClear
                placeholder={t('field.operator')}
                data-testid="filter-operator"
                className="filter-select"
                options={(operators.data ?? []).map((o) => ({ value: o.OperatorID, label: o.OperatorName }))}
              />
            </Form.Item>
            <Form.Item name="Expires">
              <DatePicker.RangePicker
                allowEmpty={[true, true]}
                placeholder={[t('filter.expiresFrom'), t('filter.expiresTo')]}
                data-testid="filter-expires"
              />
            </Form.Item>
          </>
        )}
      </FilterForm>
    </div>
  );
}
