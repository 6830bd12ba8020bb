import type { ImportJobs } from '../modules/info-import/jobs.ts';
import { registerInstall } from '../modules/install/module.ts';
import { registerInvoices } from '../modules/invoices/module.ts';
import { registerNotices } from '../modules/notices/module.ts';
import type { NoticeSink } from '../modules/notices/types.ts';
import { registerPayments } from '../modules/payments/module.ts';
import { registerReconciliation } from '../modules/reconciliation/module.ts';
import { registerRenewal } from '../modules/renewal/module.ts';
import { registerReports } from '../modules/reports/module.ts';
import { registerSms } from '../modules/sms/module.ts';
import type { UserService } from '../modules/users/service.ts';
import { registerWallet } from '../modules/wallet/module.ts';
import { WorkOrderRepository } from '../modules/work-orders/repository.ts';
import { ReviewService } from '../modules/work-orders/review.ts';
import { workOrderRoutes } from '../modules/work-orders/routes.ts';
import { WorkOrderService } from '../modules/work-orders/service.ts';
import type { AppContext } from './context.ts';

/**
 * SIM administration II (docs/SIM-API-2.md) and what hangs off its work orders and payments: notices, installs,
 * SMS, renewal, the wallet and VIP, reconciliation, invoices and reports. The notice sink is given on to the
 * insurance module.
 */
export async function registerSimAdministration(
  ctx: AppContext,
  shared: { users: UserService; importJobs: ImportJobs },
): Promise<{ notices: NoticeSink }> {
  const { app, config, db, holdScope, opLog, exporter, sms } = ctx;
  const workOrderRepo = new WorkOrderRepository(db);
  const review = new ReviewService(workOrderRepo, opLog);
  const workOrderService = new WorkOrderService(workOrderRepo, opLog);
  workOrderRoutes(app, { orders: workOrderService, review, exporter });

  // Notices first: every other module may leave one.
  const notices = registerNotices(app, { db, holds: holdScope, review });
  const payments = registerPayments(app, { db, config, holds: holdScope, exporter, notices });
  await registerInstall(app, {
    db,
    dataDir: config.dataDir,
    holds: holdScope,
    logs: opLog,
    exporter,
    users: shared.users,
    notices,
    onlineTimeoutMs: config.onlineTimeoutMs,
    uploadLimits: config.uploads,
    importJobs: shared.importJobs,
  });
  registerSms(app, { db, config, holds: holdScope, logs: opLog, exporter, sms, payments });
  registerRenewal(app, { db, holds: holdScope, exporter, payments, review });
  // A device's new VIP expiry reaches the device caches and the fence engine as any other VIP write does.
  registerWallet(app, {
    db,
    holds: holdScope,
    logs: opLog,
    exporter,
    payments,
    defaults: config.vip,
    deviceChanged: ctx.invalidate,
    vipChanged: ctx.notifyZones,
    workOrders: workOrderService,
    review,
  });
  registerReconciliation(app, { db, dataDir: config.dataDir, holds: holdScope, logs: opLog, exporter });
  await registerInvoices(app, { db, dataDir: config.dataDir, holds: holdScope, logs: opLog, notices });
  registerReports(app, { db, holds: holdScope, exporter });
  return { notices };
}
