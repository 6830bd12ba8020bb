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
 * its own tooltip; a click falls through to the timeline, which seeks there. Events too close to tell apart at the
 * timeline's scale (an entry and a leave a minute apart in a day) share one tick listing them all.
 */
/** Ticks closer than this share of the timeline's width (8 px of a 530 px timeline at 1440 px; a tick is 7 px) would
 * cover each other: they become one tick. */
const MERGE_SHARE = 0.015;

interface Tick {
  key: TimelineEvent['key'];
  row: number;
  at: number;
  events: TimelineEvent[];
}

/** Per row, in time order, events within MERGE_SHARE of the previous tick's first event join that tick. */
export function ticksOf(
  events: readonly TimelineEvent[],
  deviceIds: readonly string[],
  start: number,
  span: number,
): Tick[] {
  const ticks: Tick[] = [];
  const open = new Map<number, Tick>();
  const sorted = [...events].sort((a, b) => a.time - b.time);
  for (const e of sorted) {
    const row = deviceIds.indexOf(e.deviceId);
    if (row < 0 || e.time < start || e.time > start + span) continue;
    const at = (e.time - start) / span;
    const last = open.get(row);
    if (last && at - last.at <= MERGE_SHARE) {
      last.events.push(e);
      continue;
    }
    const tick = { key: e.key, row, at, events: [e] };
    ticks.push(tick);
    open.set(row, tick);
  }
  return ticks;
}

export function TimelineEvents({ events, deviceIds, start, end, rowH }: Props) {
  const { t } = useTranslation('events');
  const span = end - start;
  if (span <= 0 || !events.length) return null;
  return (
    <div className="history-timeline-events" data-events={events.length}>
      {ticksOf(events, deviceIds, start, span).map((tick) => {
        const first = tick.events[0]!;
        const labels = tick.events.map((e) => eventLabel(t, e.type));
        return (
          <Tooltip
            key={tick.key}
            title={tick.events.map((e, i) => (
              <div key={e.key}>
                {labels[i]}
                {e.zoneName ? ` · ${e.zoneName}` : ''}
                <br />
                {e.text}
              </div>
            ))}
          >
            <span
              className={`history-timeline-event ${tick.events.some((e) => e.alarm) ? 'is-alarm' : ''}`}
              data-type={first.type}
              data-types={tick.events.map((e) => e.type).join(' ')}
              role="img"
              aria-label={labels.join(', ')}
              style={{ left: `${tick.at * 100}%`, top: 1 + tick.row * (rowH + 2), height: rowH + 6 }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
