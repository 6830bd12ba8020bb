import type { BatchListInput, ImportBatchRow } from '@lodestar/contract/sims';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

export const importBatchRoot = ['sims', 'batches'] as const;

/** Newest first: the history takes no order. */
export const getImportBatchList = (q: BatchListInput) => api.post<Page<ImportBatchRow>>('Sim/GetImportBatchList', q);
