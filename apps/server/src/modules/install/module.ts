import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { ImportJobs } from '../info-import/jobs.ts';
import type { NoticeSink } from '../notices/types.ts';
import { type UploadLimits, UploadStore } from '../sims/files.ts';
import type { UserService } from '../users/service.ts';
import { FlowService } from './flow-service.ts';
import { TaskImportService } from './import-service.ts';
import { InstallerRepository } from './installer-repository.ts';
import { InstallerService } from './installer-service.ts';
import { INSTALL_MESSAGES } from './messages.ts';
import { TaskRepository } from './repository.ts';
import { installRoutes } from './routes.ts';
import { TaskService } from './task-service.ts';
import { installUploadRoute } from './upload-route.ts';
import { WorkRepository } from './work-repository.ts';
import { WorkService } from './work-service.ts';

export interface InstallDeps {
  db: Db;
  dataDir: string;
  holds: HoldScope;
  logs: OperationLogRepository;
  exporter: Exporter;
  users: UserService;
  notices: NoticeSink;
  onlineTimeoutMs: number;
  /** Task/ImportTasks reads FileManage/UploadFile's uploads and reports through Import/GetImportProgress's jobs. */
  uploadLimits: UploadLimits;
  importJobs: ImportJobs;
}

/** Installers and install tasks (issue #20): repositories → services → routes. */
export async function registerInstall(app: FastifyInstance, deps: InstallDeps) {
  registerMessages(INSTALL_MESSAGES);
  const tasksRepo = new TaskRepository(deps.db);
  const work = new WorkRepository(deps.db);
  const installerRepo = new InstallerRepository(deps.db);
  const installers = new InstallerService(installerRepo, deps.users, deps.holds, deps.logs);
  const flow = new FlowService(tasksRepo, work, installers, deps.notices, deps.logs, deps.onlineTimeoutMs);
  const tasks = new TaskService(tasksRepo, work, deps.holds, flow, deps.logs, deps.onlineTimeoutMs);
  const workService = new WorkService(tasksRepo, work, flow, deps.logs, deps.dataDir);
  const uploads = new UploadStore(deps.dataDir, deps.uploadLimits);
  const imports = new TaskImportService(
    tasksRepo,
    installerRepo,
    tasks,
    flow,
    deps.holds,
    uploads,
    deps.importJobs,
    deps.logs,
  );
  installRoutes(app, { installers, tasks, flow, work: workService, imports }, deps.exporter);
  await app.register(installUploadRoute, workService);
}
