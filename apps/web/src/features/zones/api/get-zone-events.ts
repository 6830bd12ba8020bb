import type { EventListInput, EventRow } from '@lodestar/contract/events';
import type { Page } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { ZONE_EVENTS_KEY } from './keys.ts';

export type { EventRow };

export const getEventList = (q: EventListInput) => api.post<Page<EventRow>>('Event/GetEventList', q);

/** A fence's or road's events of the last `days` (the panel's "recent events"), newest first. */
export const useZoneEvents = (
  zone: { FenceID?: number; RoadID?: number } | null,
  range: { StartTime: string; EndTime: string },
) =>
  useQuery({
    queryKey: [...ZONE_EVENTS_KEY, zone, range],
    queryFn: () =>
      getEventList({ ...zone, ...range, PageIndex: 1, PageSize: 20, SortColumn: 'EventTime', SortType: 'desc' }),
    enabled: zone !== null,
    refetchInterval: 15_000,
  });
