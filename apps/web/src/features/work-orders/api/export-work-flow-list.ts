import type { FileIdData } from '@lodestar/contract/common';
import type { WorkFlowListInput } from '@lodestar/contract/work-orders';
import { api } from '../../../api/instance.ts';

/** GetWorkFlowList's filters without paging; answers the download-centre entry. */
export const exportWorkFlowList = (filters: Omit<WorkFlowListInput, 'pageIndex' | 'pageCount'>) =>
  api.post<FileIdData>('/WorkFlow/ExportWorkFlowList', filters);
