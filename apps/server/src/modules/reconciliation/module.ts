import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { UploadStore } from '../sims/files.ts';
import { BillRepository } from './bill-repository.ts';
import { BillService } from './bill-service.ts';
import { RECONCILIATION_MESSAGES } from './messages.ts';
import { reconciliationRoutes } from './routes.ts';
import { SupplierReconRepository } from './supplier-repository.ts';
import { SupplierReconService } from './supplier-service.ts';

export interface ReconciliationDeps {
  db: Db;
  dataDir: string;
  holds: HoldScope;
  logs: OperationLogRepository;
  exporter: Exporter;
}

/** Supplier reconciliation and customer bills (docs/SIM-API-2.md "Reconciliation"). */
export function registerReconciliation(app: FastifyInstance, deps: ReconciliationDeps): void {
  registerMessages(RECONCILIATION_MESSAGES);
  reconciliationRoutes(app, {
    suppliers: new SupplierReconService(new SupplierReconRepository(deps.db), new UploadStore(deps.dataDir)),
    bills: new BillService(new BillRepository(deps.db), deps.holds),
    exporter: deps.exporter,
  });
}
