import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileIdReply } from '@lodestar/contract/common';
import {
  LogExportBody,
  type LogFilterInput,
  LogQueryBody,
  type LogQueryInput,
  OperationLogReply,
  type OperationRow,
  VisitorLogReply,
} from '@lodestar/contract/logs';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Exporter } from '../downloads/exporter.ts';
import { requireExport, startListExport } from '../downloads/list-export.ts';
import { OPERATION_COLUMNS, OPERATION_EXPORT_NAME } from './log-export.ts';
import type { LogQuery, LogRepository } from './repository.ts';

function toQuery(auth: AuthContext, b: LogQueryInput): LogQuery {
  const from = b.StartTime ? parseInZone(b.StartTime, auth.timeZone) : undefined;
  const to = b.EndTime ? parseInZone(b.EndTime, auth.timeZone) : undefined;
  if (from && to && from > to) throw badRequest('invalidField', 'StartTime > EndTime');
  return {
    holdPath: auth.holdPath,
    includeUnattributed: auth.holdPath.split('/').filter(Boolean).length === 1,
    from,
    to,
    keyword: b.Keyword || undefined,
    offset: (b.PageIndex - 1) * b.PageSize,
    limit: b.PageSize,
  };
}

/** GetOperationLog and ExportOperationLog read the same page. */
async function operationPage(logs: LogRepository, auth: AuthContext, b: LogFilterInput, index: number, size: number) {
  const { rows, total } = await logs.listOperations(toQuery(auth, { ...b, PageIndex: index, PageSize: size }));
  return {
    rows: rows.map(
      (r): OperationRow => ({
        LogID: r.id,
        UserName: r.userName ?? '',
        HoldName: r.holdName,
        Action: r.action,
        Detail: r.detail,
        Ip: r.ip,
        CreateTime: formatInZone(r.createdAt, auth.timeZone),
      }),
    ),
    total,
  };
}

const tags = ['logs'];
const operationLog = { fn: [Fn.simLog, Fn.operationLog] };

export function logRoutes(fastify: FastifyInstance, logs: LogRepository, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Log/GetOperationLog',
    { config: operationLog, schema: { tags, body: LogQueryBody, response: { 200: OperationLogReply } } },
    async (req, reply) =>
      reply.ok(await operationPage(logs, req.auth, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  app.post(
    '/API/api/Log/ExportOperationLog',
    { config: operationLog, schema: { tags, body: LogExportBody, response: { 200: FileIdReply } } },
    async (req, reply) => {
      requireExport(req.auth);
      return reply.ok(
        await startListExport(exporter, req.auth, req.lang, {
          name: OPERATION_EXPORT_NAME,
          columns: OPERATION_COLUMNS,
          page: (index, size) => operationPage(logs, req.auth, req.body, index, size),
        }),
      );
    },
  );
  app.post(
    '/API/api/Log/GetVisitorLog',
    { config: { fn: Fn.visitorLog }, schema: { tags, body: LogQueryBody, response: { 200: VisitorLogReply } } },
    async (req, reply) => {
      const { rows, total } = await logs.listVisitors(toQuery(req.auth, req.body));
      return reply.ok({
        rows: rows.map((r) => ({
          LogID: r.id,
          UserName: r.userName ?? '',
          Phone: r.phone,
          Ip: r.ip,
          UserAgent: r.userAgent,
          Result: r.result,
          CreateTime: formatInZone(r.createdAt, req.auth.timeZone),
        })),
        total,
      });
    },
  );
}
