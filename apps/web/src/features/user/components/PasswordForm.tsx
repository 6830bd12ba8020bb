import type { ChangePasswordInput } from '@lodestar/contract/users';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../../auth/components/rules.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Old, new and confirm; a failed save keeps what was typed and the client shows the server's message. */
export function PasswordForm() {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordInput>();
  const change = useChangePassword();

  const onFinish = (values: ChangePasswordInput) =>
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('passwordChanged'));
      },
    });

  return (
    <Card title={t('changePassword')} className="password-card">
      <Form<ChangePasswordInput> form={form} name="change-password" layout="vertical" onFinish={onFinish}>
        <Form.Item name="OldPass" label={t('oldPassword')} rules={[{ required: true, message: t('inputOld') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="NewPass" label={t('newPassword')} rules={newPasswordRules(t, t('inputNew'))}>
          <Input.Password autoComplete="new-password" placeholder={t('passwordRule')} />
        </Form.Item>
        <Form.Item
          name="ConfirmPass"
          label={t('confirmPassword')}
          dependencies={['NewPass']}
          rules={confirmRules(t, 'NewPass', t('inputConfirm'))}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('common:save')}
        </Button>
      </Form>
    </Card>
  );
}
