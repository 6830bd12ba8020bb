import { Empty, List, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useZoneEvents } from '../api/get-zone-events.ts';

const DAYS = 7;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A fence's or road's events of the last 7 days (newest 20), and the event list page filtered to it. */
export function ZoneEvents({ zone }: { zone: { FenceID: number } | { RoadID: number } }) {
  const { t } = useTranslation('zones');
  const timeZone = useUserTimeZone();
  const id = 'FenceID' in zone ? zone.FenceID : zone.RoadID;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is fixed when another zone opens
  const range = useMemo(() => {
    const now = userNow(timeZone);
    return { StartTime: now.subtract(DAYS, 'day').format(FORMAT), EndTime: now.endOf('day').format(FORMAT) };
  }, [id, timeZone]);
  const events = useZoneEvents(zone, range);
  const query = new URLSearchParams({
    ...('FenceID' in zone ? { FenceID: String(zone.FenceID) } : { RoadID: String(zone.RoadID) }),
    StartTime: range.StartTime,
    EndTime: range.EndTime,
  });
  return (
    <div className="zone-events">
      <div className="zone-section-head">
        <span>{t('events.title', { days: DAYS })}</span>
        <Link to={`/monitor/event?${query}`} className="zone-events-all">
          {t('events.all')}
        </Link>
      </div>
      {events.data && !events.data.rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('events.empty')} />
      ) : (
        <List
          size="small"
          loading={events.isLoading}
          dataSource={events.data?.rows ?? []}
          renderItem={(e) => (
            <List.Item className="zone-event" data-type={e.Type} data-device={e.DeviceID}>
              <span className="zone-event-time mono">{e.EventTime}</span>
              <Tag color={e.Alarm ? 'red' : 'default'}>{t(`events:type.${e.Type}`, { defaultValue: e.Type })}</Tag>
              <span className="zone-event-device">{e.DeviceName || e.DeviceID}</span>
              {e.Speed !== null ? (
                <span className="muted">{t('events.speed', { speed: Math.round(e.Speed) })}</span>
              ) : null}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
