import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '../../events/api/get-event-list.ts';
import { eventLabel } from '../../events/event-types.ts';

interface Props {
  events: readonly TimelineEvent[];
  /** The devices in row order. */
  deviceIds: readonly string[];
  start: number;
  end: number;
  rowH: number;
}

/**
 * Fence and road events as ticks over the timeline's bars (purple for records, orange for alarms), each
 * naming the event, the zone and the time on hover. DOM elements rather than canvas pixels, so each carries
 * its own tooltip; a click falls through to the timeline, which seeks there.
 */
export function TimelineEvents({ events, deviceIds, start, end, rowH }: Props) {
  const { t } = useTranslation('events');
  const span = end - start;
  if (span <= 0 || !events.length) return null;
  return (
    <div className="history-timeline-events" data-events={events.length}>
      {events.map((e) => {
        const row = deviceIds.indexOf(e.deviceId);
        if (row < 0 || e.time < start || e.time > end) return null;
        const label = eventLabel(t, e.type);
        return (
          <Tooltip
            key={e.key}
            title={
              <span>
                {label}
                {e.zoneName ? ` · ${e.zoneName}` : ''}
                <br />
                {e.text}
              </span>
            }
          >
            <span
              className={`history-timeline-event ${e.alarm ? 'is-alarm' : ''}`}
              data-type={e.type}
              role="img"
              aria-label={label}
              style={{ left: `${((e.time - start) / span) * 100}%`, top: 1 + row * (rowH + 2), height: rowH + 6 }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
