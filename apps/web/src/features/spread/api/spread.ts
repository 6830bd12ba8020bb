import type { Distribution, DistributionInput, MapInput, SpreadMap } from '@lodestar/contract/spread';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { useSession } from '../../../store/session.ts';

export type { Distribution, SpreadMap };

export const getDistribution = (q: DistributionInput) => api.post<Distribution>('Spread/GetDistribution', q);
export const getSpreadMap = (q: MapInput) => api.post<SpreadMap>('Spread/GetMap', q);

/** The counts of one level (names in the reader's language); asked again every minute (devices move). */
export const useDistribution = (q: DistributionInput) => {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: ['spread', 'distribution', q, lang] as const,
    queryFn: () => getDistribution(q),
    refetchInterval: 60_000,
    placeholderData: (previous) =>
      previous?.Level === q.Level && previous.Code === (q.Code ?? '') ? previous : undefined,
  });
};

/** The outlines never change: kept for the session, per language (their labels are translated). */
export const useSpreadMap = (q: MapInput) => {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: ['spread', 'map', q.Level, q.Code ?? '', lang] as const,
    queryFn: () => getSpreadMap(q),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
};
