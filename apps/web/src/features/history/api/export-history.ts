import type { FileIdData } from '@lodestar/contract/common';
import type { HistoryExportFormat, HistoryExportInput } from '@lodestar/contract/history';
import { api } from '../../../api/instance.ts';

export type { HistoryExportFormat };

/** History/Export: the period's positions, trips and stops written into a download-centre entry. */
export const exportHistory = (q: HistoryExportInput) => api.post<FileIdData>('History/Export', q);
