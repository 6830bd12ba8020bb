import type { FenceListInput, FenceRow } from '@lodestar/contract/zones';
import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { FENCES_KEY } from './keys.ts';

export type { FenceRow };

export const getFenceList = (q: FenceListInput) => api.post<Page<FenceRow>>('Fence/GetFenceList', q);

/**
 * The fences the map draws: the unit's first 1,000 (the list's most), newest first. A unit with more is
 * listed in full on the side; the map then draws the page's own rows too (FencePage).
 */
export const useMapFences = (HoldID: number | undefined) =>
  useQuery({
    queryKey: [...FENCES_KEY, 'map', HoldID],
    queryFn: () => getFenceList({ HoldID, PageIndex: 1, PageSize: 1000, SortColumn: 'CreateTime', SortType: 'desc' }),
    placeholderData: keepPreviousData,
  });
