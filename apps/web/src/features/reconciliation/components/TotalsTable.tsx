import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../components/table/PagedTable.tsx';
import type { TotalsList } from '../use-totals-list.ts';

export type TotalsColumn<Row, Totals> = ColumnType<Row> & {
  key: string;
  /** What the totals row shows under this column. */
  total?: (totals: Totals) => ReactNode;
};

interface Props<Row, Totals> {
  list: TotalsList<Row, Totals>;
  columns: TotalsColumn<Row, Totals>[];
  rowKey: (row: Row) => Key;
  onRow?: (row: Row) => { onClick?: () => void; className?: string };
  'data-testid'?: string;
}

/** A server-paged table whose last row holds the list's totals, as the server computed them. */
export function TotalsTable<Row extends object, Totals>({ list, columns, rowKey, onRow, ...rest }: Props<Row, Totals>) {
  const { t } = useTranslation('reconciliation');
  const { paging, totals } = list;
  return (
    <Table<Row>
      data-testid={rest['data-testid']}
      rowKey={rowKey}
      size="small"
      columns={columns}
      dataSource={list.rows}
      loading={{ spinning: list.isFetching, description: t('common:loading') }}
      locale={{ emptyText: t('common:noData') }}
      onRow={onRow ? (row) => onRow(row) : undefined}
      rowClassName={onRow ? 'recon-clickable' : undefined}
      scroll={{ x: 'max-content' }}
      onChange={(p) =>
        list.setPaging({
          PageIndex: (p.pageSize ?? paging.PageSize) !== paging.PageSize ? 1 : (p.current ?? 1),
          PageSize: p.pageSize ?? paging.PageSize,
        })
      }
      pagination={{
        current: paging.PageIndex,
        pageSize: paging.PageSize,
        total: list.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        showTotal: (total) => t('table:total', { count: total }),
      }}
      summary={() =>
        totals && list.rows.length ? (
          <Table.Summary fixed>
            <Table.Summary.Row className="recon-totals" data-testid="totals-row">
              {columns.map((c, i) => (
                <Table.Summary.Cell index={i} key={c.key} align={c.align}>
                  {i === 0 ? <strong>{t('totals')}</strong> : (c.total?.(totals) ?? null)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
