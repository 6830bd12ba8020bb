import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../sims/api/files.ts';
import {
  getImportProgress,
  type ImportKind,
  type ImportProgress,
  type InfoImportResult,
  importFile,
  newJobId,
} from '../api/import-records.ts';

export type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'importing'; progress: ImportProgress };

export interface Run {
  kind: ImportKind;
  holdId: number;
  fileId: number;
  result: InfoImportResult;
  allowPartial: boolean;
}

const POLL_MS = 400;
const PENDING: ImportProgress = { State: 'pending', Processed: 0, Total: 0 };

/**
 * Upload, then import with a JobID whose progress is polled until the import call answers; `importGood`
 * sends the same file again with AllowPartial.
 */
export function useImportRun(onImported: (kind: ImportKind) => void) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [run, setRun] = useState<Run | null>(null);
  const [uploadError, setUploadError] = useState('');
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const execute = useCallback(
    async (kind: ImportKind, holdId: number, fileId: number, allowPartial: boolean) => {
      const jobId = newJobId();
      setPhase({ kind: 'importing', progress: PENDING });
      let polling = true;
      const poll = async () => {
        while (polling && alive.current) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          if (!polling) break;
          try {
            const progress = await getImportProgress(jobId);
            if (polling && alive.current) setPhase({ kind: 'importing', progress });
          } catch {
            // A failed poll leaves the last figure; the import call reports its own errors.
          }
        }
      };
      void poll();
      try {
        const result = await importFile(kind, holdId, fileId, jobId, allowPartial);
        if (!alive.current) return;
        setRun({ kind, holdId, fileId, result, allowPartial });
        if (result.Imported > 0) onImported(kind);
      } catch {
        // the api client has shown the server's message
      } finally {
        polling = false;
        if (alive.current) setPhase({ kind: 'idle' });
      }
    },
    [onImported],
  );

  const start = useCallback(
    async (kind: ImportKind, holdId: number, file: File) => {
      setUploadError('');
      setRun(null);
      setPhase({ kind: 'uploading', percent: 0 });
      let fileId: number;
      try {
        fileId = (await uploadFile(file, (percent) => setPhase({ kind: 'uploading', percent }))).FileID;
      } catch (e) {
        setUploadError(e instanceof Error ? e.message : String(e));
        setPhase({ kind: 'idle' });
        return;
      }
      await execute(kind, holdId, fileId, false);
    },
    [execute],
  );

  const importGood = useCallback(() => {
    if (run) void execute(run.kind, run.holdId, run.fileId, true);
  }, [run, execute]);

  const reset = useCallback(() => {
    setRun(null);
    setUploadError('');
  }, []);

  return { phase, run, uploadError, start, importGood, reset };
}
