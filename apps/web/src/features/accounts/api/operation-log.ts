import type { FileIdData } from '@lodestar/contract/common';
import type { LogFilterInput, LogQueryInput, OperationRow } from '@lodestar/contract/logs';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

/** A row's Action is a key such as `addUser`; the console translates it. Filter times are the user's zone, or ''. */
export type { LogFilterInput, OperationRow };

/** Newest first: the log takes no order. */
export const getOperationLog = (q: LogQueryInput) => api.post<Page<OperationRow>>('Log/GetOperationLog', q);

/** The log's filters without paging; answers the download-centre entry. */
export const exportOperationLog = (q: LogFilterInput) => api.post<FileIdData>('Log/ExportOperationLog', q);
