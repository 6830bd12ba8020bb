import { DragOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { HoldType } from '@lodestar/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space, Spin, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FilterForm, FormModal, PAGE_SIZE_OPTIONS, useServerList } from '../../../components/table/index.ts';
import { useSession } from '../../../store/session.ts';
import { HOLD_KEY, moveHold } from '../../accounts/api/holds.ts';
import { ResetPasswordModal } from '../../accounts/components/ResetPasswordModal.tsx';
import { useRowLock } from '../../accounts/manage.ts';
import '../../accounts/accounts.css';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { holdIcon } from '../../holds/components/hold-icons.tsx';
import {
  addEnterprise,
  ENTERPRISE_KEY,
  type EnterpriseAdmin,
  type EnterpriseRow,
  getEnterpriseList,
  modifyEnterprise,
  removeEnterprise,
} from '../api/enterprise.ts';
import { type EnterpriseForm, EnterpriseFormFields } from '../components/EnterpriseFormFields.tsx';
import { adminBody, toForm } from '../enterprise-form.ts';
import '../enterprise.css';

/** Sub-units fetched when a row is expanded; a unit with more is opened (chosen in the unit tree) instead. */
const CHILD_PAGE = 100;

/** A line of the tree-table: a unit, or under an expanded one, "loading" or "N more". */
type Line =
  | { key: string; kind: 'unit'; row: EnterpriseRow; children?: Line[] }
  | { key: string; kind: 'loading'; parent: EnterpriseRow }
  | { key: string; kind: 'more'; parent: EnterpriseRow; more: number };

type Dialog = { kind: 'add' } | { kind: 'edit'; row: EnterpriseRow } | { kind: 'move'; row: EnterpriseRow } | null;

/** /info/enterprise: the units below the one chosen in the unit list, as a tree-table with their administrators. */
export default function EnterprisePage() {
  const { t } = useTranslation('accounts');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const holdId = useSession((s) => s.currentHoldId);
  const holdName = useSession((s) => s.currentHoldName);
  const setCurrentHold = useSession((s) => s.setCurrentHold);
  const rowLock = useRowLock();
  const [keyword, setKeyword] = useState('');
  const list = useServerList(ENTERPRISE_KEY, getEnterpriseList, {
    ParentHoldID: holdId ?? undefined,
    Keyword: keyword,
  });
  const [expanded, setExpanded] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [resetting, setResetting] = useState<EnterpriseAdmin | null>(null);
  const [refusal, setRefusal] = useState<{ name: string; reason: string } | null>(null);
  // The unit tree (and every unit picker) shows the same holds: they refresh with the table.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ENTERPRISE_KEY }),
      client.invalidateQueries({ queryKey: HOLD_KEY }),
    ]);

  // Each expanded unit's sub-units; invalidating ENTERPRISE_KEY refreshes them with the page.
  const childQueries = useQueries({
    queries: expanded.map((id) => ({
      queryKey: [...ENTERPRISE_KEY, 'children', id],
      queryFn: () => getEnterpriseList({ ParentHoldID: id, PageIndex: 1, PageSize: CHILD_PAGE }),
    })),
  });
  const childPages = new Map(expanded.map((id, i) => [id, childQueries[i]?.data]));
  const childKey = childQueries.map((q) => q.dataUpdatedAt).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: childKey stands for childPages' content
  const lines = useMemo(() => {
    const build = (row: EnterpriseRow): Line => {
      const line: Line = { key: `u${row.HoldID}`, kind: 'unit', row };
      // A search lists matches flat, wherever they are; the tree is for browsing.
      if (keyword || row.ChildCount === 0) return line;
      const page = childPages.get(row.HoldID);
      if (!page) return { ...line, children: [{ key: `l${row.HoldID}`, kind: 'loading', parent: row }] };
      const children: Line[] = page.rows.map(build);
      if (page.total > page.rows.length)
        children.push({ key: `m${row.HoldID}`, kind: 'more', parent: row, more: page.total - page.rows.length });
      return { ...line, children };
    };
    return list.rows.map(build);
  }, [list.rows, keyword, childKey]);

  const remove = (row: EnterpriseRow) =>
    modal.confirm({
      title: t('table:confirmDeleteTitle'),
      content: t('enterprise.removeConfirm', { name: row.HoldName }),
      okText: t('table:delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          await removeEnterprise(row.HoldID);
          setRefusal(null);
          message.success(t('table:deleted'));
          await refresh();
        } catch (err) {
          // The reasons (what is still in the unit, how many) stay on the page, not only in a passing toast.
          setRefusal({ name: row.HoldName, reason: err instanceof Error ? err.message : String(err) });
        }
      },
    });

  const unitOnly = (render: (row: EnterpriseRow) => React.ReactNode) => (_: unknown, line: Line) =>
    line.kind === 'unit' ? render(line.row) : null;

  const columns: ColumnsType<Line> = [
    {
      key: 'HoldName',
      title: t('enterprise.holdName'),
      width: 240,
      render: (_: unknown, line: Line) => {
        if (line.kind === 'loading') return <Spin size="small" description={t('enterprise.loadingChildren')} />;
        if (line.kind === 'more')
          return (
            <Button
              type="link"
              size="small"
              onClick={() => setCurrentHold(line.parent.HoldID, line.parent.HoldName, true)}
            >
              {t('enterprise.more', { count: line.more })}
            </Button>
          );
        // Inline, so a long name wraps beside the expand icon instead of dropping below it.
        return (
          <span className="enterprise-name" data-testid="enterprise-name">
            {holdIcon(line.row.HoldType as (typeof HoldType)[keyof typeof HoldType])} {line.row.HoldName}
          </span>
        );
      },
    },
    ...(keyword
      ? [{ key: 'ParentName', title: t('enterprise.parent'), width: 140, render: unitOnly((r) => r.ParentName) }]
      : []),
    {
      key: 'Admin',
      title: t('enterprise.admin'),
      width: 160,
      render: unitOnly((r) =>
        r.Admin ? (
          <div>
            <div>{r.Admin.UserName}</div>
            <div className="muted">{r.Admin.Phone}</div>
          </div>
        ) : (
          <span className="muted">{t('enterprise.noAdmin')}</span>
        ),
      ),
    },
    {
      key: 'Terms',
      title: `${t('user.serviceEnd')} / ${t('user.accessWindow')}`,
      width: 150,
      render: unitOnly((r) =>
        r.Admin ? (
          <div>
            <div>{r.Admin.ServiceEndDate ?? '—'}</div>
            <div className="muted">
              {r.Admin.AccessStart ? `${r.Admin.AccessStart}–${r.Admin.AccessEnd}` : t('user.anyTime')}
            </div>
          </div>
        ) : null,
      ),
    },
    {
      key: 'Counts',
      title: t('enterprise.counts'),
      width: 130,
      render: unitOnly((r) => (
        <Space size={2}>
          <Tooltip title={t('enterprise.units')}>
            <Tag>{r.ChildCount}</Tag>
          </Tooltip>
          <Tooltip title={t('enterprise.users')}>
            <Tag>{r.UserCount}</Tag>
          </Tooltip>
          <Tooltip title={t('enterprise.devices')}>
            <Tag color={r.DeviceCount ? 'blue' : undefined}>{r.DeviceCount}</Tag>
          </Tooltip>
        </Space>
      )),
    },
    {
      key: 'actions',
      title: t('table:actions'),
      width: 210,
      fixed: 'right',
      render: unitOnly((r) => {
        const lock = r.Admin ? rowLock(r.Admin) : null;
        return (
          // Four actions: in French they take two lines rather than spill out of the pinned column.
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: 'edit', row: r })}
            >
              {t('table:edit')}
            </Button>
            {r.Admin ? (
              <Tooltip title={lock ? t(`cannotManage.${lock}`) : undefined}>
                <Button
                  type="link"
                  size="small"
                  icon={<KeyOutlined />}
                  disabled={lock !== null}
                  onClick={() => setResetting(r.Admin)}
                >
                  {t('user.reset')}
                </Button>
              </Tooltip>
            ) : null}
            <Button
              type="link"
              size="small"
              icon={<DragOutlined />}
              onClick={() => setDialog({ kind: 'move', row: r })}
            >
              {t('enterprise.move')}
            </Button>
            <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="enterprise-remove">
              {t('table:delete')}
            </Button>
          </Space>
        );
      }),
    },
  ];
  // Placeholder lines span every column but the pinned actions one.
  const span = columns.length - 1;
  columns[0] = { ...columns[0]!, onCell: (line: Line) => (line.kind === 'unit' ? {} : { colSpan: span }) };
  for (const c of columns.slice(1, -1)) c.onCell = (line: Line) => (line.kind === 'unit' ? {} : { colSpan: 0 });
  const scrollX = columns.reduce((s, c) => s + (typeof c.width === 'number' ? c.width : 120), 0);

  const editing = dialog?.kind === 'edit' ? dialog.row : undefined;
  // The server would refuse any change to an administrator the signed-in account may not manage (issue #14).
  const editLock = editing?.Admin ? rowLock(editing.Admin) : null;
  return (
    <PageLayout
      title={t('menu:enterprise')}
      extra={<span className="muted">{t('enterprise.scope', { holdName })}</span>}
    >
      {refusal ? (
        <Alert
          className="enterprise-refusal"
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal.name}
          description={<span data-testid="enterprise-refusal">{refusal.reason}</span>}
        />
      ) : null}
      <div className="paged-table">
        <div className="paged-table-toolbar">
          <div className="paged-table-filters">
            <FilterForm initialValues={{ Keyword: '' }} onSearch={(v) => setKeyword(v.Keyword ?? '')}>
              <Form.Item name="Keyword" label={t('enterprise.keyword')}>
                <Input allowClear placeholder={t('enterprise.keywordHint')} style={{ width: 260 }} />
              </Form.Item>
            </FilterForm>
          </div>
          <div className="paged-table-extra">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('enterprise.add')}
            </Button>
          </div>
        </div>
        {keyword ? <div className="muted enterprise-search-note">{t('enterprise.searchResult')}</div> : null}
        <Table<Line>
          data-testid="enterprise-table"
          rowKey="key"
          size="middle"
          tableLayout="fixed"
          columns={columns}
          dataSource={lines}
          expandable={{
            expandedRowKeys: expanded.map((id) => `u${id}`),
            onExpand: (open, line) => {
              if (line.kind !== 'unit') return;
              const id = line.row.HoldID;
              setExpanded((ids) => (open ? [...ids, id] : ids.filter((x) => x !== id)));
            },
          }}
          loading={{ spinning: list.isFetching, description: t('common:loading') }}
          locale={{ emptyText: t('common:noData') }}
          scroll={{ x: scrollX }}
          pagination={{
            current: list.paging.PageIndex,
            pageSize: list.paging.PageSize,
            total: list.total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('table:total', { count: total }),
            onChange: (PageIndex, PageSize) =>
              list.setPaging({ PageIndex: PageSize !== list.paging.PageSize ? 1 : PageIndex, PageSize }),
          }}
        />
      </div>
      <FormModal<EnterpriseForm>
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        name="enterprise"
        width={960}
        title={editing ? t('enterprise.edit') : t('enterprise.addUnder', { name: holdName })}
        initialValues={
          editing
            ? toForm(editing)
            : { HoldType: HoldType.Enterprise, TimeZone: 'Asia/Shanghai', ServiceEndDate: null, Funs: [] }
        }
        onCancel={() => setDialog(null)}
        onSubmit={async (v) => {
          if (editing)
            return modifyEnterprise({
              HoldID: editing.HoldID,
              HoldName: v.HoldName,
              HoldType: v.HoldType,
              ...(editing.Admin && !editLock ? adminBody(v) : {}),
            });
          if (holdId === null) return;
          return addEnterprise({
            parentHoldId: holdId,
            HoldName: v.HoldName,
            HoldType: v.HoldType,
            UserPassword: v.UserPassword ?? '',
            ...adminBody(v),
          });
        }}
        onSaved={() => void refresh()}
      >
        <EnterpriseFormFields
          adding={!editing}
          admin={!editing || editing.Admin !== null}
          lockReason={editLock ? t(`cannotManage.${editLock}`) : undefined}
        />
      </FormModal>
      <FormModal<{ parentHoldId: number }>
        open={dialog?.kind === 'move'}
        name="move"
        title={t('enterprise.moveTitle', { name: dialog?.kind === 'move' ? dialog.row.HoldName : '' })}
        initialValues={{ parentHoldId: dialog?.kind === 'move' ? (dialog.row.parentHoldId ?? undefined) : undefined }}
        okText={t('enterprise.move')}
        onCancel={() => setDialog(null)}
        onSubmit={async (v) => {
          if (dialog?.kind === 'move') await moveHold({ HoldID: dialog.row.HoldID, parentHoldId: v.parentHoldId });
        }}
        onSaved={() => void refresh()}
      >
        <Form.Item
          name="parentHoldId"
          label={t('enterprise.newParent')}
          rules={[{ required: true, message: t('rule.holdRequired') }]}
        >
          <HoldTreeSelect
            exclude={dialog?.kind === 'move' ? dialog.row.HoldID : undefined}
            allowClear={false}
            placeholder={t('pickHold')}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
      </FormModal>
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(null)}
        onSaved={(u) => message.success(t('user.resetDone', { name: u.UserName }))}
      />
    </PageLayout>
  );
}
