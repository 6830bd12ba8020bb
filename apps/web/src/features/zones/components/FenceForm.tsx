import { FENCE_RECORD_TYPES, type FenceRecordType, ZONE_LIMITS } from '@lodestar/domain';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import type { FenceDetail } from '../api/get-fence.ts';
import { formFieldsNamedIn } from '../form-errors.ts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const CLOCK = 'HH:mm';

export interface FenceFormValues {
  FenceName: string;
  RecordType: FenceRecordType;
  TriggerAlarm: boolean;
  Valid?: [Dayjs, Dayjs] | null;
  Daily?: [Dayjs, Dayjs] | null;
  SpeedLimit?: number | null;
  MaxStayMinutes?: number | null;
}

/** What the form sends beside the geometry: a cleared optional field is null, so Modify clears it too. */
export function fenceFields(v: FenceFormValues) {
  return {
    FenceName: v.FenceName.trim(),
    RecordType: v.RecordType,
    TriggerAlarm: v.TriggerAlarm,
    ValidFrom: v.Valid?.[0]?.format(DATE_TIME) ?? null,
    ValidTo: v.Valid?.[1]?.format(DATE_TIME) ?? null,
    DailyFrom: v.Daily?.[0]?.format(CLOCK) ?? null,
    DailyTo: v.Daily?.[1]?.format(CLOCK) ?? null,
    SpeedLimit: v.SpeedLimit ?? null,
    MaxStayMinutes: v.MaxStayMinutes ?? null,
  };
}

export function fenceFormValues(f: FenceDetail | null): FenceFormValues {
  if (!f) return { FenceName: '', RecordType: 'both', TriggerAlarm: true };
  return {
    FenceName: f.FenceName,
    RecordType: f.RecordType,
    TriggerAlarm: f.TriggerAlarm,
    Valid: f.ValidFrom && f.ValidTo ? [dayjs(f.ValidFrom), dayjs(f.ValidTo)] : null,
    Daily: f.DailyFrom && f.DailyTo ? [dayjs(f.DailyFrom, CLOCK), dayjs(f.DailyTo, CLOCK)] : null,
    SpeedLimit: f.SpeedLimit,
    MaxStayMinutes: f.MaxStayMinutes,
  };
}

const BODY_FIELDS = ['FenceName', 'RecordType', 'TriggerAlarm', 'SpeedLimit', 'MaxStayMinutes', 'Geometry'];
const RANGES = { ValidFrom: 'Valid', ValidTo: 'Valid', DailyFrom: 'Daily', DailyTo: 'Daily' };

interface Props {
  /** The fence edited, or null for a new one. */
  fence: FenceDetail | null;
  /** Whether a shape is on the map. */
  drawn: boolean;
  onSave: (values: FenceFormValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * A fence's fields beside the map while its shape is drawn. A refused save keeps what was typed and drawn;
 * the server's message shows over the form and under the field it names.
 */
export function FenceForm({ fence, drawn, onSave, onCancel }: Props) {
  const { t } = useTranslation('zones');
  const [form] = Form.useForm<FenceFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another fence opens
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(fenceFormValues(fence));
    setError('');
  }, [fence?.FenceID]);

  const submit = async (values: FenceFormValues) => {
    if (!drawn) {
      setError(t('form.drawFirst'));
      return;
    }
    setSaving(true);
    setError('');
    try {
      await onSave(values);
    } catch (err) {
      const msg = err instanceof ApiError ? err.message : String(err);
      setError(msg);
      const named = formFieldsNamedIn(msg, BODY_FIELDS, RANGES);
      form.setFields(named.map((name) => ({ name: name as keyof FenceFormValues, errors: [msg] })));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<FenceFormValues>
      form={form}
      layout="vertical"
      className="zone-form fence-form"
      name="fence"
      initialValues={fenceFormValues(fence)}
      onFinish={(v) => void submit(v)}
    >
      <h3 className="zone-form-title">{fence ? t('form.editFence', { name: fence.FenceName }) : t('form.addFence')}</h3>
      {error ? <Alert type="error" showIcon title={error} className="zone-form-error" /> : null}
      <Form.Item
        name="FenceName"
        label={t('field.FenceName')}
        rules={[
          { required: true, whitespace: true, message: t('rule.fenceName') },
          { max: ZONE_LIMITS.nameMax, message: t('rule.nameMax', { max: ZONE_LIMITS.nameMax }) },
        ]}
      >
        <Input maxLength={ZONE_LIMITS.nameMax} showCount autoFocus placeholder={t('rule.fenceName')} />
      </Form.Item>
      <Form.Item name="RecordType" label={t('field.RecordType')}>
        <Select options={FENCE_RECORD_TYPES.map((v) => ({ value: v, label: t(`recordType.${v}`) }))} />
      </Form.Item>
      <Form.Item name="TriggerAlarm" label={t('field.TriggerAlarm')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: true, label: t('trigger.alarm') },
            { value: false, label: t('trigger.record') },
          ]}
        />
      </Form.Item>
      <Form.Item name="Valid" label={t('field.Valid')} extra={t('field.ValidHelp')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="Daily" label={t('field.Daily')} extra={t('field.DailyHelp')}>
        <TimePicker.RangePicker format={CLOCK} order={false} needConfirm={false} style={{ width: '100%' }} />
      </Form.Item>
      <Space.Compact block className="zone-form-numbers">
        <Form.Item name="SpeedLimit" label={t('field.SpeedLimit')}>
          <InputNumber min={1} max={ZONE_LIMITS.speedLimitMax} precision={0} suffix="km/h" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="MaxStayMinutes" label={t('field.MaxStayMinutes')}>
          <InputNumber
            min={1}
            max={ZONE_LIMITS.maxStayMinutesMax}
            precision={0}
            suffix={t('field.minutes')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Space.Compact>
      <div className="zone-form-actions">
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} className="zone-save">
          {t('common:save')}
        </Button>
      </div>
    </Form>
  );
}
