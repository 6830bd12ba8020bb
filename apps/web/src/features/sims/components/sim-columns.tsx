import type { SimRow, SimSortColumn } from '@lodestar/contract/sims';
import { formatFen } from '@lodestar/domain';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { PagedColumn } from '../../../components/table/PagedTable.tsx';

import { DisplayStateTag, SimStateTag } from './SimTags.tsx';

/** The SIM columns of the business list and the outbound picker; sortable keys are GetSimList's SortColumn values. */
export function simColumns(
  t: TFunction<'sims'>,
  openDetail: (row: SimRow) => void,
): PagedColumn<SimRow, unknown, SimSortColumn>[] {
  return [
    {
      title: 'ICCID',
      dataIndex: 'ICCID',
      key: 'ICCID',
      sortable: true,
      width: 210,
      fixed: 'left',
      // The shared resizable header cell sets position: relative, which would undo the sticky column.
      resizable: false,
      render: (iccid: string, row) => (
        <button type="button" className="sim-link sim-mono" onClick={() => openDetail(row)}>
          {iccid}
        </button>
      ),
    },
    { title: t('field.msisdn'), dataIndex: 'MSISDN', key: 'MSISDN', sortable: true, width: 140 },
    {
      title: t('field.state'),
      dataIndex: 'State',
      key: 'State',
      sortable: true,
      width: 170,
      render: (_s, row) => (
        <span className="sim-tags">
          <SimStateTag state={row.State} />
          {row.PendingWorkID ? (
            <Tooltip title={t('pending', { id: row.PendingWorkID })}>
              <Tag color="processing" data-testid="sim-pending">
                {t('underReview')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    {
      title: t('field.displayState'),
      dataIndex: 'DisplayState',
      key: 'DisplayState',
      width: 120,
      render: (_d, row) => <DisplayStateTag state={row.DisplayState} />,
    },
    { title: t('field.expiresOn'), dataIndex: 'ExpiresOn', key: 'ExpiresOn', sortable: true, width: 130 },
    { title: t('field.hold'), dataIndex: 'HoldName', key: 'HoldName', sortable: true, width: 170, ellipsis: true },
    {
      title: t('field.balanceYuan'),
      dataIndex: 'BalanceFen',
      key: 'BalanceFen',
      width: 110,
      align: 'right',
      render: (fen: number) => <span className="sim-money">{formatFen(fen)}</span>,
    },
    { title: t('field.operator'), dataIndex: 'OperatorName', key: 'OperatorName', width: 110, ellipsis: true },
    { title: t('field.package'), dataIndex: 'PackageName', key: 'PackageName', width: 140, ellipsis: true },
    { title: t('field.device'), dataIndex: 'DeviceID', key: 'DeviceID', width: 140, ellipsis: true },
    { title: t('field.createTime'), dataIndex: 'CreateTime', key: 'CreateTime', sortable: true, width: 170 },
  ];
}
