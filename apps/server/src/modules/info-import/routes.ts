import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DeviceTemplateQuery,
  ImportDevicesBody,
  ImportProgressBody,
  ImportProgressReply,
  ImportVehiclesBody,
  InfoImportReply,
} from '@lodestar/contract/imports';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { contentDisposition, XLSX_TYPE } from '../../lib/exporter.ts';
import { registerMessages } from '../../lib/messages.ts';
import { IMPORT_MESSAGES } from './messages.ts';
import type { InfoImportService } from './service.ts';
import { importTemplate, templateName } from './sheet.ts';

const vehicleManage = { fn: Fn.vehicleManage };
const deviceManage = { fn: Fn.deviceManage };
const tags = ['imports'];

/** Vehicle/ImportVehicles, Device/ImportDevices, their templates and Import/GetImportProgress. */
export function infoImportRoutes(fastify: FastifyInstance, svc: InfoImportService) {
  registerMessages(IMPORT_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/API/api/Vehicle/ImportTemplate', { config: vehicleManage, schema: { tags } }, async (req, reply) =>
    reply
      .header('content-disposition', contentDisposition(templateName('vehicle', req.lang)))
      .type(XLSX_TYPE)
      .send(await importTemplate('vehicle', req.lang)),
  );
  app.get(
    '/API/api/Device/ImportTemplate',
    { config: deviceManage, schema: { tags, querystring: DeviceTemplateQuery } },
    async (req, reply) => {
      const kind = req.query.Kind ?? 'device';
      return reply
        .header('content-disposition', contentDisposition(templateName(kind, req.lang)))
        .type(XLSX_TYPE)
        .send(await importTemplate(kind, req.lang));
    },
  );
  app.post(
    '/API/api/Vehicle/ImportVehicles',
    { config: vehicleManage, schema: { tags, body: ImportVehiclesBody, response: { 200: InfoImportReply } } },
    async (req, reply) => reply.ok(await svc.importVehicles(req.auth, req.lang, req.body)),
  );
  app.post(
    '/API/api/Device/ImportDevices',
    { config: deviceManage, schema: { tags, body: ImportDevicesBody, response: { 200: InfoImportReply } } },
    async (req, reply) => reply.ok(await svc.importDevices(req.auth, req.lang, req.body)),
  );
  app.post(
    '/API/api/Import/GetImportProgress',
    {
      // Task/ImportTasks' too (42); jobs are keyed by their user, so each sees only its own.
      config: { fn: [Fn.vehicleManage, Fn.deviceManage, Fn.workOrders] },
      schema: { tags, body: ImportProgressBody, response: { 200: ImportProgressReply } },
    },
    async (req, reply) => reply.ok(svc.progress(req.auth, req.body.JobID)),
  );
}
