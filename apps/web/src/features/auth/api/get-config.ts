import type { MapSettings } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface AppConfig {
  appTitle: string;
  deviceAccessIp: string;
  deviceAccessPort: number | string;
  smsProvider: 'local' | 'http';
  platform: number;
  demo: boolean;
  /** The map's default provider and configured tile templates (absent from older servers). */
  map?: MapSettings;
}

export const getConfig = () => api.get<AppConfig>('account/config', undefined, { anonymous: true });

export const configQuery = { queryKey: ['account', 'config'], queryFn: getConfig, staleTime: Infinity, retry: false };

export const useAppConfig = () => useQuery(configQuery);
