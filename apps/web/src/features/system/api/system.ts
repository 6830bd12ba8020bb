import type { SystemInfo } from '@lodestar/contract/system';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { SystemInfo };

export const getSystemInfo = () => api.post<SystemInfo>('System/GetInfo', {});

/** The page refreshes every 10 s (the rates are per second since the previous ask). */
export const useSystemInfo = (enabled: boolean) =>
  useQuery({ queryKey: ['system', 'info'], queryFn: getSystemInfo, refetchInterval: 10_000, enabled });
