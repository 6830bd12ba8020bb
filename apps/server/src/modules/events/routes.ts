import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EventExportBody, EventListBody, EventListReply } from '@lodestar/contract/events';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { EVENT_COLUMNS, EVENT_EXPORT_NAME } from './export.ts';
import type { EventService } from './service.ts';

const tags = ['events'];
const config = { fn: [Fn.onlineMonitor, Fn.geofence] };

/** The event list (/monitor/event, function 31 or 51; the export needs 44 too). */
export function eventRoutes(fastify: FastifyInstance, svc: EventService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Event';
  app.post(
    `${base}/GetEventList`,
    { config, schema: { tags, body: EventListBody, response: { 200: EventListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportEventList`,
    { config, schema: { tags, body: EventExportBody } },
    (req) => ({
      name: EVENT_EXPORT_NAME,
      columns: EVENT_COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );
}
