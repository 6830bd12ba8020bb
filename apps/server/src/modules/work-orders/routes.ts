import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddWorkFlowBody,
  AddWorkFlowReply,
  CheckWorkFlowBody,
  WorkCountReply,
  WorkFlowExportBody,
  WorkFlowListBody,
  WorkFlowListReply,
} from '@lodestar/contract/work-orders';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { registerMessages } from '../../lib/messages.ts';
import { WORK_ORDER_MESSAGES } from './messages.ts';
import type { ReviewService } from './review.ts';
import type { WorkOrderService } from './service.ts';
import { WORK_COLUMNS, WORK_EXPORT_NAME } from './work-export.ts';

const tags = ['work-orders'];

/** SIM work orders (spec sections 3, 4, 7; docs/SIM-API.md "Work orders"). */
export function workOrderRoutes(
  fastify: FastifyInstance,
  svc: { orders: WorkOrderService; review: ReviewService; exporter: Exporter },
) {
  registerMessages(WORK_ORDER_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/WorkFlow';

  app.post(
    `${base}/AddWorkFlow`,
    { config: { fn: Fn.simBusiness }, schema: { tags, body: AddWorkFlowBody, response: { 200: AddWorkFlowReply } } },
    async (req, reply) => reply.ok(await svc.orders.apply(req.auth, req.body)),
  );
  app.post(`${base}/GetWorkCount`, { schema: { tags, response: { 200: WorkCountReply } } }, async (req, reply) =>
    reply.ok(await svc.orders.count(req.auth)),
  );
  app.post(
    `${base}/GetWorkFlowList`,
    {
      config: { fn: [Fn.simBusiness, Fn.audit] },
      schema: { tags, body: WorkFlowListBody, response: { 200: WorkFlowListReply } },
    },
    async (req, reply) => reply.ok(await svc.orders.list(req.auth, req.body, req.lang)),
  );
  listExportRoute(
    app,
    svc.exporter,
    `${base}/ExportWorkFlowList`,
    {
      config: { fn: [Fn.simBusiness, Fn.audit] },
      schema: { tags, body: WorkFlowExportBody },
    },
    (req) => ({
      name: WORK_EXPORT_NAME,
      columns: WORK_COLUMNS,
      page: (pageIndex, pageCount) => svc.orders.list(req.auth, { ...req.body, pageIndex, pageCount }, req.lang),
    }),
  );
  app.post(
    `${base}/CheckWorkFlow`,
    { config: { fn: Fn.audit }, schema: { tags, body: CheckWorkFlowBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.review.review(req.auth, req.body);
      return reply.ok();
    },
  );
}
