import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileIdReply } from '@lodestar/contract/common';
import {
  BatchExportBody,
  BatchListBody,
  BatchListReply,
  CountReply,
  HomeStatsReply,
  ImportBody,
  ImportReply,
  OutboundBody,
  SimDetailReply,
  SimFilterBody,
  SimIdBody,
  SimListBody,
  SimListReply,
  UploadReply,
} from '@lodestar/contract/sims';
import { Fn, SIM_RULES } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { contentDisposition, type Exporter, XLSX_TYPE } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { BATCH_COLUMNS, BATCH_EXPORT_NAME } from './batch-export.ts';
import { UploadQuotaExceeded, type UploadStore, UploadTooLarge } from './files.ts';
import type { ImportService } from './import-service.ts';
import type { SimService } from './service.ts';
import { importTemplate } from './sheet.ts';

const inbound = { fn: Fn.simInbound };
/** Any of the three SIM screens lists and opens cards. */
const anySimScreen = { fn: [Fn.simInbound, Fn.simOutbound, Fn.simBusiness] };
const tags = ['sims'];

export interface SimDeps {
  sims: SimService;
  imports: ImportService;
  uploads: UploadStore;
  exporter: Exporter;
}

/** Sim/* of docs/SIM-API.md and FileManage/UploadFile. */
export async function simRoutes(fastify: FastifyInstance, deps: SimDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Sim';

  await app.register(uploadRoute, deps.uploads);

  app.get(`${base}/ImportTemplate`, { config: inbound, schema: { tags } }, async (req, reply) => {
    const name = req.lang === 'zh' ? 'SIM卡导入模板.xlsx' : 'SIM-import-template.xlsx';
    return reply
      .header('content-disposition', contentDisposition(name))
      .type(XLSX_TYPE)
      .send(await importTemplate(req.lang));
  });
  app.post(
    `${base}/ImportSims`,
    { config: inbound, schema: { tags, body: ImportBody, response: { 200: ImportReply } } },
    async (req, reply) => reply.ok(await deps.imports.importSims(req.auth, req.lang, req.body)),
  );
  app.post(
    `${base}/GetImportBatchList`,
    { config: inbound, schema: { tags, body: BatchListBody, response: { 200: BatchListReply } } },
    async (req, reply) => reply.ok(await deps.imports.batches(req.auth, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    deps.exporter,
    `${base}/ExportImportBatchList`,
    { config: inbound, schema: { tags, body: BatchExportBody } },
    (req) => ({
      name: BATCH_EXPORT_NAME,
      columns: BATCH_COLUMNS,
      page: (pageIndex, pageSize) => deps.imports.batches(req.auth, pageIndex, pageSize),
    }),
  );
  app.post(
    `${base}/GetSimList`,
    { config: anySimScreen, schema: { tags, body: SimListBody, response: { 200: SimListReply } } },
    async (req, reply) => reply.ok(await deps.sims.list(req.auth, req.body)),
  );
  app.post(
    `${base}/GetSimDetail`,
    { config: anySimScreen, schema: { tags, body: SimIdBody, response: { 200: SimDetailReply } } },
    async (req, reply) => reply.ok(await deps.sims.detail(req.auth, req.lang, req.body.SimID)),
  );
  app.post(
    `${base}/Outbound`,
    { config: { fn: Fn.simOutbound }, schema: { tags, body: OutboundBody, response: { 200: CountReply } } },
    async (req, reply) => reply.ok(await deps.sims.ship(req.auth, req.body)),
  );
  app.post(
    `${base}/ExportSimList`,
    { config: anySimScreen, schema: { tags, body: SimFilterBody, response: { 200: FileIdReply } } },
    async (req, reply) => {
      // A SIM screen and the export function (44), both.
      if (!req.auth.funs.has(Fn.export)) throw forbidden();
      return reply.ok(await deps.sims.exportList(req.auth, req.lang, req.body));
    },
  );
  app.post(
    `${base}/GetHomeStats`,
    { config: { fn: Fn.simHome }, schema: { tags, response: { 200: HomeStatsReply } } },
    async (req, reply) => reply.ok(await deps.sims.homeStats(req.auth)),
  );
}

/**
 * Multipart is registered in this scope only, so every other route keeps parsing JSON as before.
 * The size limit truncates the stream; the store then refuses the file.
 */
async function uploadRoute(fastify: FastifyInstance, uploads: UploadStore) {
  await fastify.register(multipart, {
    limits: { fileSize: SIM_RULES.uploadMaxBytes, files: 1, fields: 5 },
    throwFileSizeLimit: false,
  });
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/API/api/FileManage/UploadFile',
    {
      // Only the calls that read an upload: SIM import (inbound), supplier bills, vehicle, device and task imports.
      config: { fn: [Fn.simInbound, Fn.simSupplierReconciliation, Fn.vehicleManage, Fn.deviceManage, Fn.workOrders] },
      schema: { tags: ['files'], consumes: ['multipart/form-data'], response: { 200: UploadReply } },
    },
    async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw badRequest('uploadRequired');
      }
      try {
        const saved = await uploads.save(req.auth.userId, file.filename, file.file, () => file.file.truncated);
        return reply.ok({ FileID: saved.fileId, FileName: saved.fileName, Size: saved.size });
      } catch (err) {
        if (err instanceof UploadTooLarge)
          throw badRequest('uploadTooLarge', String(SIM_RULES.uploadMaxBytes / 1024 / 1024));
        if (err instanceof UploadQuotaExceeded) throw badRequest('uploadQuota', uploads.quotaText());
        throw err;
      }
    },
  );
}
