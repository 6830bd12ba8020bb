import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { MonitorCounts } from './types.ts';

export const getMonitorCounts = (holdId?: number) =>
  api.post<MonitorCounts>('Monitor/GetMonitorCounts', holdId ? { HoldID: holdId } : {});

export const useMonitorCounts = (holdId?: number) =>
  useQuery({ queryKey: ['monitor', 'counts', holdId ?? null], queryFn: () => getMonitorCounts(holdId) });
