import type { EventListInput, EventRow } from '@lodestar/contract/events';
import type { Page } from '@lodestar/domain';
import { ZONE_EVENT_TYPES } from '@lodestar/domain';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/instance.ts';

export type { EventListInput, EventRow };
export type EventSortColumn = NonNullable<EventListInput['SortColumn']>;
/** The list's filters: the call's body without paging and order. */
export type EventFilterInput = Omit<EventListInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>;

/** Every event list query key starts with this, so a release refreshes them all. */
export const eventListRoot = ['events', 'list'] as const;

export const getEventList = (q: EventListInput) => api.post<Page<EventRow>>('Event/GetEventList', q);

/** At most this many events of a device and period are drawn on the history timeline. */
export const TIMELINE_EVENTS_MAX = 500;
/** Event/GetEventList covers at most this many days; a longer replay gets no event ticks rather than a refusal. */
export const EVENT_QUERY_DAYS = 31;

/** A zone event on the history timeline. */
export interface TimelineEvent {
  key: number;
  deviceId: string;
  /** Unix seconds. */
  time: number;
  /** Wall clock in the user's zone, as the list answers it. */
  text: string;
  type: string;
  alarm: boolean;
  zoneName: string | null;
}

/**
 * The fence and road events of the replayed devices over the period (one list call per device, oldest first),
 * for the history timeline's ticks. `toUnix` turns the user's wall clock into Unix seconds.
 */
export function useTimelineEvents(
  devices: readonly string[],
  start: string,
  end: string,
  toUnix: (wall: string) => number | null,
): TimelineEvent[] {
  const from = toUnix(start);
  const to = toUnix(end);
  const enabled = from !== null && to !== null && to > from && to - from <= EVENT_QUERY_DAYS * 86_400;
  const results = useQueries({
    queries: devices.map((DeviceID) => ({
      queryKey: [...eventListRoot, 'timeline', DeviceID, start, end],
      queryFn: () =>
        getEventList({
          DeviceID,
          StartTime: start,
          EndTime: end,
          Types: [...ZONE_EVENT_TYPES],
          PageIndex: 1,
          PageSize: TIMELINE_EVENTS_MAX,
          SortColumn: 'EventTime',
          SortType: 'asc',
        }),
      enabled,
      staleTime: 60_000,
    })),
  });
  const key = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: key says when any device's answer changed
  return useMemo(
    () =>
      results.flatMap((r) =>
        (r.data?.rows ?? []).flatMap((e) => {
          const time = toUnix(e.EventTime);
          return time === null
            ? []
            : [
                {
                  key: e.EventID,
                  deviceId: e.DeviceID,
                  time,
                  text: e.EventTime,
                  type: e.Type,
                  alarm: e.Alarm,
                  zoneName: e.ZoneName,
                },
              ];
        }),
      ),
    [key],
  );
}
