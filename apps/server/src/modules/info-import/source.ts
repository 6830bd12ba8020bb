import type { InfoImportResult } from '@lodestar/contract/imports';
import { SIM_RULES } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { SheetRow } from '../../lib/sheet-reader.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { UploadStore } from '../sims/files.ts';
import type { ImportJobs, JobHandle } from './jobs.ts';
import type { ReadRows } from './sheet.ts';

/** The rows of an import and the file they came from ('' for Rows). */
export interface Source<F extends string> extends ReadRows<F> {
  fileName: string;
}

/**
 * The rows of an import: the uploaded file (FileID) or the Rows of the body, one of the two; at most
 * SIM_RULES.importMaxRows, at least one. Shared by every batch import of records (vehicles, devices, install tasks).
 */
export async function importSource<F extends string>(
  uploads: UploadStore,
  auth: AuthContext,
  body: { FileID?: number | undefined; Rows?: Partial<Record<F, string>>[] | undefined },
  fields: readonly F[],
  readSheet: (path: string, fileName: string) => Promise<ReadRows<F>>,
): Promise<Source<F>> {
  if ((body.FileID === undefined) === (body.Rows === undefined)) throw badRequest('impNoSource');
  let src: Source<F>;
  if (body.FileID !== undefined) {
    const file = await uploads.find(auth.userId, body.FileID);
    src = { ...(await readSheet(file.path, file.fileName)), fileName: file.fileName };
  } else {
    const rows = body.Rows!.map((r, i): SheetRow<F> => {
      const cells: SheetRow<F>['cells'] = {};
      for (const f of fields) if (r[f] !== undefined) cells[f] = r[f]!.trim();
      return { row: i + 1, cells, lossy: new Set() };
    });
    const headers: Partial<Record<F, string>> = {};
    for (const f of fields) headers[f] = f;
    src = { rows, headers, fileName: '' };
  }
  if (src.rows.length > SIM_RULES.importMaxRows) throw badRequest('importTooManyRows', String(SIM_RULES.importMaxRows));
  if (!src.rows.length) throw badRequest('impEmpty');
  return src;
}

/** Runs an import with its progress reported under the caller's JobID, if it gave one. */
export async function runImport(
  jobs: ImportJobs,
  auth: AuthContext,
  body: { JobID?: string | undefined },
  work: (job: JobHandle) => Promise<InfoImportResult>,
): Promise<InfoImportResult> {
  const job = jobs.start(auth.userId, body.JobID);
  try {
    const result = await work(job);
    job.end(true);
    return result;
  } catch (err) {
    job.end(false);
    throw err;
  }
}
