import type { MonitorCounts } from '@lodestar/contract/monitor';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const getMonitorCounts = (holdId?: number) =>
  api.post<MonitorCounts>('Monitor/GetMonitorCounts', holdId ? { HoldID: holdId } : {});

export const monitorCountsKey = (holdId?: number) => ['monitor', 'counts', holdId ?? null] as const;

export const useMonitorCounts = (holdId?: number) =>
  useQuery({ queryKey: monitorCountsKey(holdId), queryFn: () => getMonitorCounts(holdId) });
