import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerList } from '../../../components/table/index.ts';

export interface ZoneListRow {
  id: number;
  name: string;
  DeviceCount: number;
  CreateTime: string;
  HoldName: string;
}

interface Props<C extends string> {
  list: ServerList<ZoneListRow, undefined, C>;
  nameColumn: C;
  onKeyword: (keyword: string) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onAdd: () => void;
  onRemove: (rows: ZoneListRow[]) => void;
  addLabel: string;
  searchPlaceholder: string;
  emptyText: string;
}

/** The side list of fences or roads: search by name, server paging and order, several chosen for removal. */
export function ZoneList<C extends string>({
  list,
  nameColumn,
  onKeyword,
  selectedId,
  onSelect,
  onAdd,
  onRemove,
  addLabel,
  searchPlaceholder,
  emptyText,
}: Props<C>) {
  const { t } = useTranslation('zones');
  const [checked, setChecked] = useState<ZoneListRow[]>([]);
  const sortOrder = (key: string) =>
    list.paging.SortColumn === key ? (list.paging.SortType === 'asc' ? 'ascend' : 'descend') : null;
  const columns: TableColumnsType<ZoneListRow> = [
    {
      key: nameColumn,
      dataIndex: 'name',
      title: t('list.name'),
      sorter: true,
      sortOrder: sortOrder(nameColumn),
      ellipsis: true,
      render: (name: string, row) => (
        <span className="zone-list-name" data-zone-id={row.id} title={row.HoldName}>
          {name}
        </span>
      ),
    },
    {
      key: 'DeviceCount',
      dataIndex: 'DeviceCount',
      title: t('list.devices'),
      sorter: true,
      sortOrder: sortOrder('DeviceCount'),
      width: 96,
      align: 'right',
    },
    {
      key: 'CreateTime',
      dataIndex: 'CreateTime',
      title: t('list.created'),
      sorter: true,
      sortOrder: sortOrder('CreateTime'),
      width: 112,
      render: (v: string) => v.slice(0, 10),
    },
  ];
  return (
    <div className="zone-list">
      <div className="zone-list-toolbar">
        <Input.Search allowClear placeholder={searchPlaceholder} onSearch={(v) => onKeyword(v.trim())} />
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} className="zone-add">
          {addLabel}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={!checked.length}
          onClick={() => onRemove(checked)}
          className="zone-remove"
        >
          {t('list.remove', { count: checked.length })}
        </Button>
      </div>
      <Table<ZoneListRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.isFetching}
        locale={{ emptyText }}
        rowSelection={{ selectedRowKeys: checked.map((r) => r.id), onChange: (_, rows) => setChecked(rows) }}
        rowClassName={(r) => (r.id === selectedId ? 'zone-list-selected' : '')}
        onRow={(r) => ({ onClick: () => onSelect(r.id) })}
        pagination={{
          current: list.paging.PageIndex,
          pageSize: list.paging.PageSize,
          total: list.total,
          size: 'small',
          showSizeChanger: false,
          showTotal: (n) => t('list.total', { count: n }),
        }}
        onChange={(p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ZoneListRow> | undefined;
          list.setPaging({
            PageIndex: p.current ?? 1,
            SortColumn: s?.order ? (s.columnKey as C) : undefined,
            SortType: s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
          });
        }}
      />
    </div>
  );
}
