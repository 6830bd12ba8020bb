import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { NoticeSink } from '../notices/types.ts';
import { AttachmentStore } from './attachments.ts';
import { INSURANCE_MESSAGES } from './messages.ts';
import { PolicyRepository } from './repository.ts';
import { insuranceRoutes } from './routes.ts';
import { scheduleInsuranceScan } from './scan.ts';
import { InsuranceService } from './service.ts';

/** Vehicle insurance: policies, their attachments under DATA_DIR, the daily expiry notices. */
export async function registerInsurance(
  app: FastifyInstance,
  deps: {
    pool: Pool;
    dataDir: string;
    holds: HoldScope;
    logs: OperationLogRepository;
    exporter: Exporter;
    notices: NoticeSink;
  },
) {
  registerMessages(INSURANCE_MESSAGES);
  const repo = new PolicyRepository(deps.pool);
  const svc = new InsuranceService(repo, deps.holds, deps.logs, new AttachmentStore(deps.dataDir));
  await insuranceRoutes(app, svc, deps.exporter);
  scheduleInsuranceScan(app, repo, deps.notices);
}
