import { ZONE_LIMITS } from '@lodestar/domain';
import { Alert, Button, Form, type FormInstance, Input, InputNumber, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import type { RoadDetail } from '../api/get-road.ts';
import { formFieldsNamedIn } from '../form-errors.ts';

export interface RoadFormValues {
  RoadName: string;
  Width: number;
  SpeedLimit?: number | null;
  TriggerAlarm: boolean;
  SegmentLimits: (number | null)[];
}

export const DEFAULT_ROAD_WIDTH = 50;

export function roadFormValues(r: RoadDetail | null): RoadFormValues {
  if (!r) return { RoadName: '', Width: DEFAULT_ROAD_WIDTH, TriggerAlarm: true, SegmentLimits: [] };
  return {
    RoadName: r.RoadName,
    Width: r.Width,
    SpeedLimit: r.SpeedLimit,
    TriggerAlarm: r.TriggerAlarm,
    SegmentLimits: r.SegmentLimits ?? [],
  };
}

const BODY_FIELDS = ['RoadName', 'Width', 'SpeedLimit', 'TriggerAlarm', 'SegmentLimits', 'Geometry'];

interface Props {
  road: RoadDetail | null;
  form: FormInstance<RoadFormValues>;
  /** Segments of the line drawn (vertices − 1), 0 when nothing is drawn. */
  segments: number;
  /** The segment chosen on the map (its limit field is focused). */
  segment: number | null;
  onSegment: (index: number | null) => void;
  onSave: (values: RoadFormValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * A road's fields beside the map: name, corridor width (10–500 m, drawn as the band), the speed limit and a
 * limit per segment (click a segment on the map, or its row here). A refused save keeps what was typed and
 * drawn; the server's message shows over the form and under the field it names.
 */
export function RoadForm({ road, form, segments, segment, onSegment, onSave, onCancel }: Props) {
  const { t } = useTranslation('zones');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another road opens
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(roadFormValues(road));
    setError('');
  }, [road?.RoadID]);

  useEffect(() => {
    if (segment === null) return;
    document.querySelector<HTMLInputElement>(`#road_SegmentLimits_${segment}`)?.focus();
  }, [segment]);

  const submit = async (values: RoadFormValues) => {
    if (!segments) {
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
      form.setFields(
        formFieldsNamedIn(msg, BODY_FIELDS).map((name) => ({ name: name as keyof RoadFormValues, errors: [msg] })),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<RoadFormValues>
      form={form}
      layout="vertical"
      className="zone-form road-form"
      name="road"
      initialValues={roadFormValues(road)}
      onFinish={(v) => void submit(v)}
    >
      <h3 className="zone-form-title">{road ? t('form.editRoad', { name: road.RoadName }) : t('form.addRoad')}</h3>
      {error ? <Alert type="error" showIcon title={error} className="zone-form-error" /> : null}
      <Form.Item
        name="RoadName"
        label={t('field.RoadName')}
        rules={[
          { required: true, whitespace: true, message: t('rule.roadName') },
          { max: ZONE_LIMITS.nameMax, message: t('rule.nameMax', { max: ZONE_LIMITS.nameMax }) },
        ]}
      >
        <Input maxLength={ZONE_LIMITS.nameMax} showCount autoFocus placeholder={t('rule.roadName')} />
      </Form.Item>
      <Form.Item
        name="Width"
        label={t('field.Width')}
        extra={t('field.WidthHelp')}
        rules={[
          {
            required: true,
            message: t('rule.width', { min: ZONE_LIMITS.roadWidthMin, max: ZONE_LIMITS.roadWidthMax }),
          },
        ]}
      >
        <InputNumber
          min={ZONE_LIMITS.roadWidthMin}
          max={ZONE_LIMITS.roadWidthMax}
          precision={0}
          suffix="m"
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="SpeedLimit" label={t('field.SpeedLimit')}>
        <InputNumber min={1} max={ZONE_LIMITS.speedLimitMax} precision={0} suffix="km/h" style={{ width: '100%' }} />
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
      <div className="zone-section-head">
        <span>{t('road.segmentLimits')}</span>
      </div>
      <div className="muted zone-form-help">{segments ? t('road.segmentHelp') : t('road.drawFirst')}</div>
      <Form.List name="SegmentLimits">
        {(fields) => (
          <div className="road-segments">
            {fields.slice(0, segments).map((field) => (
              <div key={field.key} className={`road-segment${segment === field.name ? ' road-segment-selected' : ''}`}>
                <span className="road-segment-label">{t('road.segment', { n: field.name + 1 })}</span>
                <Form.Item name={field.name} noStyle>
                  <InputNumber
                    id={`road_SegmentLimits_${field.name}`}
                    size="small"
                    min={1}
                    max={ZONE_LIMITS.speedLimitMax}
                    precision={0}
                    suffix="km/h"
                    placeholder={t('road.segmentDefault')}
                    onFocus={() => onSegment(field.name)}
                  />
                </Form.Item>
              </div>
            ))}
          </div>
        )}
      </Form.List>
      <div className="zone-form-actions">
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} className="zone-save">
          {t('common:save')}
        </Button>
      </div>
    </Form>
  );
}
