import type { PeriodInput, TripRow } from '@lodestar/contract/history';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { TripRow };

/** History/GetTrips: the device's trips overlapping the period (times in the user's zone). */
export const getTrips = (q: PeriodInput) => api.post<TripRow[]>('History/GetTrips', q);

export const tripsKey = (q: PeriodInput) => ['history', 'trips', q] as const;

export const useTrips = (q: PeriodInput | null) =>
  useQuery({
    queryKey: tripsKey(q ?? { DeviceID: '', StartTime: '', EndTime: '' }),
    queryFn: () => getTrips(q!),
    enabled: q !== null,
    // A period that ended is history: it cannot change but through late reports.
    staleTime: 60_000,
  });
