import type { LockType, WorkType } from '@lodestar/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { homeStatsKey } from './get-home-stats.ts';
import { simListRoot } from './get-sim-list.ts';

/** TargetIDs are ICCIDs; the type decides which of the other fields apply (docs/SIM-API.md). */
export interface AddWorkFlowBody {
  WorkType: WorkType;
  TargetIDs: string[];
  WorkCont: string;
  LockType?: LockType;
  PackageID?: number;
  Months?: number;
  IMEI?: string;
}

/** The header's pending-count query (features/workflow) shares this key. */
export const workCountKey = ['workflow', 'count'] as const;

export const addWorkFlow = (body: AddWorkFlowBody) => api.post<{ WorkIDs: number[] }>('WorkFlow/AddWorkFlow', body);

export function useAddWorkFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addWorkFlow,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: workCountKey });
      void qc.invalidateQueries({ queryKey: simListRoot });
      void qc.invalidateQueries({ queryKey: ['sims', 'detail'] });
      void qc.invalidateQueries({ queryKey: homeStatsKey });
    },
  });
}
