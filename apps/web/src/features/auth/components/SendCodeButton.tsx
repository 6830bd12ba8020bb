import { App, Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SmsPurpose, useSendSmsCode } from '../api/send-sms-code.ts';

const COUNTDOWN_SECONDS = 60;

interface Props {
  form: FormInstance;
  purpose: SmsPurpose;
  phoneField?: string;
  /** Checked before sending; return a message to refuse (e.g. the slider is not at the end). */
  precondition?: () => string | undefined;
}

/** "Send code": validates the phone, asks the server for a code, then counts down 60 s. */
export function SendCodeButton({ form, purpose, phoneField = 'Phone', precondition }: Props) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const send = useSendSmsCode();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    const refused = precondition?.();
    if (refused) {
      void message.warning(refused);
      return;
    }
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    const phone = String(form.getFieldValue(phoneField) ?? '');
    send.mutate(
      { Phone: phone, Purpose: purpose },
      {
        onSuccess: () => {
          setLeft(COUNTDOWN_SECONDS);
          void message.success(t('codeSent'));
        },
      },
    );
  };

  return (
    <Button className="send-code" onClick={onClick} loading={send.isPending} disabled={left > 0}>
      {left > 0 ? t('resendIn', { s: left }) : t('sendCode')}
    </Button>
  );
}
