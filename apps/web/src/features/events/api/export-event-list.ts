import type { FileIdData } from '@lodestar/contract/common';
import type { EventExportInput } from '@lodestar/contract/events';
import { api } from '../../../api/instance.ts';

/** Prepares the filtered events as an .xlsx in the download centre. */
export const exportEventList = (body: EventExportInput) => api.post<FileIdData>('Event/ExportEventList', body);
