import type { ApprovalItem } from '@lodestar/contract/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { workCountKey } from './get-work-count.ts';
import { workListRoot } from './get-work-flow-list.ts';

/** Spec section 7: the body is the array itself; success is a reply without an error code. */
export const checkWorkFlow = (items: ApprovalItem[]) => api.post<null>('/WorkFlow/CheckWorkFlow', items);

export function useCheckWorkFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkWorkFlow,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: workListRoot });
      void qc.invalidateQueries({ queryKey: workCountKey });
      // An approval changes the SIM itself (state, holder, package, expiry), so the SIM screens refresh too.
      void qc.invalidateQueries({ queryKey: ['sims'] });
    },
  });
}
