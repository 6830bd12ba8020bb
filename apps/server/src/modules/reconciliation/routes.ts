import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as S from '@lodestar/contract/reconciliation';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { contentDisposition, type Exporter, XLSX_TYPE } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import type { BillService } from './bill-service.ts';
import { billTemplate } from './bill-sheet.ts';
import type { SupplierReconService } from './supplier-service.ts';
import {
  BILL_COLUMNS,
  BILL_EXPORT_NAME,
  DETAIL_COLUMNS,
  DETAIL_EXPORT_NAME,
  LINE_COLUMNS,
  LINE_EXPORT_NAME,
  RECORD_COLUMNS,
  RECORD_EXPORT_NAME,
} from './texts.ts';

const supplierFn = { fn: Fn.simSupplierReconciliation };
const customerFn = { fn: Fn.simCustomerReconciliation };
const tags = ['reconciliation'];

export interface ReconciliationRouteDeps {
  suppliers: SupplierReconService;
  bills: BillService;
  exporter: Exporter;
}

/** Reconciliation/* of docs/SIM-API-2.md. */
export function reconciliationRoutes(fastify: FastifyInstance, deps: ReconciliationRouteDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/Reconciliation';
  const { suppliers, bills, exporter } = deps;

  app.post(
    `${base}/GetSupplierSummary`,
    { config: supplierFn, schema: { tags, body: S.SummaryBody, response: { 200: S.SummaryReply } } },
    async (req, reply) => reply.ok(await suppliers.summary(req.auth, req.lang, req.body.SupplierID, req.body.Month)),
  );
  app.get(`${base}/BillTemplate`, { config: supplierFn, schema: { tags } }, async (req, reply) => {
    const name = req.lang === 'zh' ? '供应商账单模板.xlsx' : 'supplier-bill-template.xlsx';
    return reply
      .header('content-disposition', contentDisposition(name))
      .type(XLSX_TYPE)
      .send(await billTemplate(req.lang));
  });
  app.post(
    `${base}/UploadSupplierBill`,
    { config: supplierFn, schema: { tags, body: S.UploadBillBody, response: { 200: S.UploadBillReply } } },
    async (req, reply) => reply.ok(await suppliers.upload(req.auth, req.lang, req.body)),
  );
  app.post(
    `${base}/GetSupplierDetails`,
    { config: supplierFn, schema: { tags, body: S.DetailBody, response: { 200: S.DetailReply } } },
    async (req, reply) =>
      reply.ok(await suppliers.details(req.auth, req.lang, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportSupplierDetails`,
    { config: supplierFn, schema: { tags, body: S.DetailExportBody } },
    (req) => ({
      name: DETAIL_EXPORT_NAME,
      columns: DETAIL_COLUMNS,
      page: (i, size) => suppliers.details(req.auth, req.lang, req.body, i, size),
    }),
  );
  app.post(
    `${base}/ConfirmSupplier`,
    { config: supplierFn, schema: { tags, body: S.ReconIdBody, response: { 200: S.SummaryReply } } },
    async (req, reply) => reply.ok(await suppliers.confirm(req.auth, req.lang, req.body.ReconciliationID)),
  );
  app.post(
    `${base}/GetSupplierRecordList`,
    { config: supplierFn, schema: { tags, body: S.RecordBody, response: { 200: S.RecordReply } } },
    async (req, reply) =>
      reply.ok(await suppliers.records(req.auth, req.lang, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportSupplierRecordList`,
    { config: supplierFn, schema: { tags, body: S.RecordExportBody } },
    (req) => ({
      name: RECORD_EXPORT_NAME,
      columns: RECORD_COLUMNS,
      page: (i, size) => suppliers.records(req.auth, req.lang, req.body, i, size),
    }),
  );

  app.post(
    `${base}/GenerateCustomerBills`,
    { config: customerFn, schema: { tags, body: S.GenerateBody, response: { 200: S.CountReply } } },
    async (req, reply) => reply.ok(await bills.generate(req.auth, req.body)),
  );
  app.post(
    `${base}/GetCustomerBillList`,
    { config: customerFn, schema: { tags, body: S.BillListBody, response: { 200: S.BillListReply } } },
    async (req, reply) =>
      reply.ok(await bills.list(req.auth, req.lang, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportCustomerBillList`,
    { config: customerFn, schema: { tags, body: S.BillExportBody } },
    (req) => ({
      name: BILL_EXPORT_NAME,
      columns: BILL_COLUMNS,
      page: (i, size) => bills.list(req.auth, req.lang, req.body, i, size),
    }),
  );
  app.post(
    `${base}/GetCustomerBillDetail`,
    { config: customerFn, schema: { tags, body: S.LineBody, response: { 200: S.LineReply } } },
    async (req, reply) =>
      reply.ok(await bills.lines(req.auth, req.lang, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportCustomerBillDetail`,
    { config: customerFn, schema: { tags, body: S.LineExportBody } },
    (req) => ({
      name: LINE_EXPORT_NAME,
      columns: LINE_COLUMNS,
      page: (i, size) => bills.lines(req.auth, req.lang, req.body, i, size),
    }),
  );
  app.post(
    `${base}/SetCustomerBillPaid`,
    { config: customerFn, schema: { tags, body: S.BillIdBody, response: { 200: S.BillRowReply } } },
    async (req, reply) => reply.ok(await bills.setPaid(req.auth, req.lang, req.body.BillID)),
  );
}
