import type { FileIdData } from '@lodestar/contract/common';
import type { SimFilterInput } from '@lodestar/contract/sims';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Prepares the spreadsheet as a download-centre entry. */
export const exportSimList = (filters: SimFilterInput) => api.post<FileIdData>('Sim/ExportSimList', filters);

export function useExportSimList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportSimList,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
