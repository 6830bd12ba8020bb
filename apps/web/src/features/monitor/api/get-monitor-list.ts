import type { Page } from '@lodestar/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { MonitorRow, StatusFilter } from './types.ts';

export interface MonitorListQuery {
  HoldID?: number | undefined;
  /** Comma-separated, at most 1000 (spec section 5). */
  DeviceIDs?: string | undefined;
  Status: StatusFilter;
  /** A part of the device ID, the device name or the bound vehicle's plate, over the whole scope (≤ 64). */
  Keyword?: string | undefined;
}

export const monitorListKey = (q: MonitorListQuery) => ['monitor', 'list', q] as const;

export const getMonitorList = (q: MonitorListQuery) => api.post<Page<MonitorRow>>('Monitor/GetMonitorList', q);

export const useMonitorList = (q: MonitorListQuery) =>
  useQuery({
    queryKey: monitorListKey(q),
    queryFn: () => getMonitorList(q),
    placeholderData: keepPreviousData,
  });
