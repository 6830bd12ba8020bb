import { LIMITS } from '@lodestar/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { PagedTable, useServerList } from '../../../components/table/index.ts';
import { useGrantableFunctions } from '../api/functions.ts';
import { getUserList, setUserFuns, USERS_KEY, type UserRow, type UserSortColumn } from '../api/users.ts';
import { FunctionMatrix } from '../components/FunctionMatrix.tsx';
import { useRowLock } from '../manage.ts';
import '../accounts.css';

/** The account named in the address (`?UserID=`), looked up among the caller's accounts when not clicked here. */
function useUserById(id: number | null, known: UserRow | undefined) {
  return useQuery({
    queryKey: [...USERS_KEY, 'byId', id],
    queryFn: async () =>
      (await getUserList({ PageIndex: 1, PageSize: LIMITS.pageSizeMax, Keyword: '' })).rows.find(
        (u) => u.UserID === id,
      ) ?? null,
    enabled: id !== null && !known,
  });
}

/** account/permission: per account, the functions it holds, grantable from what the caller holds. */
export default function PermissionPage() {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const client = useQueryClient();
  const rowLock = useRowLock();
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('UserID')) || null;
  const [keyword, setKeyword] = useState('');
  const list = useServerList(USERS_KEY, getUserList, { Keyword: keyword }, { pageSize: 10 });
  const clicked = list.rows.find((u) => u.UserID === userId);
  const lookedUp = useUserById(userId, clicked);
  const user = clicked ?? lookedUp.data ?? undefined;
  const functions = useGrantableFunctions();
  const grantable = useMemo(() => new Set((functions.data ?? []).map((f) => f.id)), [functions.data]);

  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const saved = useMemo(() => new Set((user?.Funs ?? []).filter((f) => grantable.has(f))), [user, grantable]);
  // A newly chosen account, or new saved functions, reset the ticks; a refetch of the same ones does not.
  const savedKey = `${user?.UserID ?? 0}:${[...saved].sort((a, b) => a - b).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for saved's content
  useEffect(() => setChecked(new Set(saved)), [savedKey]);
  const dirty = checked.size !== saved.size || [...checked].some((f) => !saved.has(f));
  // The server refuses an account holding a function the caller lacks or of a type above its own (issue #14).
  const lock = user ? rowLock(user) : null;
  const locked = !user || lock !== null;

  const save = async () => {
    if (!user) return;
    setSaving(true);
    try {
      await setUserFuns(
        user.UserID,
        [...checked].sort((a, b) => a - b),
      );
      message.success(t('perm.saved', { name: user.UserName }));
      await client.invalidateQueries({ queryKey: USERS_KEY });
    } catch {
      // shown by the api client; the ticks stay as they are so nothing is lost
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageLayout title={t('menu:simPermissions')}>
      <div className="perm-layout">
        <Card size="small" className="perm-users" title={t('perm.accounts')}>
          <PagedTable<UserRow, unknown, UserSortColumn>
            id="accounts.permission.users"
            list={list}
            rowKey="UserID"
            size="small"
            pageSizeOptions={[10, 20, 50]}
            toolbar={
              <Input.Search
                allowClear
                placeholder={t('user.keywordHint')}
                enterButton={t('table:search')}
                onSearch={(v) => setKeyword(v.trim())}
              />
            }
            rowClassName={(u) => (u.UserID === userId ? 'perm-user-selected' : 'perm-user')}
            onRow={(u) => ({ onClick: () => setParams({ UserID: String(u.UserID) }) })}
            columns={[
              {
                key: 'UserName',
                dataIndex: 'UserName',
                title: t('user.name'),
                width: 120,
                render: (name: string, u) => (
                  <>
                    {name}
                    <span className="muted perm-user-phone">{u.Phone}</span>
                  </>
                ),
              },
              { key: 'HoldName', dataIndex: 'HoldName', title: t('user.hold'), width: 140, ellipsis: true },
            ]}
          />
        </Card>
        <Card
          size="small"
          className="perm-matrix"
          title={user ? t('perm.of', { name: user.UserName }) : t('perm.pick')}
        >
          {!user ? (
            lookedUp.isFetching ? (
              <Spin description={t('common:loading')} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('perm.pickHint')} />
            )
          ) : (
            <>
              <div className="perm-toolbar">
                <Tag>{t(`accountType.${user.AccountType}`)}</Tag>
                <span className="muted">{user.HoldName}</span>
                <span className="perm-toolbar-spacer" />
                <Button disabled={locked} onClick={() => setChecked(new Set(grantable))}>
                  {t('perm.checkAllOverall')}
                </Button>
                <Button disabled={locked} onClick={() => setChecked(new Set())}>
                  {t('perm.cancelAllOverall')}
                </Button>
                <Button disabled={locked || !dirty} onClick={() => setChecked(new Set(saved))}>
                  {t('perm.revert')}
                </Button>
                <Button type="primary" disabled={locked || !dirty} loading={saving} onClick={() => void save()}>
                  {t('common:save')}
                </Button>
              </div>
              {lock ? <Alert type="info" showIcon className="perm-alert" title={t(`cannotManage.${lock}`)} /> : null}
              {dirty ? <Alert type="warning" className="perm-alert" title={t('perm.unsaved')} /> : null}
              {functions.isLoading ? (
                <Spin description={t('common:loading')} />
              ) : (
                <FunctionMatrix
                  functions={functions.data ?? []}
                  checked={checked}
                  onChange={setChecked}
                  disabled={locked}
                />
              )}
            </>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}
