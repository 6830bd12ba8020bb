import type { PoiListInput, PoiRow } from '@lodestar/contract/pois';
import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { POIS_KEY } from './keys.ts';

export type { PoiRow };

export const getPoiList = (q: PoiListInput) => api.post<Page<PoiRow>>('Poi/GetPoiList', q);

/** The points the fence page's map shows: the unit's first 1,000. */
export const useMapPois = (HoldID: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...POIS_KEY, 'map', HoldID],
    queryFn: () => getPoiList({ HoldID, PageIndex: 1, PageSize: 1000 }),
    placeholderData: keepPreviousData,
    enabled,
  });
