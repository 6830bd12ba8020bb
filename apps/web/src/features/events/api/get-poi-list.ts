import type { PoiListInput, PoiRow } from '@lodestar/contract/pois';
import type { Page } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { PoiRow };

/** The most points one list call answers (LIMITS.pageSizeMax): what the maps draw of a unit. */
export const MAP_POIS_MAX = 1000;

export const getPoiList = (q: PoiListInput) => api.post<Page<PoiRow>>('Poi/GetPoiList', q);

/** The points of a unit (the caller's whole subtree without one) for the monitor and history maps. */
export const useMapPois = (holdId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['pois', 'map', holdId],
    queryFn: () => getPoiList({ ...(holdId ? { HoldID: holdId } : {}), PageIndex: 1, PageSize: MAP_POIS_MAX }),
    enabled,
    staleTime: 60_000,
  });
