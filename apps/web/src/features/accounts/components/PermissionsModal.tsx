import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/table/index.ts';
import { setUserFuns, USERS_KEY, type UserRow } from '../api/users.ts';
import { FunsField } from './FunsField.tsx';

/**
 * An account's functions in a dialog, for workspaces without the SIM console's permission page
 * (/info/user): the same matrix and the same User/SetUserFuns.
 */
export function PermissionsModal({
  user,
  onClose,
}: {
  user: Pick<UserRow, 'UserID' | 'UserName' | 'Funs'> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounts');
  const client = useQueryClient();
  return (
    <FormModal<{ Funs: number[] }>
      name="permissions"
      open={user !== null}
      width={960}
      title={t('perm.of', { name: user?.UserName ?? '' })}
      initialValues={{ Funs: user?.Funs ?? [] }}
      onCancel={onClose}
      onSubmit={(v) => setUserFuns(user!.UserID, v.Funs ?? [])}
      onSaved={() => void client.invalidateQueries({ queryKey: USERS_KEY })}
    >
      <Form.Item name="Funs" wrapperCol={{ span: 24 }}>
        <FunsField />
      </Form.Item>
    </FormModal>
  );
}
