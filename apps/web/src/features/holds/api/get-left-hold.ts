import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface HoldNode {
  HoldID: number;
  HoldName: string;
  Children?: HoldNode[] | null;
  parentHoldId: number | null;
  HoldType: number;
  isLeaf?: boolean;
  type?: number;
  count?: number;
}

export const getLeftHold = (holdName: string) => api.get<HoldNode[]>('Hold/GetLeftHold', { HoldName: holdName });

export const useLeftHold = (holdName: string, enabled = true) =>
  useQuery({
    queryKey: ['hold', 'left', holdName],
    queryFn: () => getLeftHold(holdName),
    enabled,
    placeholderData: keepPreviousData,
  });
