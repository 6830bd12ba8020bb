import type { PeriodInput } from '@lodestar/contract/history';
import { Empty, List, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type StopRow, useStops } from '../api/get-stops.ts';
import { placeText, usePlaces } from '../api/use-places.ts';
import { formatDuration } from '../format.ts';

interface Props {
  query: PeriodInput | null;
  onSelect: (stop: StopRow, index: number) => void;
  selected?: number | null;
}

/** The period's stops, numbered as their markers on the map; "no stop info" (spec section 8) when none. */
export function StopsPanel({ query, onSelect, selected }: Props) {
  const { t } = useTranslation('history');
  const stops = useStops(query);
  const rows = stops.data ?? [];
  const places = usePlaces(rows.map((r) => ({ lat: r.Lat, lng: r.Lng })));
  if (stops.isLoading) return <Skeleton active className="history-panel-loading" />;
  if (!rows.length)
    return (
      <Empty
        className="history-empty history-no-stops"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('stops.none')}
      />
    );
  return (
    <List
      className="history-stops"
      size="small"
      dataSource={rows}
      renderItem={(stop, i) => (
        <List.Item
          className={selected === i ? 'history-row history-row-selected' : 'history-row'}
          data-index={i}
          data-start={stop.StartTime}
          onClick={() => onSelect(stop, i)}
        >
          <div className="history-row-body">
            <div className="history-row-head">
              <span className="history-row-n history-stop-n">{i + 1}</span>
              <span className="history-stop-place">{placeText(places.data?.[i], stop.Lat, stop.Lng)}</span>
            </div>
            <div className="history-stop-times muted">
              <span>
                {t('stops.arrival')} {stop.StartTime}
              </span>
              <span>
                {t('stops.departure')} {stop.EndTime}
              </span>
            </div>
            <div className="history-stop-duration">{formatDuration(t, stop.Duration)}</div>
          </div>
        </List.Item>
      )}
    />
  );
}
