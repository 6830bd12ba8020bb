import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { HomeStats } from './types.ts';

export const homeStatsKey = ['sims', 'home'] as const;

export const getHomeStats = () => api.post<HomeStats>('Sim/GetHomeStats');

export const useHomeStats = () => useQuery({ queryKey: homeStatsKey, queryFn: getHomeStats });
