import type {
  ImportDevicesInput,
  ImportProgress,
  ImportVehiclesInput,
  InfoImportResult,
  ImportKind as RecordKind,
} from '@lodestar/contract/imports';
import type { ImportTasksInput } from '@lodestar/contract/install';
import { api } from '../../../api/instance.ts';

/** What the dialog imports: the info records, and install tasks (/info/task, Task/ImportTasks). */
export type ImportKind = RecordKind | 'task';
export type { ImportProgress, InfoImportResult };

/** Nothing is written while any row is bad, unless AllowPartial: the reply lists every row error either way. */
export const importVehicles = (body: ImportVehiclesInput) => api.post<InfoImportResult>('Vehicle/ImportVehicles', body);
export const importDevices = (body: ImportDevicesInput) => api.post<InfoImportResult>('Device/ImportDevices', body);
export const importTasks = (body: ImportTasksInput) => api.post<InfoImportResult>('Task/ImportTasks', body);

/** How far the import sent with this JobID has got ('pending' before the server has started it). */
export const getImportProgress = (JobID: string) => api.post<ImportProgress>('Import/GetImportProgress', { JobID });

/** One import of a kind from an uploaded file into a unit, its progress under `jobId`. */
export function importFile(kind: ImportKind, holdId: number, fileId: number, jobId: string, allowPartial: boolean) {
  const common = { HoldID: holdId, FileID: fileId, JobID: jobId, AllowPartial: allowPartial };
  if (kind === 'vehicle') return importVehicles(common);
  if (kind === 'task') return importTasks(common);
  return importDevices({ ...common, ObjectType: kind === 'device' ? 'vehicle' : kind });
}

/** The template call and its query for a kind. */
export const templateOf = (kind: ImportKind): [string, Record<string, string>] =>
  kind === 'vehicle'
    ? ['Vehicle/ImportTemplate', {}]
    : kind === 'task'
      ? ['Task/ImportTemplate', {}]
      : ['Device/ImportTemplate', { Kind: kind }];

/** A random JobID; getRandomValues works on plain-HTTP pages too, where randomUUID does not. */
export function newJobId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `imp-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
