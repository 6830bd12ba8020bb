import type { RoadDetail } from '@lodestar/contract/zones';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { ROADS_KEY } from './keys.ts';

export type { RoadDetail };

export const getRoad = (RoadID: number) => api.post<RoadDetail>('Road/GetRoad', { RoadID });

export const useRoad = (RoadID: number | null) =>
  useQuery({
    queryKey: [...ROADS_KEY, 'detail', RoadID],
    queryFn: () => getRoad(RoadID as number),
    enabled: RoadID !== null,
  });
