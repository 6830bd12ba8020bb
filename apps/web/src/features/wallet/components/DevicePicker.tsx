import type { VipDeviceListInput } from '@lodestar/contract/vip';
import { App, Button, Form, Input, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { PagedTable } from '../../../components/table/PagedTable.tsx';
import { useServerList } from '../../../components/table/use-server-list.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { getVipDeviceList, type VipDeviceRow, type VipDeviceSortColumn, vipDeviceRoot } from '../api/vip.ts';

type Filters = Pick<VipDeviceListInput, 'HoldID' | 'Keyword'>;
const MAX_DEVICES = 500;

/** Devices to upgrade: picked one by one, found by ID or name, or all of a unit at once (up to 500). */
export function DevicePicker({
  selected,
  onChange,
  onUnit,
  keyword,
}: {
  selected: VipDeviceRow[];
  onChange: (rows: VipDeviceRow[]) => void;
  onUnit: (holdId: number | undefined) => void;
  /** A search to start with: the bell's VIP notices link here naming their device (?Keyword=). */
  keyword?: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(() => (keyword ? { Keyword: keyword } : {}));
  // In the field too, so the search shows what it is; Reset still clears it (the form's initial values are empty).
  useEffect(() => {
    if (keyword) form.setFieldsValue({ Keyword: keyword });
  }, [form, keyword]);
  const [loadingAll, setLoadingAll] = useState(false);
  const list = useServerList(vipDeviceRoot, getVipDeviceList, filters, { sortColumn: 'VipExpiry', sortType: 'asc' });

  const selectAll = async () => {
    setLoadingAll(true);
    try {
      const all = await getVipDeviceList({ ...filters, PageIndex: 1, PageSize: MAX_DEVICES });
      const byId = new Map(selected.map((d) => [d.DeviceID, d]));
      for (const d of all.rows) byId.set(d.DeviceID, d);
      onChange([...byId.values()].slice(0, MAX_DEVICES));
      if (all.total > MAX_DEVICES) message.warning(t('devices.tooMany', { max: MAX_DEVICES }));
    } finally {
      setLoadingAll(false);
    }
  };

  return (
    <PagedTable<VipDeviceRow, unknown, VipDeviceSortColumn>
      id="vip.devices"
      list={list}
      rowKey="DeviceID"
      toolbar={
        <FilterForm<Filters>
          name="vipDevices"
          form={form}
          initialValues={{}}
          onSearch={(v) => {
            setFilters({ HoldID: v.HoldID, Keyword: v.Keyword?.trim() || undefined });
            onUnit(v.HoldID);
          }}
        >
          <Form.Item name="HoldID">
            <HoldTreeSelect placeholder={t('devices.unit')} style={{ width: 200 }} data-testid="upgrade-unit" />
          </Form.Item>
          <Form.Item name="Keyword">
            <Input allowClear maxLength={64} placeholder={t('devices.keyword')} style={{ width: 200 }} />
          </Form.Item>
        </FilterForm>
      }
      extra={
        <Button onClick={selectAll} loading={loadingAll} disabled={list.total === 0} data-testid="upgrade-select-all">
          {t('devices.selectAll', { count: Math.min(list.total, MAX_DEVICES) })}
        </Button>
      }
      rowSelection={{
        selectedRowKeys: selected.map((d) => d.DeviceID),
        preserveSelectedRowKeys: true,
        onChange: (_keys, rows) => onChange(rows.filter(Boolean)),
      }}
      columns={[
        {
          key: 'DeviceID',
          dataIndex: 'DeviceID',
          title: t('col.deviceId'),
          width: 170,
          sortable: true,
          className: 'wallet-mono',
        },
        { key: 'DeviceName', dataIndex: 'DeviceName', title: t('col.deviceName'), width: 140, ellipsis: true },
        { key: 'HoldName', dataIndex: 'HoldName', title: t('col.unit'), width: 140, sortable: true, ellipsis: true },
        {
          key: 'TrackerType',
          dataIndex: 'TrackerType',
          title: t('col.trackerType'),
          width: 100,
          render: (v: number) => <Tag color={v === 2 ? 'purple' : 'blue'}>{t(`tracker.${v}`)}</Tag>,
        },
        {
          key: 'VipExpiry',
          dataIndex: 'VipExpiry',
          title: t('col.vipExpiry'),
          width: 120,
          sortable: true,
          render: (v: string | null) => v ?? <span className="wallet-muted">{t('devices.noVip')}</span>,
        },
      ]}
    />
  );
}
