import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginInput } from '@lodestar/contract/account';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin } from '../api/login.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';

interface Props {
  /** Returns false (and shows why) when the agreement is not ticked. */
  requireAgreement: () => boolean;
  onFailed: (reason: string) => void;
  /** The agreement box, shown above the submit button. */
  agreement: ReactNode;
}

export function PasswordLoginForm({ requireAgreement, onFailed, agreement }: Props) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const signIn = useSignIn();

  const onFinish = (values: LoginInput) => {
    if (!requireAgreement()) return;
    login.mutate(values, {
      onSuccess: (session) => {
        if (!signIn(session)) onFailed('');
      },
      onError: (e) => onFailed(e.message),
    });
  };

  return (
    <Form<LoginInput> name="password-login" size="large" onFinish={onFinish} autoComplete="on">
      <Form.Item name="Phone" rules={[{ required: true, whitespace: true, message: t('inputLoginName') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('loginName')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="UserPassword" rules={[{ required: true, message: t('inputPassword') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('password')} autoComplete="current-password" />
      </Form.Item>
      {agreement}
      <Button type="primary" htmlType="submit" block loading={login.isPending} className="login-submit">
        {t('login')}
      </Button>
    </Form>
  );
}
