import type { HistorySummary, PeriodInput } from '@lodestar/contract/history';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { HistorySummary };

/** History/GetSummary: distance, moving and stopped time, speeds and counts of the period. */
export const getSummary = (q: PeriodInput) => api.post<HistorySummary>('History/GetSummary', q);

export const summaryKey = (q: PeriodInput) => ['history', 'summary', q] as const;

export const useSummary = (q: PeriodInput | null) =>
  useQuery({
    queryKey: summaryKey(q ?? { DeviceID: '', StartTime: '', EndTime: '' }),
    queryFn: () => getSummary(q!),
    enabled: q !== null,
    staleTime: 60_000,
  });
