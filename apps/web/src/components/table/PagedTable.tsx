import { Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult, TableRowSelection } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResizableTitle, type ResizableTitleProps } from './ResizableTitle.tsx';
import { useColumnWidths } from './use-column-widths.ts';
import type { ServerList, SortType } from './use-server-list.ts';
import './table.css';

type ColumnBase<Row, Totals> = Omit<ColumnType<Row>, 'key' | 'sorter' | 'sortOrder'> & {
  /** Drag to resize; on by default, off for narrow fixed columns such as actions. */
  resizable?: boolean;
  /** What the totals row shows under this column (lists whose reply carries `Totals`). */
  total?(totals: Totals): ReactNode;
};

/**
 * A column of a server-paged table: `key` names it for widths and, with `sortable`, is the SortColumn
 * sent, so a sortable column's key must be one of the list's sortable columns `C` (its contract's).
 */
export type PagedColumn<Row, Totals = unknown, C extends string = never> =
  | (ColumnBase<Row, Totals> & { key: string; sortable?: false })
  | (ColumnBase<Row, Totals> & { key: C; sortable: true });

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface PagedTableProps<Row, Totals = unknown, C extends string = never> {
  /** Names the table in localStorage for its column widths; unique per page and table. */
  id: string;
  list: ServerList<Row, Totals, C>;
  columns: PagedColumn<Row, Totals, NoInfer<C>>[];
  /** A field of the row, or a function for rows without one. */
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Filters and buttons above the table, left; `extra` sits on the right (export, add). */
  toolbar?: ReactNode;
  extra?: ReactNode;
  rowSelection?: TableRowSelection<Row>;
  pageSizeOptions?: number[];
  scrollY?: number;
  size?: TableProps<Row>['size'];
  rowClassName?: TableProps<Row>['rowClassName'];
  onRow?: TableProps<Row>['onRow'];
  'data-testid'?: string;
}

const ORDER: Record<SortType, 'ascend' | 'descend'> = { asc: 'ascend', desc: 'descend' };

/** Width of a column without one: what antd's fixed layout would give it at least. */
const DEFAULT_COLUMN_WIDTH = 120;
/** antd's selection column. */
const SELECTION_WIDTH = 32;

/**
 * The table's scroll width: the sum of its columns, so every column keeps its width and a pinned
 * actions column never lies over the last ones ('max-content' with the fixed layout left the pinned
 * column out of the sum, so the last column stayed under it however far one scrolled). A table
 * narrower than its page still fills it.
 */
function scrollWidth(columns: { width?: number | string }[], selectable: boolean): number {
  const sum = columns.reduce((s, c) => s + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH), 0);
  return sum + (selectable ? SELECTION_WIDTH : 0);
}

/** antd Table driven by `useServerList`: server paging and sorting, draggable widths, i18n texts. */
export function PagedTable<Row extends object, Totals = unknown, C extends string = never>({
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
  'data-testid': testId,
}: PagedTableProps<Row, Totals, C>) {
  const { t } = useTranslation('table');
  const { widths, resize, persist } = useColumnWidths(id);
  const { paging } = list;

  const { totals } = list;
  const hasTotals = totals !== undefined && list.rows.length > 0 && columns.some((c) => c.total);
  const antColumns: ColumnType<Row>[] = columns.map(({ sortable, resizable = true, total: _total, ...col }) => {
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
        // Only sortable columns have a sorter, and their keys are typed C.
        SortColumn: order ? (s?.columnKey as C) : undefined,
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
        data-testid={testId}
        rowKey={typeof rowKey === 'function' ? rowKey : (row) => row[rowKey] as Key}
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
        scroll={{ x: scrollWidth(antColumns, rowSelection !== undefined), y: scrollY }}
        showSorterTooltip={false}
        onChange={onChange}
        summary={
          hasTotals
            ? () => (
                <Table.Summary fixed>
                  <Table.Summary.Row className="paged-table-totals" data-testid="totals-row">
                    {rowSelection ? <Table.Summary.Cell index={0} /> : null}
                    {columns.map((c, i) => (
                      <Table.Summary.Cell index={i + (rowSelection ? 1 : 0)} key={c.key} align={c.align}>
                        {i === 0 && !c.total ? <strong>{t('totals')}</strong> : (c.total?.(totals as Totals) ?? null)}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
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
