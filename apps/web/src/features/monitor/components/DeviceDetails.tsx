import {
  AlertOutlined,
  CloseOutlined,
  LockOutlined,
  StarFilled,
  StarOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Fn } from '@lodestar/domain';
import { Alert, Button, Descriptions, type DescriptionsProps, Segmented, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../../../map/device-status.ts';
import type { TrailMode } from '../../../map/layers/TrailLayer.tsx';
import { useFunctionSet } from '../../../store/session.ts';
import { usePlace } from '../api/reverse-geocode.ts';
import type { MonitorRow } from '../api/types.ts';
import { useDeviceCommand } from '../hooks/use-device-command.ts';
import { alarmLabel, statusLabel } from './labels.ts';

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
export function DeviceDetails({
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
  const command = useDeviceCommand();
  const dash = '—';
  const followed = Boolean(d.Followed);
  const hasAlarm = d.Alarms.length > 0 || d.Status === 'alarm';
  const place = usePlace(d.Lat, d.Lng);
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
    ['VipExpiry', d.VipExpiry ?? dash],
    ['TimeZone', d.TimeZone || dash],
    ['Remark', d.Remark || dash],
  ].map(([key, children]) => ({ key: String(key), label: t(`details.${key}` as 'details.SIM'), children }));

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
                disabled={command.busy !== null}
                onClick={() => void command.run('arm', d.DeviceID)}
              >
                {t('actions.arm')}
              </Button>
              <Button
                size="small"
                className="details-disarm"
                icon={<UnlockOutlined />}
                loading={command.busy === 'disarm'}
                disabled={command.busy !== null}
                onClick={() => void command.run('disarm', d.DeviceID)}
              >
                {t('actions.disarm')}
              </Button>
            </>
          ) : null}
        </Space>
        <div className="device-trail-controls">
          <Switch size="small" checked={trailOn} onChange={onTrail} className="trail-switch" />
          <span>{t('actions.trail')}</span>
          <Segmented<TrailMode>
            size="small"
            value={trailMode}
            disabled={!trailOn}
            onChange={onTrailMode}
            options={[
              { value: 'line', label: t('actions.trailLine') },
              { value: 'point', label: t('actions.trailPoint') },
            ]}
          />
        </div>
      </div>
      <Descriptions size="small" column={1} bordered items={items} className="device-fields" />
    </aside>
  );
}
