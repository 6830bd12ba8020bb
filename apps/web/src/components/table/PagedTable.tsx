import { Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult, TableRowSelection } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResizableTitle, type ResizableTitleProps } from './ResizableTitle.tsx';
import { useColumnWidths } from './use-column-widths.ts';
import type { ServerList, SortType } from './use-server-list.ts';
import './table.css';

/** A column of a server-paged table: `key` names it for widths and, with `sortable`, is the SortColumn sent. */
export type PagedColumn<Row> = Omit<ColumnType<Row>, 'key' | 'sorter' | 'sortOrder'> & {
  key: string;
  sortable?: boolean;
  /** Drag to resize; on by default, off for narrow fixed columns such as actions. */
  resizable?: boolean;
};

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface PagedTableProps<Row> {
  /** Names the table in localStorage for its column widths; unique per page and table. */
  id: string;
  list: ServerList<Row>;
  columns: PagedColumn<Row>[];
  rowKey: keyof Row & string;
  /** Filters and buttons above the table, left; `extra` sits on the right (export, add). */
  toolbar?: ReactNode;
  extra?: ReactNode;
  rowSelection?: TableRowSelection<Row>;
  pageSizeOptions?: number[];
  scrollY?: number;
  size?: TableProps<Row>['size'];
  rowClassName?: TableProps<Row>['rowClassName'];
  onRow?: TableProps<Row>['onRow'];
}

const ORDER: Record<SortType, 'ascend' | 'descend'> = { asc: 'ascend', desc: 'descend' };

/** antd Table driven by `useServerList`: server paging and sorting, draggable widths, i18n texts. */
export function PagedTable<Row extends object>({
  id,
  list,
  columns,
  rowKey,
  toolbar,
  extra,
  rowSelection,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  scrollY,
  size = 'middle',
  rowClassName,
  onRow,
}: PagedTableProps<Row>) {
  const { t } = useTranslation('table');
  const { widths, resize, persist } = useColumnWidths(id);
  const { paging } = list;

  const antColumns: ColumnType<Row>[] = columns.map(({ sortable, resizable = true, ...col }) => {
    const width = widths[col.key] ?? col.width;
    return {
      ...col,
      width,
      sorter: sortable ? true : undefined,
      sortOrder: sortable && paging.SortColumn === col.key && paging.SortType ? ORDER[paging.SortType] : null,
      onHeaderCell: resizable
        ? () =>
            ({
              onResizeWidth: (w: number) => resize(col.key, w),
              onResizeEnd: (w: number | undefined) => persist(col.key, w),
            }) as ResizableTitleProps
        : undefined,
    };
  });

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extraInfo) => {
    if (extraInfo.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const order = s?.order;
      list.setPaging({
        PageIndex: 1,
        SortColumn: order ? String(s?.columnKey ?? s?.field ?? '') : undefined,
        SortType: order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : undefined,
      });
      return;
    }
    const nextSize = pagination.pageSize ?? paging.PageSize;
    list.setPaging({
      PageIndex: nextSize !== paging.PageSize ? 1 : (pagination.current ?? 1),
      PageSize: nextSize,
    });
  };

  return (
    <div className="paged-table">
      {toolbar || extra ? (
        <div className="paged-table-toolbar">
          <div className="paged-table-filters">{toolbar}</div>
          {extra ? <div className="paged-table-extra">{extra}</div> : null}
        </div>
      ) : null}
      <Table<Row>
        rowKey={(row) => row[rowKey] as Key}
        size={size}
        tableLayout="fixed"
        columns={antColumns}
        components={{ header: { cell: ResizableTitle } }}
        dataSource={list.rows}
        loading={{ spinning: list.isFetching, description: t('common:loading') }}
        locale={{ emptyText: t('common:noData') }}
        rowSelection={rowSelection}
        rowClassName={rowClassName}
        onRow={onRow}
        scroll={{ x: 'max-content', y: scrollY }}
        showSorterTooltip={false}
        onChange={onChange}
        pagination={{
          current: paging.PageIndex,
          pageSize: paging.PageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions,
          showTotal: (total) => t('total', { count: total }),
        }}
      />
    </div>
  );
}
