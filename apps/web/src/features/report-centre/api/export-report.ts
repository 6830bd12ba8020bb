import type { FileIdData } from '@lodestar/contract/common';
import type { ReportExportInput } from '@lodestar/contract/report-centre';
import { api } from '../../../api/instance.ts';

/** Writes the whole report (every page) as .xlsx, .csv or .pdf into the download centre. */
export const exportReport = (body: ReportExportInput) => api.post<FileIdData>('Report/Export', body);
