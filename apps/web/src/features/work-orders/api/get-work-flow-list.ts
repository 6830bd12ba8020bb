import type { WorkFlowList, WorkFlowListInput } from '@lodestar/contract/work-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { useSession } from '../../../store/session.ts';

export const workListRoot = ['work-orders', 'list'] as const;

export const getWorkFlowList = (query: WorkFlowListInput) => api.post<WorkFlowList>('/WorkFlow/GetWorkFlowList', query);

/** The rows' type and status texts come in the caller's language, so the language is part of the key. */
export function useWorkFlowList(query: WorkFlowListInput, enabled = true) {
  const language = useSession((s) => s.language);
  return useQuery({
    queryKey: [...workListRoot, query, language],
    queryFn: () => getWorkFlowList(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
