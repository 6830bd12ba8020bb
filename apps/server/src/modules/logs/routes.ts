import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.ts';
import { DateTimeText, FileIdReply, PageOf, Paging } from '../../lib/schemas.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Exporter } from '../downloads/exporter.ts';
import { requireExport, startListExport } from '../downloads/list-export.ts';
import { OPERATION_COLUMNS, OPERATION_EXPORT_NAME, type OperationRowOut } from './log-export.ts';
import type { LogQuery, LogRepository } from './repository.ts';

const logFilters = {
  StartTime: Type.Optional(Type.Union([Type.Literal(''), DateTimeText])),
  EndTime: Type.Optional(Type.Union([Type.Literal(''), DateTimeText])),
  Keyword: Type.Optional(Type.String({ maxLength: 64 })),
};
const LogQueryBody = Type.Object({ ...Paging, ...logFilters });
/** Log/ExportOperationLog: GetOperationLog's body without paging. */
const LogExportBody = Type.Object(logFilters);
type LogFilterInput = Type.Static<typeof LogExportBody>;
type LogQueryInput = Type.Static<typeof LogQueryBody>;

const OperationRow = Type.Object({
  LogID: Type.Integer(),
  UserName: Type.String(),
  HoldName: Type.String(),
  Action: Type.String(),
  Detail: Type.String(),
  Ip: Type.String(),
  CreateTime: Type.String(),
});
const VisitorRow = Type.Object({
  LogID: Type.Integer(),
  UserName: Type.String(),
  Phone: Type.String(),
  Ip: Type.String(),
  UserAgent: Type.String(),
  Result: Type.String(),
  CreateTime: Type.String(),
});

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
      (r): OperationRowOut => ({
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
    { config: operationLog, schema: { tags, body: LogQueryBody, response: { 200: PageOf(OperationRow) } } },
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
    { config: { fn: Fn.visitorLog }, schema: { tags, body: LogQueryBody, response: { 200: PageOf(VisitorRow) } } },
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
