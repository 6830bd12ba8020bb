import { DownOutlined } from '@ant-design/icons';
import type { SimRow } from '@lodestar/contract/sims';
import { type SimWorkType, WORK_TYPES } from '@lodestar/domain';
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { workTypeFits } from '../format.ts';

/** A row's work-order menu; a SIM with an order under review takes no other until it is decided. */
export function SimRowActions({
  row,
  onAction,
}: {
  row: SimRow;
  onAction: (type: SimWorkType, rows: SimRow[]) => void;
}) {
  const { t } = useTranslation('sims');
  if (row.PendingWorkID)
    return (
      <Button size="small" disabled data-testid="sim-row-pending">
        {t('underReview')}
      </Button>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: WORK_TYPES.map((type) => ({
          key: String(type),
          label: t(`work.type.${type}`),
          disabled: !workTypeFits(type, row.State),
          'data-testid': `sim-action-${type}`,
        })),
        onClick: ({ key }) => onAction(Number(key) as SimWorkType, [row]),
      }}
    >
      <Button size="small" data-testid="sim-row-actions">
        <Space size={4}>
          {t('actions')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

/** The same six types for every selected row; the dialog leaves out the rows a type does not fit. */
export function SimBatchActions({
  rows,
  onAction,
}: {
  rows: readonly SimRow[];
  onAction: (type: SimWorkType, rows: SimRow[]) => void;
}) {
  const { t } = useTranslation('sims');
  return (
    <Space wrap size={8} data-testid="sim-batch-actions">
      {WORK_TYPES.map((type) => {
        const fits = rows.filter((r) => !r.PendingWorkID && workTypeFits(type, r.State)).length;
        return (
          <Button
            key={type}
            disabled={fits === 0}
            onClick={() => onAction(type, [...rows])}
            data-testid={`sim-batch-${type}`}
          >
            {t(`work.type.${type}`)}
            {rows.length > 0 ? ` (${fits})` : ''}
          </Button>
        );
      })}
    </Space>
  );
}
