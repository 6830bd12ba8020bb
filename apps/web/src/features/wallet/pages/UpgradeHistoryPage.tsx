import '../wallet.css';
import type { UpgradeListInput } from '@lodestar/contract/vip';
import { Button, Form, Input, Popover, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { getUpgradeList, type UpgradeRow, upgradeListRoot } from '../api/vip.ts';

type Filters = Pick<UpgradeListInput, 'DeviceID' | 'Status'>;
const INITIAL: Filters = { Status: -1 };
const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'default' };

/** /vip/upgrade-history (73): every upgrade paid from the unit's wallet, its devices, period, price, who and when. */
export default function UpgradeHistoryPage() {
  const { t } = useTranslation('wallet');
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const list = useServerList(upgradeListRoot, getUpgradeList, filters, { sortColumn: 'CreateTime', sortType: 'desc' });

  const devices = (row: UpgradeRow) => (
    <Table
      size="small"
      rowKey="DeviceID"
      pagination={false}
      dataSource={row.Devices}
      scroll={{ y: 300 }}
      columns={[
        { key: 'DeviceID', dataIndex: 'DeviceID', title: t('col.deviceId'), width: 160 },
        {
          key: 'ExpiresBefore',
          dataIndex: 'ExpiresBefore',
          title: t('col.before'),
          width: 110,
          render: (v) => v ?? '—',
        },
        { key: 'ExpiresAfter', dataIndex: 'ExpiresAfter', title: t('col.after'), width: 110 },
        { key: 'VPoint', dataIndex: 'VPoint', title: 'VPoint', width: 80, align: 'right' },
      ]}
    />
  );

  return (
    <PageLayout title={t('menu:upgradeHistory')}>
      <PagedTable<UpgradeRow, unknown, 'CreateTime' | 'TotalVPoint'>
        id="vip.upgrades"
        list={list}
        rowKey="UpgradeID"
        toolbar={
          <FilterForm<Filters>
            name="upgrades"
            initialValues={INITIAL}
            onSearch={(v) => setFilters({ Status: v.Status, DeviceID: v.DeviceID?.trim() || undefined })}
          >
            <Form.Item name="DeviceID">
              <Input allowClear maxLength={32} placeholder={t('devices.keyword')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="Status">
              <Select
                style={{ width: 150 }}
                options={[-1, 1, 0, 2].map((s) => ({ value: s, label: t(`upgradeStatus.${s}`) }))}
              />
            </Form.Item>
          </FilterForm>
        }
        columns={[
          { key: 'CreateTime', dataIndex: 'CreateTime', title: t('col.time'), width: 170, sortable: true },
          {
            key: 'UpgradeID',
            dataIndex: 'UpgradeID',
            title: t('col.orderNo'),
            width: 90,
            render: (v: number) => `U${v}`,
          },
          {
            key: 'Devices',
            dataIndex: 'DeviceCount',
            title: t('col.devices'),
            width: 200,
            render: (n: number, row) => (
              <Popover content={devices(row)} trigger="click" placement="right">
                <Button
                  type="link"
                  size="small"
                  className="wallet-devices-link"
                  data-testid={`upgrade-devices-${row.UpgradeID}`}
                >
                  {row.Devices.slice(0, 2)
                    .map((d) => d.DeviceID)
                    .join(', ')}
                  {n > 2 ? ` … (${n})` : ''}
                </Button>
              </Popover>
            ),
          },
          {
            key: 'Period',
            title: t('col.period'),
            width: 140,
            render: (_v, row) =>
              row.Months ? t('history.months', { count: row.Months }) : t('history.toDate', { date: row.ToDate }),
          },
          {
            key: 'Effective',
            dataIndex: 'Effective',
            title: t('col.effective'),
            width: 150,
            // On approval: which work order decides it, so it can be found in the approval dialog.
            render: (v: string, row) => (
              <span data-testid={`upgrade-effective-${row.UpgradeID}`}>
                {t(`effective.${v}`)}
                {row.WorkID ? (
                  <span className="wallet-muted"> · {t('history.workOrder', { id: row.WorkID })}</span>
                ) : null}
              </span>
            ),
          },
          { key: 'TotalVPoint', dataIndex: 'TotalVPoint', title: 'VPoint', width: 100, align: 'right', sortable: true },
          {
            key: 'Status',
            dataIndex: 'Status',
            title: t('col.status'),
            width: 110,
            render: (s: number, row) => <Tag color={STATUS_COLOR[s]}>{row.StatusText}</Tag>,
          },
          { key: 'UserName', dataIndex: 'UserName', title: t('col.user'), width: 130, ellipsis: true },
          {
            key: 'AppliedTime',
            dataIndex: 'AppliedTime',
            title: t('col.appliedTime'),
            width: 170,
            render: (v) => v ?? '—',
          },
          { key: 'Remark', dataIndex: 'Remark', title: t('col.remark'), width: 160, ellipsis: true },
        ]}
      />
    </PageLayout>
  );
}
