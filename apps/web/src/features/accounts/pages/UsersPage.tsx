import { EditOutlined, KeyOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { AccountType, Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import {
  DeleteButton,
  ExportButton,
  FilterForm,
  FormModal,
  PagedTable,
  useFormModal,
  useServerList,
} from '../../../components/table/index.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import {
  addUser,
  exportUserList,
  getUserList,
  modifyUser,
  removeUser,
  USERS_KEY,
  type UserRow,
  type UserSortColumn,
} from '../api/users.ts';
import { fromClock, toClock } from '../components/AccessWindowFields.tsx';
import { PermissionsModal } from '../components/PermissionsModal.tsx';
import { ResetPasswordModal } from '../components/ResetPasswordModal.tsx';
import { type UserForm, UserFormFields } from '../components/UserFormFields.tsx';
import { type RowLock, useGrantableAccountTypes, useRowLock } from '../manage.ts';

const toForm = (u: UserRow): Partial<UserForm> => ({
  HoldID: u.HoldID,
  UserName: u.UserName,
  Phone: u.Phone,
  AccountType: u.AccountType,
  Contact: u.Contact,
  Email: u.Email,
  ServiceEndDate: u.ServiceEndDate ? dayjs(u.ServiceEndDate) : null,
  Remark: u.Remark,
  Address: u.Address,
  AccessStart: fromClock(u.AccessStart),
  AccessEnd: fromClock(u.AccessEnd),
});

const toBody = (v: UserForm) => ({
  HoldID: v.HoldID,
  UserName: v.UserName,
  Phone: v.Phone,
  AccountType: v.AccountType,
  Contact: v.Contact ?? '',
  Email: v.Email ?? '',
  Remark: v.Remark ?? '',
  ServiceEndDate: v.ServiceEndDate ? v.ServiceEndDate.format('YYYY-MM-DD') : '',
  Address: v.Address ?? '',
  AccessStart: toClock(v.AccessStart),
  AccessEnd: toClock(v.AccessEnd),
});

type Granting = Pick<UserRow, 'UserID' | 'UserName' | 'Funs'>;

/**
 * The accounts of the unit chosen in the unit list (and the units below it): account/user in the SIM
 * console, /info/user in the GPS one (`titleKey`; permissions in a dialog there, as the permission page
 * belongs to the SIM console's menu).
 */
export function UsersList({
  titleKey = 'menu:simAccounts',
  permissionsInDialog = false,
}: {
  titleKey?: string;
  permissionsInDialog?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const holdId = useSession((s) => s.currentHoldId);
  const holdName = useSession((s) => s.currentHoldName);
  const [keyword, setKeyword] = useState('');
  const filters = { HoldID: holdId ?? undefined, Keyword: keyword };
  const list = useServerList(USERS_KEY, getUserList, filters);
  const canExport = useFunctionSet().has(Fn.export);
  const modal = useFormModal<UserRow>();
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: USERS_KEY });
  const rowLock = useRowLock();
  const accountTypes = useGrantableAccountTypes();
  const lockLabel = (lock: RowLock) =>
    lock === 'self' ? t('user.self') : lock === 'superAdmin' ? t('accountType.1') : t('user.readOnly');
  const [granting, setGranting] = useState<Granting | null>(null);
  const permissions = (u: Granting) =>
    permissionsInDialog ? setGranting(u) : navigate(`/account/permission?UserID=${u.UserID}`);

  return (
    <PageLayout title={t(titleKey)} extra={<span className="muted">{t('user.scope', { holdName })}</span>}>
      <PagedTable<UserRow, unknown, UserSortColumn>
        id="accounts.users"
        list={list}
        rowKey="UserID"
        toolbar={
          <FilterForm initialValues={{ Keyword: '' }} onSearch={(v) => setKeyword(v.Keyword ?? '')}>
            <Form.Item name="Keyword" label={t('user.keyword')}>
              <Input allowClear placeholder={t('user.keywordHint')} />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <Space>
            {canExport ? (
              <span data-testid="users-export">
                <ExportButton
                  exportFile={() =>
                    exportUserList({ ...filters, SortColumn: list.paging.SortColumn, SortType: list.paging.SortType })
                  }
                />
              </span>
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd}>
              {t('user.add')}
            </Button>
          </Space>
        }
        columns={[
          { key: 'UserName', dataIndex: 'UserName', title: t('user.name'), width: 150, sortable: true },
          { key: 'Phone', dataIndex: 'Phone', title: t('user.phone'), width: 140, sortable: true },
          {
            key: 'AccountType',
            dataIndex: 'AccountType',
            title: t('user.type'),
            width: 170,
            sortable: true,
            render: (v: number) => (
              <Tag color={v <= AccountType.Admin ? 'blue' : undefined}>{t(`accountType.${v}`)}</Tag>
            ),
          },
          { key: 'HoldName', dataIndex: 'HoldName', title: t('user.hold'), width: 180, sortable: true },
          { key: 'Contact', dataIndex: 'Contact', title: t('user.contact'), width: 120 },
          { key: 'Email', dataIndex: 'Email', title: t('user.email'), width: 180, ellipsis: true },
          { key: 'ServiceEndDate', dataIndex: 'ServiceEndDate', title: t('user.serviceEnd'), width: 120 },
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('user.createTime'), width: 170, sortable: true },
          {
            key: 'actions',
            title: t('table:actions'),
            width: 330,
            fixed: 'right',
            resizable: false,
            render: (_v, u) => {
              const lock = rowLock(u);
              // What the server would refuse is not offered: the row is shown, read-only, with the reason.
              if (lock)
                return (
                  <Tooltip title={t(`cannotManage.${lock}`)}>
                    <span className="muted" data-testid="user-locked">
                      {lockLabel(lock)}
                    </span>
                  </Tooltip>
                );
              return (
                // Four actions: in French they take two lines rather than spill out of the pinned column.
                <Space size={0} wrap>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => modal.openEdit(u)}>
                    {t('table:edit')}
                  </Button>
                  <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => permissions(u)}>
                    {t('user.permissions')}
                  </Button>
                  <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(u)}>
                    {t('user.reset')}
                  </Button>
                  <DeleteButton
                    name={u.UserName}
                    onConfirm={async () => {
                      await removeUser(u.UserID);
                      await refresh();
                    }}
                  />
                </Space>
              );
            },
          },
        ]}
      />
      <FormModal<UserForm>
        // Wide enough for the French labels ("Confirmer le mot de passe") beside their fields.
        width={700}
        open={modal.open}
        title={modal.editing ? t('user.edit') : t('user.add')}
        initialValues={
          modal.record
            ? toForm(modal.record)
            : {
                HoldID: holdId ?? undefined,
                AccountType: accountTypes.includes(AccountType.User) ? AccountType.User : accountTypes[0],
                ServiceEndDate: null,
              }
        }
        onCancel={modal.close}
        onSubmit={async (v) => {
          if (modal.record) return modifyUser({ ...toBody(v), UserID: modal.record.UserID });
          const { UserID } = await addUser({ ...toBody(v), UserPassword: v.UserPassword ?? '', Funs: [] });
          // A new account holds no function yet: offer to grant some right away.
          message.info({
            content: (
              <span>
                {t('user.addedNoFuns')}{' '}
                <Button
                  type="link"
                  size="small"
                  onClick={() => permissions({ UserID, UserName: v.UserName, Funs: [] })}
                >
                  {t('user.setPermissions')}
                </Button>
              </span>
            ),
            duration: 6,
          });
        }}
        onSaved={() => void refresh()}
      >
        <UserFormFields adding={!modal.editing} />
      </FormModal>
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSaved={(u) => message.success(t('user.resetDone', { name: u.UserName }))}
      />
      <PermissionsModal user={granting} onClose={() => setGranting(null)} />
    </PageLayout>
  );
}

/** account/user: the SIM console's accounts. */
export default function UsersPage() {
  return <UsersList />;
}
