import { EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Fn, type Page } from '@lodestar/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFunctionSet } from '../store/session.ts';
import { PageLayout } from './PageLayout.tsx';
import {
  DeleteButton,
  ExportButton,
  FilterForm,
  FormModal,
  type PagedColumn,
  PagedTable,
  type PageQuery,
  type SortType,
  useFormModal,
  useServerList,
} from './table/index.ts';

export interface CrudPageProps<Row extends object, F extends object, V extends object, C extends string = never> {
  title: ReactNode;
  /** localStorage id of the table's column widths. */
  tableId: string;
  queryKey: readonly unknown[];
  /** Queries a write refreshes: the list's own and every other list or drop-down that shows these rows' names. */
  refreshKey: readonly unknown[];
  fetchList: (q: F & PageQuery<C>) => Promise<Page<Row>>;
  initialFilters: F;
  filterFields: ReactNode;
  columns: PagedColumn<Row, unknown, C>[];
  rowKey: keyof Row & string;
  /** How the delete question names the row. */
  rowName: (row: Row) => string;
  addTitle: string;
  editTitle: string;
  /** Values a new row's form opens with. */
  newValues: Partial<V>;
  /** Values an existing row's form opens with. */
  toValues: (row: Row) => Partial<V>;
  formFields: ReactNode;
  save: (values: V, row: Row | undefined) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  sortColumn?: C;
  /** Starts the list's export with the current filters and order; shown with the export function (44). */
  exportList?: (q: F & { SortColumn?: C; SortType?: SortType }) => Promise<{ FileID: number }>;
  /** The caller may only read (e.g. lacks the write function): no add button and no row actions. */
  readOnly?: boolean;
}

const isEditable = (row: object) => (row as { Editable?: boolean }).Editable !== false;

/**
 * A list page of editable rows: filters, a server-paged table, add/edit in a dialog and delete with a
 * question. Rows owned by a superior unit (Editable false) are shown read-only. Every write
 * refreshes the queries under `refreshKey`.
 */
export function CrudPage<Row extends object, F extends object, V extends object, C extends string = never>(
  p: CrudPageProps<Row, F, V, C>,
) {
  const { t } = useTranslation('table');
  const client = useQueryClient();
  const [filters, setFilters] = useState<F>(p.initialFilters);
  const list = useServerList(p.queryKey, p.fetchList, filters, { sortColumn: p.sortColumn, sortType: 'desc' });
  const modal = useFormModal<Row>();
  const refresh = () => client.invalidateQueries({ queryKey: p.refreshKey });
  const canExport = useFunctionSet().has(Fn.export);
  const { SortColumn, SortType } = list.paging;
  const exportList = p.exportList;

  const actions: PagedColumn<Row, unknown, C> = {
    key: 'actions',
    title: t('actions'),
    width: 210,
    fixed: 'right',
    resizable: false,
    render: (_v, row) =>
      isEditable(row) ? (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => modal.openEdit(row)}>
            {t('edit')}
          </Button>
          <DeleteButton
            name={p.rowName(row)}
            onConfirm={async () => {
              await p.remove(row);
              await refresh();
            }}
          />
        </Space>
      ) : (
        <Tooltip title={t('readOnly')}>
          <Tag icon={<LockOutlined />} className="row-readonly-tag">
            {t('readOnlyShort')}
          </Tag>
        </Tooltip>
      ),
  };

  return (
    <PageLayout title={p.title}>
      <PagedTable<Row, unknown, C>
        id={p.tableId}
        list={list}
        rowKey={p.rowKey}
        columns={p.readOnly ? p.columns : [...p.columns, actions]}
        rowClassName={(row) => (isEditable(row) ? '' : 'row-readonly')}
        toolbar={
          <FilterForm<F> initialValues={p.initialFilters} onSearch={setFilters}>
            {p.filterFields}
          </FilterForm>
        }
        extra={
          <Space>
            {exportList && canExport ? (
              <span data-testid="crud-export">
                <ExportButton exportFile={() => exportList({ ...filters, SortColumn, SortType })} />
              </span>
            ) : null}
            {p.readOnly ? null : (
              <Button type="primary" icon={<PlusOutlined />} onClick={modal.openAdd}>
                {t('add')}
              </Button>
            )}
          </Space>
        }
      />
      <FormModal<V>
        open={modal.open}
        title={modal.editing ? p.editTitle : p.addTitle}
        initialValues={modal.record ? p.toValues(modal.record) : p.newValues}
        onCancel={modal.close}
        onSubmit={(values) => p.save(values, modal.record)}
        onSaved={() => void refresh()}
      >
        {p.formFields}
      </FormModal>
    </PageLayout>
  );
}
