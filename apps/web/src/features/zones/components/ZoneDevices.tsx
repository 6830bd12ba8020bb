import type { ZoneDevice } from '@lodestar/contract/zones';
import { Button, Popconfirm, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const PUSH_COLOURS: Record<string, string> = {
  queued: 'gold',
  sent: 'blue',
  acknowledged: 'green',
  failed: 'red',
  expired: 'red',
  cancelled: 'default',
};

/** A zone's bound devices, with what was last pushed to each terminal, and unbinding one after asking. */
export function ZoneDevices({
  devices,
  loading,
  onUnbind,
}: {
  devices: readonly ZoneDevice[];
  loading: boolean;
  onUnbind: (deviceId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('zones');
  const columns: TableColumnsType<ZoneDevice> = [
    {
      key: 'device',
      title: t('devices.device'),
      render: (_, d) => (
        <div className="zone-device" data-id={d.DeviceID}>
          <div>{d.DeviceName || d.DeviceID}</div>
          <div className="muted mono">
            {d.DeviceID}
            {d.Plate ? ` · ${d.Plate}` : ''}
          </div>
        </div>
      ),
    },
    {
      key: 'model',
      title: t('devices.model'),
      render: (_, d) => (
        <div>
          <div>{d.Model || '—'}</div>
          {d.FullFunction ? null : (
            <Tag color="orange" className="zone-not-full">
              {t('devices.notFull')}
            </Tag>
          )}
          {d.VipExpired ? <Tag color="red">{t('devices.vipExpired')}</Tag> : null}
        </div>
      ),
    },
    {
      key: 'push',
      title: t('devices.push'),
      width: 96,
      render: (_, d) =>
        d.PushStatus ? (
          <Tag color={PUSH_COLOURS[d.PushStatus] ?? 'default'} className="zone-push" data-status={d.PushStatus}>
            {t(`push.${d.PushStatus}`, { defaultValue: d.PushStatus })}
          </Tag>
        ) : (
          <span className="muted">{t('push.none')}</span>
        ),
    },
    {
      key: 'actions',
      width: 72,
      render: (_, d) => (
        <Popconfirm
          title={t('devices.unbindTitle')}
          description={t('devices.unbindConfirm', { id: d.DeviceID })}
          okText={t('devices.unbind')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:cancel')}
          onConfirm={() => onUnbind(d.DeviceID).catch(() => undefined)}
        >
          <Button type="link" size="small" danger className="zone-unbind">
            {t('devices.unbind')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Table<ZoneDevice>
      size="small"
      rowKey="DeviceID"
      className="zone-devices"
      columns={columns}
      dataSource={[...devices]}
      loading={loading}
      locale={{ emptyText: t('devices.empty') }}
      pagination={devices.length > 10 ? { pageSize: 10, size: 'small' } : false}
    />
  );
}
