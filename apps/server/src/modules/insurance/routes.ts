import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddPolicyBody,
  AddPolicyReply,
  ModifyPolicyBody,
  PolicyExportBody,
  PolicyIdQuery,
  PolicyListBody,
  PolicyListReply,
  RemovePolicyBody,
  VehicleSelectBody,
  VehicleSelectReply,
} from '@lodestar/contract/insurance';
import { Fn, INSURANCE_RULES } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { POLICY_COLUMNS, POLICY_EXPORT_NAME } from './export.ts';
import type { InsuranceService } from './service.ts';

const tags = ['insurance'];
const read = { fn: Fn.insurance };
/** Policy management (163) writes. */
const write = { fn: Fn.policyManage };

/** Vehicle insurance (/insurance; docs/API.md "Provinces, business map, insurance, system"). */
export async function insuranceRoutes(fastify: FastifyInstance, svc: InsuranceService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Insurance';
  app.post(
    `${base}/AddPolicy`,
    { config: write, schema: { tags, body: AddPolicyBody, response: { 200: AddPolicyReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyPolicy`,
    { config: write, schema: { tags, body: ModifyPolicyBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemovePolicy`,
    { config: write, schema: { tags, body: RemovePolicyBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.PolicyIDs);
      return reply.ok();
    },
  );
  app.post(
    `${base}/GetPolicyList`,
    { config: read, schema: { tags, body: PolicyListBody, response: { 200: PolicyListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    `${base}/GetVehicleSelect`,
    { config: write, schema: { tags, body: VehicleSelectBody, response: { 200: VehicleSelectReply } } },
    async (req, reply) => reply.ok(await svc.vehicleOptions(req.auth, req.body.Keyword)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportPolicyList`,
    { config: read, schema: { tags, body: PolicyExportBody } },
    (req) => ({
      name: POLICY_EXPORT_NAME,
      columns: POLICY_COLUMNS,
      page: (PageIndex, PageSize) => svc.list(req.auth, { ...req.body, PageIndex, PageSize }),
    }),
  );
  app.get(
    `${base}/GetAttachment`,
    { config: read, schema: { tags, querystring: PolicyIdQuery } },
    async (req, reply) => {
      const file = await svc.attachment(req.auth, req.query.PolicyID);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .type(file.contentType)
        .send(createReadStream(file.path));
    },
  );
  await app.register(uploadRoute, svc);
}

/** Multipart in this scope only, so every other route keeps parsing JSON; the size limit truncates the stream. */
async function uploadRoute(fastify: FastifyInstance, svc: InsuranceService) {
  await fastify.register(multipart, {
    limits: { fileSize: INSURANCE_RULES.attachmentMaxBytes, files: 1, fields: 2 },
    throwFileSizeLimit: false,
  });
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/API/api/Insurance/UploadAttachment',
    {
      config: write,
      schema: { tags, querystring: PolicyIdQuery, consumes: ['multipart/form-data'], response: { 200: Empty } },
    },
    async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw badRequest('invalidField', 'file is required');
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated)
        throw badRequest('policyAttachmentTooLarge', String(INSURANCE_RULES.attachmentMaxBytes / 1024 / 1024));
      await svc.uploadAttachment(req.auth, req.query.PolicyID, file.filename, bytes);
      return reply.ok();
    },
  );
}
