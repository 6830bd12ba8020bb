import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { homeStatsKey } from './get-home-stats.ts';
import { simListRoot } from './get-sim-list.ts';

/** Either SimIDs or an inclusive ICCID range of the same length. */
export interface OutboundBody {
  HoldID: number;
  SimIDs?: number[];
  ICCIDFrom?: string;
  ICCIDTo?: string;
  Remark?: string;
}

export const outbound = (body: OutboundBody) => api.post<{ Count: number }>('Sim/Outbound', body);

export function useOutbound() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: outbound,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: simListRoot });
      void qc.invalidateQueries({ queryKey: homeStatsKey });
    },
  });
}
