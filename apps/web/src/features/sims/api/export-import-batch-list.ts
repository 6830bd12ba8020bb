import { api } from '../../../api/instance.ts';

/** The whole import history (it has no filter); answers the download-centre entry. */
export const exportImportBatchList = () => api.post<{ FileID: number }>('Sim/ExportImportBatchList', {});
