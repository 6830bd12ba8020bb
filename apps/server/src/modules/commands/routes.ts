import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BatchBody,
  BatchIdReply,
  BatchReply,
  CancelCommandBody,
  CancelledReply,
  CommandIdReply,
  CommandListBody,
  CommandListReply,
  CommandTypesBody,
  CommandTypesReply,
  ExportBatchBody,
  RetriedReply,
  RetryBatchBody,
  SendBatchBody,
  SendCommandBody,
} from '@lodestar/contract/commands';
import { BATCH_DEVICES_MAX, Fn } from '@lodestar/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import type { BatchService } from './batch-service.ts';
import { BATCH_COLUMNS, BATCH_EXPORT_NAME } from './export.ts';
import type { CommandService } from './service.ts';

const tags = ['commands'];
/** Batches of commands (78) and of messages (52) share GetBatch, cancel, retry and export. */
const batchFns = [Fn.batchCommand, Fn.sendMessage];

/**
 * More than 1,000 DeviceIDs is the spec's "too many selected" (section 8), answered before the schema's own
 * maxItems would answer a bare "invalid field".
 */
export async function tooManySelected(req: FastifyRequest): Promise<void> {
  const ids = (req.body as { DeviceIDs?: unknown } | undefined)?.DeviceIDs;
  if (Array.isArray(ids) && ids.length > BATCH_DEVICES_MAX) throw badRequest('tooManySelected', `${BATCH_DEVICES_MAX}`);
}

/** Command/… (the rules in CommandService and BatchService). */
export function commandRoutes(
  fastify: FastifyInstance,
  svc: CommandService,
  batches: BatchService,
  exporter: Exporter,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Command';
  app.post(
    `${base}/SendCommand`,
    { config: { fn: Fn.sendCommand }, schema: { tags, body: SendCommandBody, response: { 200: CommandIdReply } } },
    async (req, reply) => reply.ok(await svc.send(req.auth, req.body)),
  );
  app.post(
    `${base}/GetCommandList`,
    {
      // Lock/unlock (83) follows its own commands to the device's acknowledgement too.
      config: { fn: [Fn.sendCommand, Fn.lockUnlock] },
      schema: { tags, body: CommandListBody, response: { 200: CommandListReply } },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body.DeviceID)),
  );
  app.post(
    `${base}/GetCommandTypes`,
    {
      config: { fn: [Fn.sendCommand, Fn.batchCommand] },
      preValidation: tooManySelected,
      schema: { tags, body: CommandTypesBody, response: { 200: CommandTypesReply } },
    },
    async (req, reply) => reply.ok(await svc.types(req.auth, req.body)),
  );
  app.post(
    `${base}/SendBatch`,
    {
      config: { fn: Fn.batchCommand },
      preValidation: tooManySelected,
      schema: { tags, body: SendBatchBody, response: { 200: BatchIdReply } },
    },
    async (req, reply) => reply.ok(await batches.send(req.auth, req.body)),
  );
  app.post(
    `${base}/GetBatch`,
    { config: { fn: batchFns }, schema: { tags, body: BatchBody, response: { 200: BatchReply } } },
    async (req, reply) => reply.ok(await batches.get(req.auth, req.body.BatchID)),
  );
  app.post(
    `${base}/CancelCommand`,
    {
      config: { fn: [Fn.sendCommand, ...batchFns] },
      schema: { tags, body: CancelCommandBody, response: { 200: CancelledReply } },
    },
    async (req, reply) => reply.ok(await batches.cancel(req.auth, req.body)),
  );
  app.post(
    `${base}/RetryBatch`,
    { config: { fn: batchFns }, schema: { tags, body: RetryBatchBody, response: { 200: RetriedReply } } },
    async (req, reply) => reply.ok(await batches.retry(req.auth, req.body)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportBatch`,
    { config: { fn: batchFns }, schema: { tags, body: ExportBatchBody } },
    (req) => ({
      name: BATCH_EXPORT_NAME,
      columns: BATCH_COLUMNS,
      page: async (pageIndex, pageSize) => {
        const rows = (await batches.get(req.auth, req.body.BatchID)).Rows;
        return { rows: rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize), total: rows.length };
      },
    }),
  );
}
