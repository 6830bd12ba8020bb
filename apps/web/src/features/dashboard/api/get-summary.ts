import type { DashboardSummary } from '@lodestar/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const getSummary = (holdId?: number) =>
  api.post<DashboardSummary>('Dashboard/GetSummary', holdId ? { HoldID: holdId } : {});

export const summaryKey = (holdId?: number) => ['dashboard', 'summary', holdId ?? null] as const;

/** The GPS home of a unit; asked again every minute while the page is open (statuses move with every report). */
export const useSummary = (holdId?: number) =>
  useQuery({ queryKey: summaryKey(holdId), queryFn: () => getSummary(holdId), refetchInterval: 60_000 });
