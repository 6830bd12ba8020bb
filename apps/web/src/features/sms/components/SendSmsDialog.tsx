import { SMS_RULES, smsSegments } from '@lodestar/domain';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useSendSms, useSmsBalance } from '../api/sms.ts';
import { parseNumbers } from '../numbers.ts';
import { LocalProviderNotice } from './LocalProviderNotice.tsx';

interface SendForm {
  Numbers: string;
  Content: string;
}

/**
 * "Send SMS": numbers one per line or comma separated, the text with its live character and part
 * count, the balance and what this send costs. A refused send keeps everything typed.
 */
export function SendSmsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sms');
  const { message } = App.useApp();
  const [form] = Form.useForm<SendForm>();
  const balance = useSmsBalance();
  const send = useSendSms();
  const [serverError, setServerError] = useState('');
  const numbersText = Form.useWatch('Numbers', form) ?? '';
  const content = Form.useWatch('Content', form) ?? '';

  const parsed = parseNumbers(numbersText);
  const chars = [...content].length;
  const parts = smsSegments(content);
  const cost = parts * parsed.numbers.length;
  const available = balance.data?.Balance;
  const short = available !== undefined && cost > available;

  const submit = async () => {
    let values: SendForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setServerError('');
    try {
      const r = await send.mutateAsync({ MSISDNs: parseNumbers(values.Numbers).numbers, Content: values.Content });
      message.success(t('send.done', { count: r.Count, parts: r.Segments, balance: r.Balance }));
      form.resetFields();
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : String(err));
    }
  };

  return (
    <Modal
      open={open}
      title={t('send.title')}
      width={640}
      okText={t('send.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={send.isPending}
      okButtonProps={{ disabled: short }}
      onOk={() => void submit()}
      onCancel={onClose}
      forceRender
      mask={{ closable: false }}
    >
      <LocalProviderNotice provider={balance.data?.Provider} />
      {serverError ? (
        <Alert className="sms-send-error" type="error" showIcon title={serverError} data-testid="sms-send-error" />
      ) : null}
      <Form<SendForm> form={form} name="sms" layout="vertical" initialValues={{ Numbers: '', Content: '' }}>
        <Form.Item
          name="Numbers"
          label={t('send.numbers')}
          extra={t('send.numbersHint', { max: SMS_RULES.maxTargets, count: parsed.numbers.length })}
          rules={[
            {
              validator: async (_, value: string) => {
                const p = parseNumbers(value ?? '');
                if (p.bad) throw new Error(t('send.badNumber', { line: p.bad.line, value: p.bad.value }));
                if (!p.numbers.length) throw new Error(t('send.noNumbers'));
                if (p.tooMany) throw new Error(t('send.tooMany', { max: SMS_RULES.maxTargets }));
              },
            },
          ]}
        >
          <Input.TextArea rows={5} placeholder={t('send.numbersPlaceholder')} data-testid="sms-numbers" />
        </Form.Item>
        <Form.Item
          name="Content"
          label={t('send.content')}
          rules={[
            { required: true, whitespace: true, message: t('send.noContent') },
            { max: SMS_RULES.maxLength, message: t('send.tooLong', { max: SMS_RULES.maxLength }) },
          ]}
          extra={<span data-testid="sms-counter">{t('send.counter', { chars, max: SMS_RULES.maxLength, parts })}</span>}
        >
          <Input.TextArea rows={4} data-testid="sms-content" />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={3} bordered className="sms-send-cost">
        <Descriptions.Item label={t('send.recipients')}>{parsed.numbers.length}</Descriptions.Item>
        <Descriptions.Item label={t('send.cost')}>
          <span data-testid="sms-cost">{cost}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('balance.title')}>
          <span className={short ? 'sms-short' : undefined} data-testid="sms-balance">
            {available ?? '—'}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {short ? <Alert className="sms-send-error" type="warning" showIcon title={t('send.short')} /> : null}
    </Modal>
  );
}
