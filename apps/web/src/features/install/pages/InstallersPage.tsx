import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Fn } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import {
  ExportButton,
  FilterForm,
  FormModal,
  type PagedColumn,
  PagedTable,
  useFormModal,
  useServerList,
} from '../../../components/table/index.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import {
  addInstaller,
  exportInstallers,
  getInstallerList,
  INSTALLERS_KEY,
  type InstallerFilters,
  type InstallerRow,
  type InstallerSortColumn,
  modifyInstaller,
} from '../api/installers.ts';
import '../install.css';

interface InstallerForm {
  UserName: string;
  Phone: string;
  UserPassword?: string;
  Region?: string;
  Company?: string;
  Active: boolean;
  Remark?: string;
}

const EMPTY: InstallerFilters = {};
const rate = (v: number | null) => (v === null ? '–' : `${v}%`);

/** info/installer (function 43): installer accounts of the unit chosen in the unit list, with their score. */
export default function InstallersPage() {
  const { t } = useTranslation('install');
  const client = useQueryClient();
  const holdId = useSession((s) => s.currentHoldId);
  const [filters, setFilters] = useState<InstallerFilters>(EMPTY);
  const query = { ...filters, HoldID: holdId ?? undefined };
  const list = useServerList(INSTALLERS_KEY, getInstallerList, query);
  const canExport = useFunctionSet().has(Fn.export);
  const modal = useFormModal<InstallerRow>();
  const refresh = () => client.invalidateQueries({ queryKey: INSTALLERS_KEY });

  const save = async (v: InstallerForm) => {
    const fields = { UserName: v.UserName, Phone: v.Phone, Region: v.Region ?? '', Company: v.Company ?? '' };
    const more = { Active: v.Active, Remark: v.Remark ?? '' };
    if (modal.record) await modifyInstaller({ InstallerID: modal.record.InstallerID, ...fields, ...more });
    else if (holdId) await addInstaller({ HoldID: holdId, ...fields, ...more, UserPassword: v.UserPassword ?? '' });
  };

  const columns: PagedColumn<InstallerRow, unknown, InstallerSortColumn>[] = [
    { key: 'UserName', dataIndex: 'UserName', title: t('installer.name'), width: 140, sortable: true },
    { key: 'Phone', dataIndex: 'Phone', title: t('installer.phone'), width: 130 },
    { key: 'Region', dataIndex: 'Region', title: t('installer.region'), width: 120, sortable: true, ellipsis: true },
    { key: 'Company', dataIndex: 'Company', title: t('installer.company'), width: 150, sortable: true, ellipsis: true },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('installer.unit'), width: 140, ellipsis: true },
    {
      key: 'Active',
      dataIndex: 'Active',
      title: t('installer.state'),
      width: 100,
      render: (v: boolean) => (
        <Tag color={v ? 'green' : 'default'}>{t(v ? 'installer.active' : 'installer.inactive')}</Tag>
      ),
    },
    {
      key: 'OpenTasks',
      dataIndex: 'OpenTasks',
      title: t('installer.open'),
      width: 110,
      sortable: true,
      align: 'right',
    },
    {
      key: 'FinishedTasks',
      dataIndex: 'FinishedTasks',
      title: t('installer.finished'),
      width: 110,
      sortable: true,
      align: 'right',
    },
    {
      key: 'OnTimeRate',
      dataIndex: 'OnTimeRate',
      title: t('installer.onTime'),
      width: 110,
      sortable: true,
      align: 'right',
      render: rate,
    },
    {
      key: 'ReworkRate',
      dataIndex: 'ReworkRate',
      title: t('installer.rework'),
      width: 110,
      sortable: true,
      align: 'right',
      render: rate,
    },
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('installer.created'), width: 170, sortable: true },
    {
      key: 'actions',
      title: t('table:actions'),
      width: 120,
      fixed: 'right',
      resizable: false,
      render: (_v, r) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => modal.openEdit(r)}>
          {t('table:edit')}
        </Button>
      ),
    },
  ];

  return (
    <PageLayout title={t('menu:installer')}>
      <PagedTable<InstallerRow, unknown, InstallerSortColumn>
        id="info.installers"
        data-testid="installer-table"
        list={list}
        rowKey="InstallerID"
        columns={columns}
        toolbar={
          <FilterForm<InstallerFilters> initialValues={EMPTY} onSearch={setFilters} name="installer_filter">
            <Form.Item name="Keyword" label={t('filter.keyword')}>
              <Input allowClear placeholder={t('installer.keywordHint')} />
            </Form.Item>
            <Form.Item name="Active" label={t('installer.state')}>
              <Select
                allowClear
                className="install-filter-select"
                options={[
                  { value: true, label: t('installer.active') },
                  { value: false, label: t('installer.inactive') },
                ]}
              />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <Space wrap>
            {canExport ? (
              <ExportButton
                exportFile={() =>
                  exportInstallers({ ...query, SortColumn: list.paging.SortColumn, SortType: list.paging.SortType })
                }
              />
            ) : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd} data-testid="installer-add">
              {t('installer.add')}
            </Button>
          </Space>
        }
      />
      <FormModal<InstallerForm>
        open={modal.open}
        name="installer_form"
        title={modal.editing ? t('installer.edit') : t('installer.add')}
        initialValues={
          modal.record
            ? {
                UserName: modal.record.UserName,
                Phone: modal.record.Phone,
                Region: modal.record.Region,
                Company: modal.record.Company,
                Active: modal.record.Active,
                Remark: modal.record.Remark,
              }
            : { Active: true }
        }
        onCancel={modal.close}
        onSubmit={save}
        onSaved={() => void refresh()}
      >
        <Form.Item name="UserName" label={t('installer.name')} rules={[{ required: true, min: 2, max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Phone" label={t('installer.phone')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        {modal.editing ? null : (
          <Form.Item name="UserPassword" label={t('installer.password')} rules={[{ required: true, min: 6, max: 64 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="Region" label={t('installer.region')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Company" label={t('installer.company')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Active" label={t('installer.state')} valuePropName="checked">
          <Switch checkedChildren={t('installer.active')} unCheckedChildren={t('installer.inactive')} />
        </Form.Item>
        <Form.Item name="Remark" label={t('task.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormModal>
    </PageLayout>
  );
}
