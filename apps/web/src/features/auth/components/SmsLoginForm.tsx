import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { SmsLoginInput } from '@lodestar/contract/account';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsLogin } from '../api/sms-login.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';
import { codeRules, phoneRules } from './rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';

interface Props {
  requireAgreement: () => boolean;
  onFailed: (reason: string) => void;
  /** The agreement box, shown above the submit button. */
  agreement: ReactNode;
  localProvider: boolean;
}

export function SmsLoginForm({ requireAgreement, onFailed, localProvider, agreement }: Props) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<SmsLoginInput>();
  const login = useSmsLogin();
  const signIn = useSignIn();

  const onFinish = (values: SmsLoginInput) => {
    if (!requireAgreement()) return;
    login.mutate(values, {
      onSuccess: (session) => {
        if (!signIn(session)) onFailed('');
      },
      onError: (e) => onFailed(e.message),
    });
  };

  return (
    <Form<SmsLoginInput> form={form} name="sms-login" size="large" onFinish={onFinish}>
      {localProvider ? <Alert className="local-sms" type="info" showIcon title={t('localSmsHint')} /> : null}
      <Form.Item name="Phone" rules={phoneRules(t)}>
        <Input prefix={<MobileOutlined />} placeholder={t('phone')} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="SMSCode" rules={codeRules(t)} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder={t('smsCode')} inputMode="numeric" maxLength={6} />
          </Form.Item>
          <SendCodeButton form={form} purpose="login" />
        </Space.Compact>
      </Form.Item>
      {agreement}
      <Button type="primary" htmlType="submit" block loading={login.isPending} className="login-submit">
        {t('login')}
      </Button>
    </Form>
  );
}
