import type { PeriodInput, StopRow } from '@lodestar/contract/history';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { StopRow };

/** History/GetStops: where the device stood still longer than MinStopSeconds within the period. */
export const getStops = (q: PeriodInput) => api.post<StopRow[]>('History/GetStops', q);

export const stopsKey = (q: PeriodInput) => ['history', 'stops', q] as const;

export const useStops = (q: PeriodInput | null) =>
  useQuery({
    queryKey: stopsKey(q ?? { DeviceID: '', StartTime: '', EndTime: '' }),
    queryFn: () => getStops(q!),
    enabled: q !== null,
    staleTime: 60_000,
  });
