import {
  AlertOutlined,
  CloseOutlined,
  CodeOutlined,
  DashboardOutlined,
  LockOutlined,
  StarFilled,
  StarOutlined,
  UnlockOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { Fn, supportsCommand } from '@lodestar/domain';
import { Alert, Button, Descriptions, type DescriptionsProps, Segmented, Space, Switch, Tag } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone, wallClockIn } from '../../../lib/user-time.ts';
import { statusStyle } from '../../../map/device-status.ts';
import type { TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { CommandHistory } from '../../commands/components/CommandHistory.tsx';
import { VipExpiry } from '../../devices/components/VipExpiry.tsx';
import { type DeviceDetail, useDeviceDetail } from '../api/get-device-detail.ts';
import { usePlace } from '../api/reverse-geocode.ts';
import { useDeviceCommand } from '../hooks/use-device-command.ts';
import { alarmLabel, statusLabel } from './labels.ts';
import { PositioningDialog } from './PositioningDialog.tsx';
import { TirePressureDialog } from './TirePressureDialog.tsx';

interface Props {
  device: MonitorRow;
  trailOn: boolean;
  trailMode: TrailMode;
  onTrail: (on: boolean) => void;
  onTrailMode: (mode: TrailMode) => void;
  onFollow: (row: MonitorRow) => void;
  onRelease: (row: MonitorRow) => void;
  onClose: () => void;
}

/** The Device fields of spec section 3 and the actions on one device. */
export const DeviceDetails = memo(function DeviceDetails({
  device: d,
  trailOn,
  trailMode,
  onTrail,
  onTrailMode,
  onFollow,
  onRelease,
  onClose,
}: Props) {
  const { t } = useTranslation('monitor');
  const funs = useFunctionSet();
  const zone = useUserTimeZone();
  const command = useDeviceCommand();
  const dash = '—';
  const followed = Boolean(d.Followed);
  const hasAlarm = d.Alarms.length > 0 || d.Status === 'alarm';
  const place = usePlace(d.Lat, d.Lng);
  const detail = useDeviceDetail(d.DeviceID, d.GpsTime ?? d.ReceiveTime);
  const [dialog, setDialog] = useState<'positioning' | 'tires' | 'commands' | null>(null);
  const items: DescriptionsProps['items'] = [
    ['DeviceID', d.DeviceID],
    ['DeviceName', d.DeviceName],
    [
      'Status',
      <Tag key="s" color={statusStyle(d.Status).color} bordered={false}>
        {statusLabel(t, d.Status)}
      </Tag>,
    ],
    ['State', t(`state.${d.State}` as 'state.normal', { defaultValue: d.State })],
    ['Online', t(d.Online ? 'details.yes' : 'details.no')],
    ['Acc', d.Acc === null ? dash : t(d.Acc ? 'details.accOn' : 'details.accOff')],
    ['Speed', d.Speed === null ? dash : t('list.speed', { speed: Math.round(d.Speed) })],
    ['Course', d.Course === null ? dash : `${Math.round(d.Course)}°`],
    ['Mileage', t('details.km', { value: d.Mileage.toFixed(1) })],
    ['Battery', d.Battery === null ? dash : `${d.Battery}%`],
    [
      'Alarms',
      d.Alarms.length
        ? d.Alarms.map((a) => (
            <Tag key={a} color="red">
              {alarmLabel(t, a)}
            </Tag>
          ))
        : t('details.none'),
    ],
    ['GpsTime', d.GpsTime ?? dash],
    ['ReceiveTime', d.ReceiveTime ?? dash],
    [
      'Place',
      d.Lat === null || d.Lng === null ? (
        dash
      ) : (
        <div key="p" className="device-place">
          <div className="device-address">
            {place.data?.Address || (place.isLoading ? t('details.addressLoading') : t('details.noAddress'))}
            {place.data?.Source === 'offline' ? (
              <Tag bordered={false} className="address-source">
                {t('details.offlineAddress')}
              </Tag>
            ) : null}
          </div>
          <div className="device-coords">{`${d.Lat.toFixed(6)}, ${d.Lng.toFixed(6)} (WGS-84)`}</div>
        </div>
      ),
    ],
    ['SIM', d.SIM || dash],
    ['Model', d.Model || dash],
    ['TrackerType', t(d.TrackerType === 'wireless' ? 'details.wireless' : 'details.wired')],
    ['Protocol', d.Protocol],
    ['HoldName', d.HoldName],
    ['VipExpiry', <VipExpiry key="vip" value={d.VipExpiry} today={wallClockIn(new Date(), zone).slice(0, 10)} />],
    ['TimeZone', d.TimeZone || dash],
    ['Remark', d.Remark || dash],
  ].map(([key, children]) => ({ key: String(key), label: t(`details.${key}` as 'details.SIM'), children }));
  const at = (key: string) => items.findIndex((i) => i.key === key) + 1;
  items.splice(at('DeviceName'), 0, {
    key: 'Vehicle',
    label: t('panel.vehicle'),
    children: vehicleText(detail.data, detail.isLoading, t),
  });
  items.splice(at('Mileage'), 0, {
    key: 'Oil',
    label: t('panel.oil'),
    children: detail.data?.Oil == null ? dash : t('panel.litres', { value: detail.data.Oil.toFixed(1) }),
  });
  const name = d.DeviceName || d.DeviceID;

  return (
    <aside className="device-details" data-id={d.DeviceID}>
      <header className="device-details-head">
        <span className="device-details-title">{d.DeviceName || d.DeviceID}</span>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('details.close')} onClick={onClose} />
      </header>
      {d.Status === 'unused' ? (
        <Alert type="info" showIcon title={t('details.unused')} className="device-unused" />
      ) : null}
      <div className="device-actions">
        <Space wrap size={[6, 6]}>
          <Button
            size="small"
            className="details-follow"
            icon={followed ? <StarFilled /> : <StarOutlined />}
            onClick={() => onFollow(d)}
          >
            {t(followed ? 'actions.unfollow' : 'actions.follow')}
          </Button>
          {funs.has(Fn.releaseAlarm) ? (
            <Button
              size="small"
              danger={hasAlarm}
              className="details-release"
              icon={<AlertOutlined />}
              onClick={() => onRelease(d)}
            >
              {t('actions.releaseAlarm')}
            </Button>
          ) : null}
          {funs.has(Fn.sendCommand) ? (
            <>
              <Button
                size="small"
                className="details-arm"
                icon={<LockOutlined />}
                loading={command.busy === 'arm'}
                disabled={command.busy !== null || !supportsCommand(d.Protocol, 'arm')}
                title={
                  supportsCommand(d.Protocol, 'arm') ? undefined : t('rowMenu.unsupported', { protocol: d.Protocol })
                }
                onClick={() => void command.run('arm', d.DeviceID)}
              >
                {t('actions.arm')}
              </Button>
              <Button
                size="small"
                className="details-disarm"
                icon={<UnlockOutlined />}
                loading={command.busy === 'disarm'}
                disabled={command.busy !== null || !supportsCommand(d.Protocol, 'disarm')}
                title={
                  supportsCommand(d.Protocol, 'disarm') ? undefined : t('rowMenu.unsupported', { protocol: d.Protocol })
                }
                onClick={() => void command.run('disarm', d.DeviceID)}
              >
                {t('actions.disarm')}
              </Button>
            </>
          ) : null}
        </Space>
        <div className="device-detail-buttons">
          <Button
            size="small"
            className="details-positioning"
            icon={<WifiOutlined />}
            onClick={() => setDialog('positioning')}
          >
            {t('positioning.open')}
          </Button>
          {funs.has(Fn.sendCommand) ? (
            <Button
              size="small"
              className="details-commands"
              icon={<CodeOutlined />}
              onClick={() => setDialog('commands')}
            >
              {t('commands:history.open')}
            </Button>
          ) : null}
          {detail.data?.Tires ? (
            <Button
              size="small"
              className="details-tires"
              icon={<DashboardOutlined />}
              onClick={() => setDialog('tires')}
            >
              {t('tires.open')}
            </Button>
          ) : null}
        </div>
        <div className="device-trail-controls">
          {/* A followed device always has its live trail; the switch is for the others. */}
          <Switch
            size="small"
            checked={trailOn || followed}
            disabled={followed}
            onChange={onTrail}
            className="trail-switch"
            title={followed ? t('actions.trailFollowed') : undefined}
          />
          <span>{t('actions.trail')}</span>
          <Segmented<TrailMode>
            size="small"
            value={trailMode}
            disabled={!trailOn && !followed}
            onChange={onTrailMode}
            options={[
              { value: 'line', label: t('actions.trailLine') },
              { value: 'point', label: t('actions.trailPoint') },
            ]}
          />
        </div>
      </div>
      <Descriptions size="small" column={1} bordered items={items} className="device-fields" />
      <PositioningDialog
        open={dialog === 'positioning'}
        name={name}
        detail={detail.data}
        onClose={() => setDialog(null)}
      />
      <CommandHistory
        deviceId={dialog === 'commands' ? d.DeviceID : null}
        name={name}
        onClose={() => setDialog(null)}
      />
      <TirePressureDialog
        open={dialog === 'tires'}
        name={name}
        tires={detail.data?.Tires ?? []}
        onClose={() => setDialog(null)}
      />
    </aside>
  );
});

/** The bound vehicle's plate and owner, or spec section 8's "no vehicle information". */
function vehicleText(
  detail: DeviceDetail | undefined,
  loading: boolean,
  t: (key: 'panel.noVehicle' | 'list.loading') => string,
) {
  if (!detail) return loading ? t('list.loading') : '—';
  if (!detail.Vehicle) return <span className="no-vehicle muted">{t('panel.noVehicle')}</span>;
  const { Plate, OwnerName } = detail.Vehicle;
  return (
    <span className="vehicle-info">
      <Tag bordered={false} color="blue" className="vehicle-plate">
        {Plate}
      </Tag>
      {OwnerName ? <span className="vehicle-owner">{OwnerName}</span> : null}
    </span>
  );
}
