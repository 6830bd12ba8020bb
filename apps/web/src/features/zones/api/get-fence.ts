import type { FenceDetail } from '@lodestar/contract/zones';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { FENCES_KEY } from './keys.ts';

export type { FenceDetail };

export const getFence = (FenceID: number) => api.post<FenceDetail>('Fence/GetFence', { FenceID });

export const useFence = (FenceID: number | null) =>
  useQuery({
    queryKey: [...FENCES_KEY, 'detail', FenceID],
    queryFn: () => getFence(FenceID as number),
    enabled: FenceID !== null,
  });
