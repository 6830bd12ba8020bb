import { CloseOutlined } from '@ant-design/icons';
import { Button, Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlace } from '../../monitor/api/reverse-geocode.ts';
import { alarmLabel } from '../../monitor/components/labels.ts';
import { usePosition } from '../api/get-position.ts';
import { placeText } from '../api/use-places.ts';
import { formatSpeed } from '../format.ts';

export interface PointRef {
  deviceId: string;
  /** The point's GPS time on the user's wall clock, as History/GetPosition takes it. */
  gpsTime: string;
}

/** The clicked point's whole record: time, speed, course, address, alarms and every attribute it carried. */
export function PointDetails({ point, onClose }: { point: PointRef; onClose: () => void }) {
  const { t } = useTranslation('history');
  const { t: tm } = useTranslation('monitor');
  const position = usePosition({ DeviceID: point.deviceId, GpsTime: point.gpsTime });
  const p = position.data;
  const place = usePlace(p?.Lat ?? null, p?.Lng ?? null);
  const attributes = Object.entries(p?.Attributes ?? {});
  return (
    <div className="history-point" data-time={point.gpsTime}>
      <div className="history-point-head">
        <strong>{point.deviceId}</strong>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('common:close')} onClick={onClose} />
      </div>
      {position.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !p ? (
        <div className="muted">{t('page.noData')}</div>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'time', label: t('page.point.time'), children: p.GpsTime },
            { key: 'speed', label: t('page.point.speed'), children: formatSpeed(t, p.Speed) },
            { key: 'course', label: t('page.point.course'), children: `${Math.round(p.Course)}°` },
            {
              key: 'place',
              label: t('page.point.address'),
              children: place.isLoading ? t('common:loading') : placeText(place.data, p.Lat, p.Lng),
            },
            {
              key: 'alarms',
              label: t('page.point.alarms'),
              children: p.Alarms.length
                ? p.Alarms.map((a) => (
                    <Tag color="red" key={a}>
                      {alarmLabel(tm, a)}
                    </Tag>
                  ))
                : '—',
            },
            ...attributes.map(([k, v]) => ({
              key: `a-${k}`,
              label: k,
              children: typeof v === 'object' ? JSON.stringify(v) : String(v),
            })),
          ]}
        />
      )}
    </div>
  );
}
