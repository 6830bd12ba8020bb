import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LogExportBody, LogQueryBody, OperationLogReply, VisitorLogReply } from '@lodestar/contract/logs';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import type { LogService } from './service.ts';

const tags = ['logs'];
const operationLog = { fn: [Fn.simLog, Fn.operationLog] };

export function logRoutes(fastify: FastifyInstance, svc: LogService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Log/GetOperationLog',
    { config: operationLog, schema: { tags, body: LogQueryBody, response: { 200: OperationLogReply } } },
    async (req, reply) => reply.ok(await svc.operations(req.auth, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Log/ExportOperationLog',
    { config: operationLog, schema: { tags, body: LogExportBody } },
    (req) => svc.operationsExport(req.auth, req.body),
  );
  app.post(
    '/API/api/Log/GetVisitorLog',
    { config: { fn: Fn.visitorLog }, schema: { tags, body: LogQueryBody, response: { 200: VisitorLogReply } } },
    async (req, reply) => reply.ok(await svc.visitors(req.auth, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Log/ExportVisitorLog',
    { config: { fn: Fn.visitorLog }, schema: { tags, body: LogExportBody } },
    (req) => svc.visitorsExport(req.auth, req.body),
  );
}
