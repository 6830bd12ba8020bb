import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../../../map/device-status.ts';
import { usePlace } from '../../monitor/api/reverse-geocode.ts';
import { alarmLabel, statusLabel } from '../../monitor/components/labels.ts';
import { useLiveTrackStore } from '../live-track-store.ts';
import { latestOf } from './latest.ts';

interface Props {
  deviceId: string;
  open: boolean;
  onToggle: () => void;
}

/**
 * The device's latest report: time (in the user's zone, as the server sends every time), speed,
 * course, status, address, ACC and alarms. Collapsible, so the map has the whole width on a phone.
 */
export function TrackPanel({ deviceId, open, onToggle }: Props) {
  const { t } = useTranslation('monitor');
  const row = useLiveTrackStore((s) => s.row);
  const last = useLiveTrackStore((s) => s.points[s.points.length - 1]);
  const latest = latestOf(row, last);
  const place = usePlace(latest?.lat ?? null, latest?.lng ?? null);
  const dash = '—';
  const alarms = row?.Alarms ?? [];
  const items: DescriptionsProps['items'] = [
    { key: 'time', label: t('liveTrack.time'), children: latest?.time ?? dash },
    {
      key: 'speed',
      label: t('details.Speed'),
      children: latest?.speed == null ? dash : t('list.speed', { speed: Math.round(latest.speed) }),
    },
    {
      key: 'course',
      label: t('details.Course'),
      children: latest?.course == null ? dash : `${Math.round(latest.course)}°`,
    },
    {
      key: 'status',
      label: t('details.Status'),
      children: latest ? (
        <Tag color={statusStyle(latest.status).color} bordered={false}>
          {statusLabel(t, latest.status)}
        </Tag>
      ) : (
        dash
      ),
    },
    {
      key: 'acc',
      label: t('details.Acc'),
      children: row?.Acc == null ? dash : t(row.Acc ? 'details.accOn' : 'details.accOff'),
    },
    {
      key: 'alarms',
      label: t('details.Alarms'),
      children: alarms.length
        ? alarms.map((a) => (
            <Tag key={a} color="red">
              {alarmLabel(t, a)}
            </Tag>
          ))
        : t('details.none'),
    },
    {
      key: 'place',
      label: t('details.Place'),
      children: latest ? (
        <div className="device-place">
          <div className="device-address">
            {place.data?.Address || (place.isLoading ? t('details.addressLoading') : t('details.noAddress'))}
          </div>
          <div className="device-coords">{`${latest.lat.toFixed(6)}, ${latest.lng.toFixed(6)} (WGS-84)`}</div>
        </div>
      ) : (
        dash
      ),
    },
  ];
  return (
    <aside className={open ? 'live-track-panel' : 'live-track-panel collapsed'} data-id={deviceId}>
      <header className="live-track-panel-head">
        <span className="live-track-panel-title">
          {row?.DeviceName || deviceId}
          {row?.DeviceName && row.DeviceName !== deviceId ? (
            <span className="muted live-track-panel-id">{deviceId}</span>
          ) : null}
        </span>
        <Button
          type="text"
          size="small"
          className="live-track-panel-toggle"
          icon={open ? <DownOutlined /> : <UpOutlined />}
          aria-expanded={open}
          aria-label={t(open ? 'liveTrack.collapse' : 'liveTrack.expand')}
          onClick={onToggle}
        />
      </header>
      {open ? <Descriptions size="small" column={1} bordered items={items} className="live-track-fields" /> : null}
    </aside>
  );
}
