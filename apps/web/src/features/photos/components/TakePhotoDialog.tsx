import { PHOTO_RESOLUTIONS } from '@lodestar/domain';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { optionLabel } from '../../commands/labels.ts';
import { takePhoto } from '../api/photos.ts';

interface Values {
  DeviceID: string;
  Channel: number;
  Count: number;
  Interval: number;
  Resolution: (typeof PHOTO_RESOLUTIONS)[number];
  Quality: number;
}

/** "Take a photo" on one VIP device (JT/T 808 0x8801): the catalogue's photo parameters and their ranges. */
export function TakePhotoDialog({ open, device, onClose }: { open: boolean; device?: string; onClose: () => void }) {
  const { t } = useTranslation('photos');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await takePhoto({ ...v, DeviceID: v.DeviceID.trim() });
      void message.success(t('take.queued'));
      onClose();
    } catch (e) {
      const msg = e instanceof Error ? e.message : '';
      const named = fieldsNamedIn(msg, ['DeviceID', 'Channel', 'Count', 'Interval', 'Resolution', 'Quality']);
      form.setFields(named.map((n) => ({ name: n as keyof Values, errors: [msg] })));
    } finally {
      setSaving(false);
    }
  };
  const range = (min: number, max: number) => [
    { required: true, message: t('take.required') },
    { type: 'number' as const, min, max, message: t('commands:form.range', { min, max }) },
  ];

  return (
    <Modal
      open={open}
      title={t('take.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('take.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      destroyOnHidden
      className="take-photo-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="take-photo"
        initialValues={{ DeviceID: device ?? '', Channel: 1, Count: 1, Interval: 0, Resolution: 2, Quality: 5 }}
      >
        <Form.Item
          name="DeviceID"
          label={t('take.device')}
          rules={[{ required: true, whitespace: true, message: t('take.required') }]}
        >
          <Input className="take-device" maxLength={32} />
        </Form.Item>
        <Form.Item name="Channel" label={t('take.channel')} rules={range(1, 255)}>
          <InputNumber className="take-channel" precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Count" label={t('take.count')} rules={range(1, 65535)}>
          <InputNumber className="take-count" precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Interval" label={t('take.interval')} rules={range(0, 65535)}>
          <InputNumber className="take-interval" precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Resolution" label={t('take.resolution')}>
          <Select
            className="take-resolution"
            style={{ width: 200 }}
            options={PHOTO_RESOLUTIONS.map((r) => ({ value: r, label: optionLabel(t, 'resolution', r) }))}
          />
        </Form.Item>
        <Form.Item name="Quality" label={t('take.quality')} extra={t('take.qualityHint')} rules={range(1, 10)}>
          <InputNumber className="take-quality" precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
