import type { MonitorInput, MonitorRow } from '@lodestar/contract/monitor';
import type { Page, StatusFilter } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Status is always sent: the list's filter decides membership. */
export type MonitorListQuery = MonitorInput & { Status: StatusFilter };

export const monitorListKey = (q: MonitorListQuery) => ['monitor', 'list', q] as const;

export const getMonitorList = (q: MonitorListQuery) => api.post<Page<MonitorRow>>('Monitor/GetMonitorList', q);

export const useMonitorList = (q: MonitorListQuery) =>
  useQuery({
    queryKey: monitorListKey(q),
    queryFn: () => getMonitorList(q),
    placeholderData: keepPreviousData,
  });
