import { api } from '../../../api/instance.ts';
import type { WorkFlowListQuery } from './types.ts';

/** GetWorkFlowList's filters without paging; answers the download-centre entry. */
export const exportWorkFlowList = (filters: Omit<WorkFlowListQuery, 'pageIndex' | 'pageCount'>) =>
  api.post<{ FileID: number }>('/WorkFlow/ExportWorkFlowList', filters);
