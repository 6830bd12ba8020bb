import type { AppConfig } from '@lodestar/contract/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { AppConfig };

export const getConfig = () => api.get<AppConfig>('account/config', undefined, { anonymous: true });

export const configQuery = { queryKey: ['account', 'config'], queryFn: getConfig, staleTime: Infinity, retry: false };

export const useAppConfig = () => useQuery(configQuery);
