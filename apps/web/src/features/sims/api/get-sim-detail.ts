import type { SimDetail } from '@lodestar/contract/sims';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const simDetailKey = (simId: number) => ['sims', 'detail', simId] as const;

export const getSimDetail = (simId: number) => api.post<SimDetail>('Sim/GetSimDetail', { SimID: simId });

export const useSimDetail = (simId: number | null) =>
  useQuery({
    queryKey: simDetailKey(simId ?? 0),
    queryFn: () => getSimDetail(simId ?? 0),
    enabled: simId !== null,
  });
