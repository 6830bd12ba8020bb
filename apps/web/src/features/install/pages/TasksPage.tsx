import { PlusOutlined } from '@ant-design/icons';
import { Fn, parseYuanToFen, TASK_STATUSES } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { BatchImportButton } from '../../imports/components/BatchImportButton.tsx';
import { StatusTag } from '../../install-phone/components/StatusTag.tsx';
import {
  addTask,
  exportTasks,
  getTaskList,
  TASKS_KEY,
  type TaskFilters,
  type TaskRow,
  type TaskSortColumn,
} from '../api/tasks.ts';
import { InstallerSelect } from '../components/InstallerSelect.tsx';
import { TaskDrawer } from '../components/TaskDrawer.tsx';
import '../install.css';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const EMPTY: TaskFilters = {};
const TASK_KINDS = ['task'] as const;

interface TaskForm {
  VIN: string;
  Customer: string;
  OrderNo?: string;
  Address?: string;
  Project?: string;
  Agent?: string;
  Store?: string;
  CostYuan?: string;
  ExpectedTime?: Dayjs | null;
  InstallerID?: number;
  Remark?: string;
}

/** info/task (function 42; audit 45): install tasks of the unit chosen in the unit list; a row opens its detail. */
export default function TasksPage() {
  const { t } = useTranslation('install');
  const client = useQueryClient();
  const holdId = useSession((s) => s.currentHoldId);
  const funs = useFunctionSet();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<TaskFilters>(EMPTY);
  const query = { ...filters, HoldID: holdId ?? undefined };
  const list = useServerList(TASKS_KEY, getTaskList, query);
  const modal = useFormModal<TaskRow>();
  const refresh = () => client.invalidateQueries({ queryKey: TASKS_KEY });
  const opened = Number(params.get('TaskID')) || null;
  const open = (id: number | null) => setParams(id ? { TaskID: String(id) } : {}, { replace: true });

  const save = async (v: TaskForm) => {
    if (!holdId) return;
    const cost = v.CostYuan ? parseYuanToFen(v.CostYuan) : undefined;
    await addTask({
      HoldID: holdId,
      VIN: v.VIN,
      Customer: v.Customer,
      ...(v.OrderNo ? { OrderNo: v.OrderNo } : {}),
      Address: v.Address ?? '',
      Project: v.Project ?? '',
      Agent: v.Agent ?? '',
      Store: v.Store ?? '',
      ...(cost !== undefined && cost !== null ? { Cost: cost } : {}),
      ExpectedTime: v.ExpectedTime ? v.ExpectedTime.format(TIME) : null,
      ...(v.InstallerID ? { InstallerID: v.InstallerID } : {}),
      Remark: v.Remark ?? '',
    });
  };

  const columns: PagedColumn<TaskRow, unknown, TaskSortColumn>[] = [
    {
      key: 'OrderNo',
      dataIndex: 'OrderNo',
      title: t('task.orderNo'),
      width: 160,
      sortable: true,
      render: (v: string, r) => (
        <Button type="link" size="small" className="install-order" onClick={() => open(r.TaskID)}>
          {v}
        </Button>
      ),
    },
    {
      key: 'Status',
      dataIndex: 'Status',
      title: t('task.status'),
      width: 130,
      sortable: true,
      render: (v: number) => <StatusTag status={v} />,
    },
    { key: 'Customer', dataIndex: 'Customer', title: t('task.customer'), width: 120, sortable: true, ellipsis: true },
    { key: 'VIN', dataIndex: 'VIN', title: t('task.vin'), width: 180 },
    {
      key: 'InstallerName',
      dataIndex: 'InstallerName',
      title: t('task.installer'),
      width: 130,
      sortable: true,
      ellipsis: true,
    },
    { key: 'Project', dataIndex: 'Project', title: t('task.project'), width: 120, ellipsis: true },
    { key: 'Agent', dataIndex: 'Agent', title: t('task.agent'), width: 120, ellipsis: true },
    { key: 'ExpectedTime', dataIndex: 'ExpectedTime', title: t('task.expected'), width: 170, sortable: true },
    { key: 'StartTime', dataIndex: 'StartTime', title: t('task.start'), width: 170, sortable: true },
    { key: 'EndTime', dataIndex: 'EndTime', title: t('task.end'), width: 170, sortable: true },
    { key: 'CheckTime', dataIndex: 'CheckTime', title: t('task.check'), width: 170, sortable: true },
    { key: 'HoldName', dataIndex: 'HoldName', title: t('installer.unit'), width: 130, ellipsis: true },
    { key: 'CreateTime', dataIndex: 'CreateTime', title: t('installer.created'), width: 170, sortable: true },
  ];

  const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: t(`install-phone:status.${s}`) }));

  return (
    <PageLayout title={t('menu:task')}>
      <PagedTable<TaskRow, unknown, TaskSortColumn>
        id="info.tasks"
        data-testid="task-table"
        list={list}
        rowKey="TaskID"
        columns={columns}
        toolbar={
          <FilterForm<TaskFilters> initialValues={EMPTY} onSearch={setFilters} name="task_filter">
            <Form.Item name="Keyword" label={t('filter.keyword')}>
              <Input allowClear placeholder={t('task.keywordHint')} />
            </Form.Item>
            <Form.Item name="Status" label={t('task.status')}>
              <Select allowClear options={statusOptions} className="install-filter-select" />
            </Form.Item>
            <Form.Item name="InstallerID" label={t('task.installer')}>
              <InstallerSelect className="install-filter-select" />
            </Form.Item>
          </FilterForm>
        }
        extra={
          <Space wrap>
            {funs.has(Fn.export) ? (
              <ExportButton
                exportFile={() =>
                  exportTasks({ ...query, SortColumn: list.paging.SortColumn, SortType: list.paging.SortType })
                }
              />
            ) : null}
            {funs.has(Fn.workOrders) ? (
              <BatchImportButton kinds={TASK_KINDS} holdId={holdId ?? undefined} onImported={() => void refresh()} />
            ) : null}
            {funs.has(Fn.workOrders) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd} data-testid="task-add">
                {t('task.add')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <FormModal<TaskForm>
        open={modal.open}
        name="task_form"
        width={640}
        title={t('task.add')}
        initialValues={{}}
        onCancel={modal.close}
        onSubmit={save}
        onSaved={() => void refresh()}
      >
        <Form.Item name="VIN" label={t('task.vin')} rules={[{ required: true, len: 17 }]}>
          <Input maxLength={17} />
        </Form.Item>
        <Form.Item name="Customer" label={t('task.customer')} rules={[{ required: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="OrderNo" label={t('task.orderNo')} extra={t('task.orderNoHint')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Address" label={t('task.address')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Project" label={t('task.project')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Agent" label={t('task.agent')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="Store" label={t('task.store')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="CostYuan" label={t('task.cost')}>
          <InputNumber<string> min="0" step="0.01" stringMode className="install-cost" />
        </Form.Item>
        <Form.Item name="ExpectedTime" label={t('task.expected')}>
          <DatePicker showTime format={TIME} />
        </Form.Item>
        <Form.Item name="InstallerID" label={t('task.installer')}>
          <InstallerSelect />
        </Form.Item>
        <Form.Item name="Remark" label={t('task.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </FormModal>
      <TaskDrawer taskId={opened} onClose={() => open(null)} onChanged={() => void refresh()} />
    </PageLayout>
  );
}
