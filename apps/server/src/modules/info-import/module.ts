import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { type UploadLimits, UploadStore } from '../sims/files.ts';
import type { ImportJobs } from './jobs.ts';
import { InfoImportRepository } from './repository.ts';
import { infoImportRoutes } from './routes.ts';
import { InfoImportService } from './service.ts';

/** The info imports' composition; uploads are FileManage/UploadFile's (the sims module's store, same directory). */
export function registerInfoImport(
  app: FastifyInstance,
  deps: {
    db: Db;
    dataDir: string;
    uploadLimits: UploadLimits;
    holds: HoldScope;
    invalidate: (deviceId: string) => void;
    /** Shared with Task/ImportTasks, whose progress Import/GetImportProgress answers too. */
    jobs: ImportJobs;
  },
) {
  const uploads = new UploadStore(deps.dataDir, deps.uploadLimits);
  infoImportRoutes(
    app,
    new InfoImportService(new InfoImportRepository(deps.db), deps.holds, uploads, deps.jobs, deps.invalidate),
  );
}
