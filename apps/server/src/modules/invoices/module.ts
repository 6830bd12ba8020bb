import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { NoticeSink } from '../notices/types.ts';
import { INVOICES_MESSAGES } from './messages.ts';
import { InvoiceRepository } from './repository.ts';
import { invoiceRoutes } from './routes.ts';
import { InvoiceService } from './service.ts';
import { InvoiceStore } from './store.ts';

/** Invoices (/vip/invoice, function 85): requests over paid payment orders, issued PDFs under dataDir/invoices. */
export async function registerInvoices(
  app: FastifyInstance,
  deps: { db: Db; dataDir: string; holds: HoldScope; logs: OperationLogRepository; notices: NoticeSink },
) {
  registerMessages(INVOICES_MESSAGES);
  const svc = new InvoiceService(
    new InvoiceRepository(deps.db),
    deps.holds,
    deps.logs,
    new InvoiceStore(deps.dataDir),
    deps.notices,
  );
  await invoiceRoutes(app, svc);
}
