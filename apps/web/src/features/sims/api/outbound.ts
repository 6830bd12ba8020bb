import type { CountData, OutboundInput } from '@lodestar/contract/sims';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { homeStatsKey } from './get-home-stats.ts';
import { simListRoot } from './get-sim-list.ts';

export type { OutboundInput };

/** Either SimIDs or an inclusive ICCID range of the same length. */
export const outbound = (body: OutboundInput) => api.post<CountData>('Sim/Outbound', body);

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
