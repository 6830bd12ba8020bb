import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileIdReply } from '@lodestar/contract/common';
import { ReportExportBody, ReportRunBody, ReportRunReply, ReportTypesReply } from '@lodestar/contract/report-centre';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { ReportCentreService } from './service.ts';

const tags = ['report-centre'];
const config = { fn: Fn.reports };

/** The GPS report centre (/report/<type>, function 81; Export needs 44 too). */
export function reportCentreRoutes(fastify: FastifyInstance, svc: ReportCentreService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Report';
  app.post(
    `${base}/GetReportTypes`,
    { config, schema: { tags, response: { 200: ReportTypesReply } } },
    async (req, reply) => reply.ok(svc.types(req.lang)),
  );
  app.post(
    `${base}/Run`,
    { config, schema: { tags, body: ReportRunBody, response: { 200: ReportRunReply } } },
    async (req, reply) => reply.ok(await svc.run(req.auth, req.lang, req.body)),
  );
  app.post(
    `${base}/Export`,
    { config, schema: { tags, body: ReportExportBody, response: { 200: FileIdReply } } },
    async (req, reply) => reply.ok(await svc.export(req.auth, req.lang, req.body)),
  );
}
