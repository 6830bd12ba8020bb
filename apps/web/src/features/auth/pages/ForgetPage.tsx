import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppConfig } from '../api/get-config.ts';
import { useRetrievePassword } from '../api/retrieve-password.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { codeRules, confirmRules, newPasswordRules, phoneRules } from '../components/rules.ts';
import { SendCodeButton } from '../components/SendCodeButton.tsx';

interface Values {
  Phone: string;
  SMSCode: string;
  NewPass: string;
  Confirm: string;
}

/** /forget: phone, SMS code, new password and confirm → account/retrievepassword. */
export default function ForgetPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const retrieve = useRetrievePassword();
  const { data: config } = useAppConfig();

  const onFinish = ({ Phone, SMSCode, NewPass }: Values) =>
    retrieve.mutate(
      { Phone, SMSCode, NewPass },
      {
        onSuccess: () => {
          void message.success(t('resetDone'));
          navigate('/login');
        },
      },
    );

  return (
    <AuthLayout>
      <h1 className="auth-title">{t('forgetTitle')}</h1>
      {config?.smsProvider === 'local' ? (
        <Alert className="local-sms" type="info" showIcon title={t('localSmsHint')} />
      ) : null}
      <Form<Values> form={form} layout="vertical" size="large" name="forget" onFinish={onFinish}>
        <Form.Item name="Phone" label={t('phone')} rules={phoneRules(t)}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item label={t('smsCode')} required>
          <Space.Compact block>
            <Form.Item name="SMSCode" rules={codeRules(t)} noStyle>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
            <SendCodeButton form={form} purpose="retrieve" />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="NewPass" label={t('newPassword')} rules={newPasswordRules(t, t('inputPassword'))}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="Confirm"
          label={t('confirmPassword')}
          dependencies={['NewPass']}
          rules={confirmRules(t, 'NewPass', t('inputConfirm'))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={retrieve.isPending}>
          {t('common:submit')}
        </Button>
      </Form>
      <div className="auth-links">
        <Link to="/login">{t('backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
