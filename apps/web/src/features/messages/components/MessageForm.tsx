import { BATCH_DEVICES_MAX, MESSAGE_TEXT_MAX } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { BatchProgress } from '../../commands/components/BatchProgress.tsx';
import { EXPIRY_CHOICES } from '../../commands/labels.ts';
import { parseBatchIds } from '../../monitor/batch-ids.ts';
import { messageListRoot } from '../api/get-message-list.ts';
import { sendMessage } from '../api/send-message.ts';

interface Values {
  Devices: string;
  Text: string;
  Flags: ('Urgent' | 'Display' | 'Tts' | 'Advert')[];
  ViaSms: boolean;
  ExpireMinutes: number;
}

const FLAGS = ['Urgent', 'Display', 'Tts', 'Advert'] as const;

/**
 * Send message (spec section 2's dialog and /monitor/message): devices, a text of at most 200 characters with
 * its counter, the JT/T 808 flags, "by SMS when offline"; then the delivery of every device's message live.
 */
export function MessageForm({ devices, onSent }: { devices?: readonly string[]; onSent?: (batchId: number) => void }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [batchId, setBatchId] = useState<number | null>(null);

  const submit = async (v: Values) => {
    const parsed = parseBatchIds(v.Devices ?? '', BATCH_DEVICES_MAX);
    if (!parsed.ids.length) return void message.warning(t('form.selectTarget'));
    if (parsed.tooMany) return form.setFields([{ name: 'Devices', errors: [t('form.tooMany')] }]);
    setSending(true);
    try {
      const r = await sendMessage({
        DeviceIDs: parsed.ids,
        Text: v.Text.trim(),
        Flags: Object.fromEntries(FLAGS.map((f) => [f, v.Flags.includes(f)])),
        ViaSms: v.ViaSms,
        ExpireMinutes: v.ExpireMinutes,
      });
      setBatchId(r.BatchID);
      onSent?.(r.BatchID);
      void client.invalidateQueries({ queryKey: messageListRoot });
    } catch (e) {
      const msg = e instanceof Error ? e.message : '';
      form.setFields(
        fieldsNamedIn(msg, ['DeviceIDs', 'Text']).map((n) => ({
          name: (n === 'DeviceIDs' ? 'Devices' : 'Text') as keyof Values,
          errors: [msg],
        })),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="message-form">
      <Form<Values>
        form={form}
        layout="vertical"
        name="send-message"
        initialValues={{
          Devices: devices?.join(', ') ?? '',
          Text: '',
          Flags: ['Display', 'Tts'],
          ViaSms: false,
          ExpireMinutes: 1440,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="Devices"
          label={t('form.devices')}
          extra={t('form.devicesHint', { max: BATCH_DEVICES_MAX })}
          rules={[{ required: true, message: t('form.selectTarget') }]}
        >
          <Input.TextArea className="message-devices" rows={2} />
        </Form.Item>
        <Form.Item
          name="Text"
          label={t('form.text')}
          rules={[
            { required: true, whitespace: true, message: t('form.textRequired') },
            { max: MESSAGE_TEXT_MAX, message: t('form.textLength', { max: MESSAGE_TEXT_MAX }) },
          ]}
        >
          <Input.TextArea className="message-text" rows={3} showCount maxLength={MESSAGE_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="Flags" label={t('form.flags')}>
          <Checkbox.Group className="message-flags" options={FLAGS.map((f) => ({ value: f, label: t(`flag.${f}`) }))} />
        </Form.Item>
        <Space wrap size={[24, 0]} align="start">
          <Form.Item name="ViaSms" label={t('form.viaSms')} valuePropName="checked" extra={t('form.viaSmsHint')}>
            <Switch className="message-via-sms" />
          </Form.Item>
          <Form.Item name="ExpireMinutes" label={t('commands:form.expiry')}>
            <Select
              style={{ width: 180 }}
              options={EXPIRY_CHOICES.map((m) => ({ value: m, label: t(`commands:expiry.${m}`) }))}
            />
          </Form.Item>
        </Space>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="message-send" loading={sending}>
            {t('form.send')}
          </Button>
        </Form.Item>
      </Form>
      {batchId ? (
        <>
          <Alert type="success" showIcon className="message-sent" title={t('form.sent')} />
          <BatchProgress batchId={batchId} />
        </>
      ) : null}
    </div>
  );
}
