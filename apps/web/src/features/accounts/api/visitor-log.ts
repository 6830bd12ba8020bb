import type { FileIdData } from '@lodestar/contract/common';
import type { LogFilterInput, LogQueryInput, VisitorRow } from '@lodestar/contract/logs';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

export type { VisitorRow };

/** Log-in attempts in the caller's units (82); a row's Result is success, failed, expired or outsideHours. */
export const getVisitorLog = (q: LogQueryInput) => api.post<Page<VisitorRow>>('Log/GetVisitorLog', q);

export const exportVisitorLog = (q: LogFilterInput) => api.post<FileIdData>('Log/ExportVisitorLog', q);
