import type { FileIdData } from '@lodestar/contract/common';
import { api } from '../../../api/instance.ts';

/** The whole import history (it has no filter); answers the download-centre entry. */
export const exportImportBatchList = () => api.post<FileIdData>('Sim/ExportImportBatchList', {});
