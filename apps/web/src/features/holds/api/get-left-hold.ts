import type { HoldNode } from '@lodestar/contract/holds';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { HoldNode };

export const getLeftHold = (holdName: string) => api.get<HoldNode[]>('Hold/GetLeftHold', { HoldName: holdName });

export const useLeftHold = (holdName: string, enabled = true) =>
  useQuery({
    queryKey: ['hold', 'left', holdName],
    queryFn: () => getLeftHold(holdName),
    enabled,
    placeholderData: keepPreviousData,
  });
