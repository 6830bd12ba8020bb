import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/table/index.ts';
import { confirmRules, newPasswordRules } from '../../auth/components/rules.ts';
import { resetPassword, type UserRow } from '../api/users.ts';

interface Values {
  NewPass: string;
  ConfirmPass: string;
}

/** An administrator sets a new password for an account; the account's open sessions end. */
export function ResetPasswordModal<U extends Pick<UserRow, 'UserID' | 'UserName'>>({
  user,
  onClose,
  onSaved,
}: {
  user: U | null;
  onClose: () => void;
  onSaved: (user: U) => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <FormModal<Values>
      name="reset"
      open={user !== null}
      title={t('user.resetTitle', { name: user?.UserName ?? '' })}
      onCancel={onClose}
      onSubmit={(v) => resetPassword(user!.UserID, v.NewPass)}
      onSaved={() => {
        if (user) onSaved(user);
        onClose();
      }}
    >
      <p className="muted">{t('user.resetHint')}</p>
      <Form.Item name="NewPass" label={t('user.password')} rules={newPasswordRules(t, t('auth:inputPassword'))}>
        <Input.Password maxLength={18} autoComplete="new-password" placeholder={t('auth:passwordRule')} />
      </Form.Item>
      <Form.Item
        name="ConfirmPass"
        label={t('user.confirmPassword')}
        dependencies={['NewPass']}
        rules={confirmRules(t, 'NewPass', t('auth:inputPassword'))}
      >
        <Input.Password maxLength={18} autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
