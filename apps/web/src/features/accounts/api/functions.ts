import type { FunctionRow } from '@lodestar/contract/functions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** A function the caller holds and may therefore grant (`Function/GetFunctionList`). */
export type GrantableFunction = FunctionRow;

export const useGrantableFunctions = () =>
  useQuery({
    queryKey: ['accounts', 'functions'],
    queryFn: () => api.get<GrantableFunction[]>('Function/GetFunctionList'),
    staleTime: 5 * 60_000,
  });
