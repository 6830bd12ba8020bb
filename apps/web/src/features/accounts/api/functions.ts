import type { FunctionGroup, Lang } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** A function the caller holds and may therefore grant (`Function/GetFunctionList`). */
export interface GrantableFunction {
  id: number;
  key: string;
  group: FunctionGroup;
  parent: number | null;
  name: Record<Lang, string>;
}

export const useGrantableFunctions = () =>
  useQuery({
    queryKey: ['accounts', 'functions'],
    queryFn: () => api.get<GrantableFunction[]>('Function/GetFunctionList'),
    staleTime: 5 * 60_000,
  });
