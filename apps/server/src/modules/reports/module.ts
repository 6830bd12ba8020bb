import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  NewStoppedBody,
  NewStoppedReply,
  RenewalFeeExportBody,
  RenewalFeeListBody,
  RenewalFeeListReply,
} from '@lodestar/contract/reports';
import type { Db } from '@lodestar/db';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { NEW_STOPPED_COLUMNS, NEW_STOPPED_EXPORT_NAME, RENEWAL_COLUMNS, RENEWAL_EXPORT_NAME } from './report-export.ts';
import { ReportRepository } from './repository.ts';
import { ReportService } from './service.ts';

export interface ReportsDeps {
  db: Db;
  holds: HoldScope;
  exporter: Exporter;
}

const tags = ['reports'];
const renewalFees = { fn: Fn.simRenewalFees };
const newStopped = { fn: Fn.simNewStopped };

/**
 * The report centre (/reports, docs/SIM-API-2.md "Reports"): renewal fee details and the
 * half-year new/stopped cards, each with its export. The payment order report (/reports/payOrder)
 * reads Payment/GetPayOrderList of the payments module.
 */
export function registerReports(fastify: FastifyInstance, deps: ReportsDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const reports = new ReportService(new ReportRepository(deps.db), deps.holds);
  const base = '/API/api/Report';

  app.post(
    `${base}/GetRenewalFeeList`,
    { config: renewalFees, schema: { tags, body: RenewalFeeListBody, response: { 200: RenewalFeeListReply } } },
    async (req, reply) =>
      reply.ok(await reports.renewalFees(req.auth, req.lang, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    deps.exporter,
    `${base}/ExportRenewalFeeList`,
    { config: renewalFees, schema: { tags, body: RenewalFeeExportBody } },
    (req) => ({
      name: RENEWAL_EXPORT_NAME,
      columns: RENEWAL_COLUMNS,
      page: (index, size) => reports.renewalFees(req.auth, req.lang, req.body, index, size),
    }),
  );
  app.post(
    `${base}/GetNewStoppedCards`,
    { config: newStopped, schema: { tags, body: NewStoppedBody, response: { 200: NewStoppedReply } } },
    async (req, reply) => reply.ok(await reports.newStopped(req.auth, req.body)),
  );
  listExportRoute(
    app,
    deps.exporter,
    `${base}/ExportNewStoppedCards`,
    { config: newStopped, schema: { tags, body: NewStoppedBody } },
    (req) => ({
      name: NEW_STOPPED_EXPORT_NAME,
      columns: NEW_STOPPED_COLUMNS,
      page: () => reports.newStoppedSheet(req.auth, req.lang, req.body),
    }),
  );
}
