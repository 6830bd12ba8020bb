import type { HomeStats } from '@lodestar/contract/sims';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const homeStatsKey = ['sims', 'home'] as const;

export const getHomeStats = () => api.post<HomeStats>('Sim/GetHomeStats');

export const useHomeStats = () => useQuery({ queryKey: homeStatsKey, queryFn: getHomeStats });
