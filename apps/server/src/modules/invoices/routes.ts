import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddInvoiceBody,
  AddInvoiceReply,
  InvoiceableOrdersBody,
  InvoiceableOrdersReply,
  InvoiceFileQuery,
  InvoiceListBody,
  InvoiceListReply,
  IssueInvoiceQuery,
  tags,
} from '@lodestar/contract/invoices';
import { Fn, INVOICE_RULES } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { INVOICE_PDF_MAX_MB, type InvoiceService } from './service.ts';

const config = { fn: Fn.invoiceManage };

export async function invoiceRoutes(fastify: FastifyInstance, svc: InvoiceService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Invoice/GetInvoiceableOrders',
    {
      config,
      schema: {
        tags,
        description: "The caller's hold's paid orders (every kind) no invoice covers yet, newest paid first.",
        body: InvoiceableOrdersBody,
        response: { 200: InvoiceableOrdersReply },
      },
    },
    async (req, reply) => reply.ok(await svc.invoiceable(req.auth, req.lang, req.body)),
  );
  app.post(
    '/API/api/Invoice/AddInvoice',
    {
      config,
      schema: {
        tags,
        description:
          "Asks for one invoice over paid orders of the caller's hold; an order already invoiced is refused.",
        body: AddInvoiceBody,
        response: { 200: AddInvoiceReply },
      },
    },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/Invoice/GetInvoiceList',
    {
      config,
      schema: {
        tags,
        description: 'Invoice requests in the subtree (MayIssue: the caller is the provider above).',
        body: InvoiceListBody,
        response: { 200: InvoiceListReply },
      },
    },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  // The PDF itself: the token in the header, as Download/GetFile takes it.
  app.get(
    '/API/api/Invoice/GetInvoiceFile',
    { config, schema: { tags, querystring: InvoiceFileQuery } },
    async (req, reply) => {
      const file = await svc.file(req.auth, Number(req.query.InvoiceID));
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .type('application/pdf')
        .send(createReadStream(file.path));
    },
  );
  await app.register(issueRoute, svc);
}

/** Multipart in this scope only, so every other route keeps parsing JSON; the size limit truncates the stream. */
async function issueRoute(fastify: FastifyInstance, svc: InvoiceService) {
  await fastify.register(multipart, {
    limits: { fileSize: INVOICE_RULES.pdfMaxBytes, files: 1, fields: 2 },
    throwFileSizeLimit: false,
  });
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/API/api/Invoice/IssueInvoice',
    {
      config,
      schema: {
        tags,
        description:
          'The provider above the requesting unit marks the invoice issued with its number (query) and the PDF ' +
          `it issued (multipart field "file", starting with %PDF, at most ${INVOICE_PDF_MAX_MB} MB).`,
        querystring: IssueInvoiceQuery,
        consumes: ['multipart/form-data'],
        response: { 200: Empty },
      },
    },
    async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw badRequest('invalidField', 'file');
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw badRequest('invoicePdfTooLarge', `${INVOICE_PDF_MAX_MB}`);
      await svc.issue(req.auth, req.query, bytes);
      return reply.ok();
    },
  );
}
