import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import type { PageQuery } from '../../../components/table/index.ts';

export interface OperationLogRow {
  LogID: number;
  UserName: string;
  HoldName: string;
  /** A key such as `addUser`; the console translates it. */
  Action: string;
  Detail: string;
  Ip: string;
  CreateTime: string;
}

export interface OperationLogFilters {
  /** `YYYY-MM-DD hh:mm:ss` in the user's time zone, or ''. */
  StartTime: string;
  EndTime: string;
  Keyword: string;
}

export const getOperationLog = (q: OperationLogFilters & PageQuery) =>
  api.post<Page<OperationLogRow>>('Log/GetOperationLog', q);

/** The log's filters without paging; answers the download-centre entry. */
export const exportOperationLog = (q: OperationLogFilters) => api.post<{ FileID: number }>('Log/ExportOperationLog', q);
