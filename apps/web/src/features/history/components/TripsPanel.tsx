import type { PeriodInput } from '@lodestar/contract/history';
import { Empty, List, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TripRow, useTrips } from '../api/get-trips.ts';
import { placeText, usePlaces } from '../api/use-places.ts';
import { formatDistance, formatDuration, formatSpeed } from '../format.ts';

interface Props {
  query: PeriodInput | null;
  onSelect: (trip: TripRow, index: number) => void;
  selected?: number | null;
}

/** The period's trips, each clickable to zoom the map to it and move the player to its start. */
export function TripsPanel({ query, onSelect, selected }: Props) {
  const { t } = useTranslation('history');
  const trips = useTrips(query);
  const rows = trips.data ?? [];
  const places = usePlaces(
    rows.flatMap((r) => [
      { lat: r.StartLat, lng: r.StartLng },
      { lat: r.EndLat, lng: r.EndLng },
    ]),
  );
  if (trips.isLoading) return <Skeleton active className="history-panel-loading" />;
  if (!rows.length)
    return <Empty className="history-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('page.noData')} />;
  return (
    <List
      className="history-trips"
      size="small"
      dataSource={rows}
      renderItem={(trip, i) => (
        <List.Item
          className={selected === i ? 'history-row history-row-selected' : 'history-row'}
          data-index={i}
          onClick={() => onSelect(trip, i)}
        >
          <div className="history-row-body">
            <div className="history-row-head">
              <span className="history-row-n">{i + 1}</span>
              <span className="history-trip-time">
                {trip.StartTime} →{' '}
                {trip.EndTime.slice(trip.StartTime.slice(0, 10) === trip.EndTime.slice(0, 10) ? 11 : 0)}
              </span>
            </div>
            <div className="history-trip-places muted">
              <span className="history-trip-from">{placeText(places.data?.[2 * i], trip.StartLat, trip.StartLng)}</span>
              {' → '}
              <span className="history-trip-to">{placeText(places.data?.[2 * i + 1], trip.EndLat, trip.EndLng)}</span>
            </div>
            <div className="history-trip-figures">
              <span>{formatDistance(t, trip.Distance)}</span>
              <span>{formatDuration(t, trip.Duration)}</span>
              <span title={t('trips.maxSpeed')}>
                {t('trips.max')} {formatSpeed(t, trip.MaxSpeed)}
              </span>
              <span title={t('trips.avgSpeed')}>
                {t('trips.avg')} {formatSpeed(t, trip.AvgSpeed)}
              </span>
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}
