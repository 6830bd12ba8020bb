import type { WorkRow } from '@lodestar/contract/work-orders';
import { CheckStatus, WORK_ORDER_UI, WorkType } from '@lodestar/domain';
import { Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Decision, isPending } from '../work-order.ts';
import { VipDevices, vipDetail } from './VipOrderCells.tsx';

const STATUS_COLOR: Record<number, string> = {
  [CheckStatus.UnderReview]: 'processing',
  [CheckStatus.Agreed]: 'success',
  [CheckStatus.Rejected]: 'error',
};

/** What the type alone does not say: the new package, the months, the IMEI, the receiving unit. */
function typeDetail(t: TFunction<'work-orders'>, row: WorkRow): string {
  if (row.Vip) return vipDetail(t, row.Vip);
  switch (row.WorkType) {
    case WorkType.PackageChange:
      return row.PackageName;
    case WorkType.Renewal:
      return row.Months ? t('detail.months', { n: row.Months }) : '';
    case WorkType.Lock:
      return row.IMEI ? `IMEI ${row.IMEI}` : '';
    case WorkType.Return:
      return row.ReHoldName ? t('detail.returnedTo', { name: row.ReHoldName }) : '';
    default:
      return '';
  }
}

const dash = (v: string | null | undefined) => v || '-';

interface Props {
  rows: WorkRow[];
  loading: boolean;
  canAudit: boolean;
  selectedIds: number[];
  onSelect(ids: number[]): void;
  onDecide(rows: WorkRow[], decision: Decision): void;
}

/** The WorkRow columns of docs/SIM-API.md, with approve and reject only on orders under review. */
export function WorkOrderTable({ rows, loading, canAudit, selectedIds, onSelect, onDecide }: Props) {
  const { t } = useTranslation('work-orders');
  const ellipsis = { showTitle: true } as const;
  const columns: TableColumnsType<WorkRow> = [
    {
      title: t('col.workType'),
      dataIndex: 'WorkTypeText',
      width: 130,
      render: (text: string, row) => {
        const detail = typeDetail(t, row);
        return (
          <div className="work-type-cell">
            <span>{text}</span>
            {detail ? <span className="muted work-type-detail">{detail}</span> : null}
          </div>
        );
      },
    },
    {
      title: t('col.iccid'),
      dataIndex: 'TargetID',
      width: 200,
      className: 'mono',
      render: (id: string, row) => (row.Vip ? <VipDevices t={t} row={row} /> : id),
    },
    {
      title: t('col.msisdn'),
      dataIndex: 'MSISDN',
      width: 130,
      // A VIP order's number (U<id>) stands where a card's MSISDN would: the wallet lists it by it.
      render: (v: string, row) => (row.Vip ? <span className="mono">{row.TargetID}</span> : dash(v)),
    },
    { title: t('col.content'), dataIndex: 'WorkCont', width: 180, ellipsis, render: dash },
    { title: t('col.applicant'), dataIndex: 'UserName', width: 110, ellipsis },
    { title: t('col.applyTime'), dataIndex: 'ApplyTime', width: 165 },
    { title: t('col.hold'), dataIndex: 'HoldName', width: 130, ellipsis },
    {
      title: t('col.status'),
      dataIndex: 'CheckStatusText',
      width: 110,
      render: (text: string, row) => <Tag color={STATUS_COLOR[row.CheckStatus]}>{text}</Tag>,
    },
    { title: t('col.reviewer'), dataIndex: 'ReviewerName', width: 110, ellipsis, render: dash },
    { title: t('col.comment'), dataIndex: 'CheckText', width: 160, ellipsis, render: dash },
    { title: t('col.checkTime'), dataIndex: 'CheckTime', width: 165, render: dash },
  ];
  if (canAudit)
    columns.push({
      title: t('col.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_: unknown, row) =>
        isPending(row) ? (
          <Space size={4}>
            <Button
              size="small"
              type="link"
              className="work-approve"
              onClick={() => onDecide([row], CheckStatus.Agreed)}
            >
              {t('approve')}
            </Button>
            <Button
              size="small"
              type="link"
              danger
              className="work-reject"
              onClick={() => onDecide([row], CheckStatus.Rejected)}
            >
              {t('reject')}
            </Button>
          </Space>
        ) : null,
    });
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), canAudit ? 48 : 0);

  return (
    <Table<WorkRow>
      className="work-order-table"
      style={{ '--work-table-height': `${WORK_ORDER_UI.tableHeight}px` } as React.CSSProperties}
      size="small"
      rowKey="WorkID"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: width, y: WORK_ORDER_UI.tableHeight }}
      loading={{ spinning: loading, description: t('common:loading') }}
      locale={{ emptyText: <Typography.Text type="secondary">{t('common:noData')}</Typography.Text> }}
      rowSelection={
        canAudit
          ? {
              selectedRowKeys: selectedIds,
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (row) => ({ disabled: !isPending(row) }),
              columnWidth: 48,
              fixed: 'left',
            }
          : undefined
      }
    />
  );
}
