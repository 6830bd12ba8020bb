import type { ImportInput, ImportResult } from '@lodestar/contract/sims';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { homeStatsKey } from './get-home-stats.ts';
import { importBatchRoot } from './get-import-batch-list.ts';
import { simListRoot } from './get-sim-list.ts';

export type { ImportInput };

/** Nothing is written when any row is bad, unless AllowPartial: the reply lists every error either way. */
export const importSims = (body: ImportInput) => api.post<ImportResult>('Sim/ImportSims', body);

export function useImportSims() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importSims,
    onSuccess: (result) => {
      if (result.Imported === 0) return;
      void qc.invalidateQueries({ queryKey: importBatchRoot });
      void qc.invalidateQueries({ queryKey: simListRoot });
      void qc.invalidateQueries({ queryKey: homeStatsKey });
    },
  });
}
