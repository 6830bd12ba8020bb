import type { EventListInput, EventRow } from '@lodestar/contract/events';
import type { Page } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { EventListInput, EventRow };
export type EventSortColumn = NonNullable<EventListInput['SortColumn']>;
/** The list's filters: the call's body without paging and order. */
export type EventFilterInput = Omit<EventListInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>;

/** Every event list query key starts with this, so a release refreshes them all. */
export const eventListRoot = ['events', 'list'] as const;

export const getEventList = (q: EventListInput) => api.post<Page<EventRow>>('Event/GetEventList', q);

/** At most this many events of a period are drawn on the history timeline. */
export const TIMELINE_EVENTS_MAX = 500;

/** The zone events of some devices over a period, for the history timeline (one call per device). */
export const useTimelineEvents = (deviceId: string | null, start: string, end: string, types: readonly string[]) =>
  useQuery({
    queryKey: [...eventListRoot, 'timeline', deviceId, start, end],
    queryFn: () =>
      getEventList({
        DeviceID: deviceId!,
        StartTime: start,
        EndTime: end,
        Types: [...types] as EventListInput['Types'],
        PageIndex: 1,
        PageSize: TIMELINE_EVENTS_MAX,
        SortColumn: 'EventTime',
        SortType: 'asc',
      }),
    enabled: deviceId !== null && start !== '' && end !== '',
    staleTime: 60_000,
  });
