import type { AddWorkFlowData, AddWorkFlowInput } from '@lodestar/contract/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { workCountKey } from '../../work-orders/api/get-work-count.ts';
import { workListRoot } from '../../work-orders/api/get-work-flow-list.ts';
import { homeStatsKey } from './get-home-stats.ts';
import { simListRoot } from './get-sim-list.ts';

export type { AddWorkFlowInput };

/** TargetIDs are ICCIDs; the type decides which of the other fields apply (docs/SIM-API.md). */
export const addWorkFlow = (body: AddWorkFlowInput) => api.post<AddWorkFlowData>('WorkFlow/AddWorkFlow', body);

export function useAddWorkFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addWorkFlow,
    onSuccess: () => {
      // The header's pending count and the approval dialog's list now include the new orders.
      void qc.invalidateQueries({ queryKey: workCountKey });
      void qc.invalidateQueries({ queryKey: workListRoot });
      void qc.invalidateQueries({ queryKey: simListRoot });
      void qc.invalidateQueries({ queryKey: ['sims', 'detail'] });
      void qc.invalidateQueries({ queryKey: homeStatsKey });
    },
  });
}
