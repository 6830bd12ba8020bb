import type { RoadListInput, RoadRow } from '@lodestar/contract/zones';
import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { ROADS_KEY } from './keys.ts';

export type { RoadRow };

export const getRoadList = (q: RoadListInput) => api.post<Page<RoadRow>>('Road/GetRoadList', q);

/** The roads the map draws: the unit's first 1,000 (the list's most), newest first. */
export const useMapRoads = (HoldID: number | undefined) =>
  useQuery({
    queryKey: [...ROADS_KEY, 'map', HoldID],
    queryFn: () => getRoadList({ HoldID, PageIndex: 1, PageSize: 1000, SortColumn: 'CreateTime', SortType: 'desc' }),
    placeholderData: keepPreviousData,
  });
