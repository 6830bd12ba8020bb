import type { ImportBatchRow } from '@lodestar/contract/sims';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/use-server-list.ts';

export const importBatchRoot = ['sims', 'batches'] as const;

export const getImportBatchList = (q: PageQuery) =>
  api.post<Page<ImportBatchRow>>('Sim/GetImportBatchList', { PageIndex: q.PageIndex, PageSize: q.PageSize });
