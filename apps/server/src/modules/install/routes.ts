import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddInstallerBody,
  AddInstallerReply,
  AddInstallInfoBody,
  AddInstallInfoReply,
  AddTaskBody,
  AddTaskReply,
  AssignBody,
  ImportTasksBody,
  ImportTasksReply,
  InfoIdBody,
  InstallerExportBody,
  InstallerListBody,
  InstallerListReply,
  ModifyInstallerBody,
  ModifyTaskBody,
  MyTasksBody,
  PhotoIdBody,
  TaskDetailReply,
  TaskExportBody,
  TaskIdBody,
  TaskListBody,
  TaskListReply,
  TaskPhotoQuery,
  TransitionBody,
} from '@lodestar/contract/install';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { contentDisposition, type Exporter, XLSX_TYPE } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { INSTALLER_COLUMNS, INSTALLER_EXPORT_NAME, TASK_COLUMNS, TASK_EXPORT_NAME } from './export.ts';
import type { FlowService } from './flow-service.ts';
import type { TaskImportService } from './import-service.ts';
import { taskTemplate, taskTemplateName } from './import-sheet.ts';
import type { InstallerService } from './installer-service.ts';
import type { TaskService } from './task-service.ts';
import type { WorkService } from './work-service.ts';

export interface InstallServices {
  installers: InstallerService;
  tasks: TaskService;
  flow: FlowService;
  work: WorkService;
  imports: TaskImportService;
}

const technicians = { fn: Fn.technicianManage };
/** Work orders (42): the dispatcher's and the installer's side; the services tell them apart per task. */
const orders = { fn: Fn.workOrders };
/** Reading and moving a task is also an auditor's (45), who may hold no other install function. */
const ordersOrAudit = { fn: [Fn.workOrders, Fn.audit] };

/** Installers (/info/installer, 43) and install tasks (/info/task, 42; audit 45; docs/install-flow.md). */
export function installRoutes(fastify: FastifyInstance, svc: InstallServices, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['install'];

  app.post(
    '/API/api/Installer/AddInstaller',
    { config: technicians, schema: { tags, body: AddInstallerBody, response: { 200: AddInstallerReply } } },
    async (req, reply) => reply.ok(await svc.installers.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/Installer/ModifyInstaller',
    { config: technicians, schema: { tags, body: ModifyInstallerBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.installers.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Installer/GetInstallerList',
    // A dispatcher picks installers to assign from this list too.
    {
      config: { fn: [Fn.technicianManage, Fn.workOrders] },
      schema: { tags, body: InstallerListBody, response: { 200: InstallerListReply } },
    },
    async (req, reply) => reply.ok(await svc.installers.list(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Installer/ExportInstallerList',
    { config: technicians, schema: { tags, body: InstallerExportBody } },
    (req) => ({
      name: INSTALLER_EXPORT_NAME,
      columns: INSTALLER_COLUMNS,
      page: (PageIndex, PageSize) => svc.installers.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );

  app.post(
    '/API/api/Task/AddTask',
    { config: orders, schema: { tags, body: AddTaskBody, response: { 200: AddTaskReply } } },
    async (req, reply) => reply.ok(await svc.tasks.add(req.auth, req.body)),
  );
  // Rows as Task/AddTask takes them, from a sheet (its template here) or Rows; progress by Import/GetImportProgress.
  app.get('/API/api/Task/ImportTemplate', { config: orders, schema: { tags } }, async (req, reply) =>
    reply
      .header('content-disposition', contentDisposition(taskTemplateName(req.lang)))
      .type(XLSX_TYPE)
      .send(await taskTemplate(req.lang)),
  );
  app.post(
    '/API/api/Task/ImportTasks',
    { config: orders, schema: { tags, body: ImportTasksBody, response: { 200: ImportTasksReply } } },
    async (req, reply) => reply.ok(await svc.imports.importTasks(req.auth, req.lang, req.body)),
  );
  app.post(
    '/API/api/Task/ModifyTask',
    { config: orders, schema: { tags, body: ModifyTaskBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.tasks.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Task/GetTaskList',
    { config: ordersOrAudit, schema: { tags, body: TaskListBody, response: { 200: TaskListReply } } },
    async (req, reply) => reply.ok(await svc.tasks.list(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Task/ExportTaskList',
    { config: ordersOrAudit, schema: { tags, body: TaskExportBody } },
    (req) => ({
      name: TASK_EXPORT_NAME,
      columns: TASK_COLUMNS,
      page: (PageIndex, PageSize) => svc.tasks.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );
  app.post(
    '/API/api/Task/GetMyTasks',
    { config: orders, schema: { tags, body: MyTasksBody, response: { 200: TaskListReply } } },
    async (req, reply) => reply.ok(await svc.tasks.mine(req.auth, req.body)),
  );
  app.post(
    '/API/api/Task/GetTask',
    { config: ordersOrAudit, schema: { tags, body: TaskIdBody, response: { 200: TaskDetailReply } } },
    async (req, reply) => reply.ok(await svc.tasks.get(req.auth, req.body.TaskID)),
  );
  app.post(
    '/API/api/Task/Assign',
    { config: orders, schema: { tags, body: AssignBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.flow.assign(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Task/Transition',
    { config: ordersOrAudit, schema: { tags, body: TransitionBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.flow.transition(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Task/AddInstallInfo',
    { config: orders, schema: { tags, body: AddInstallInfoBody, response: { 200: AddInstallInfoReply } } },
    async (req, reply) => reply.ok(await svc.work.addInfo(req.auth, req.body)),
  );
  app.post(
    '/API/api/Task/RemoveInstallInfo',
    { config: orders, schema: { tags, body: InfoIdBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.work.removeInfo(req.auth, req.body.InfoID);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Task/RemovePhoto',
    { config: orders, schema: { tags, body: PhotoIdBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.work.removePhoto(req.auth, req.body.PhotoID);
      return reply.ok();
    },
  );
  // The JPEG itself, for <img src>: the token as Download/GetFile takes it.
  app.get(
    '/API/api/Task/GetPhoto',
    { config: ordersOrAudit, schema: { tags, querystring: TaskPhotoQuery } },
    async (req, reply) => {
      const bytes = await svc.work.photo(req.auth, Number(req.query.PhotoID), req.query.Thumb === '1');
      return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(bytes);
    },
  );
}
