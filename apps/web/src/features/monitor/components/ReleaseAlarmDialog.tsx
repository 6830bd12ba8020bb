import type { MonitorRow } from '@lodestar/contract/monitor';
import { App, Form, Input, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReleaseAlarm } from '../api/release-alarm.ts';
import { alarmLabel } from './labels.ts';

/** Release a device's alarm with a reason (spec section 4); the reason is required, at most 200 characters. */
export function ReleaseAlarmDialog({ device, onClose }: { device: MonitorRow | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Reason: string }>();
  const release = useReleaseAlarm();

  const submit = async () => {
    if (!device) return;
    const { Reason } = await form.validateFields();
    await release.mutateAsync({ DeviceID: device.DeviceID, Reason });
    void message.success(t('release.released'));
    onClose();
  };

  return (
    <Modal
      open={device !== null}
      title={device ? t('release.title', { name: device.DeviceName || device.DeviceID }) : ''}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      confirmLoading={release.isPending}
      okText={t('actions.releaseAlarm')}
      cancelText={t('common:cancel')}
      className="release-alarm-dialog"
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      {device?.Alarms.length ? (
        <div className="release-alarms">
          <span className="muted release-alarms-label">{t('release.alarms')}</span>
          {device.Alarms.map((a) => (
            <Tag key={a} color="red">
              {alarmLabel(t, a)}
            </Tag>
          ))}
        </div>
      ) : null}
      <Form form={form} layout="vertical" name="release-alarm" preserve={false}>
        <Form.Item
          name="Reason"
          label={t('release.reason')}
          rules={[{ required: true, whitespace: true, message: t('release.reasonRequired') }, { max: 200 }]}
        >
          <Input.TextArea rows={4} maxLength={200} showCount placeholder={t('release.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
