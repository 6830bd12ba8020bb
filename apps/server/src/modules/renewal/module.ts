import type { Db } from '@lodestar/db';
import { PayKind } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { NoticeSink } from '../notices/types.ts';
import type { Payments } from '../payments/types.ts';
import type { ReviewService } from '../workflow/review.ts';
import { renewalRoutes } from './routes.ts';
import { RenewalService } from './service.ts';

export interface RenewalDeps {
  db: Db;
  holds: HoldRepository;
  logs: LogRepository;
  exporter: Exporter;
  payments: Payments;
  notices: NoticeSink;
  review: ReviewService;
}

/** SIM renewal (/recharge): online through Payments, and by approved work order through the review hook. */
export function registerRenewal(app: FastifyInstance, deps: RenewalDeps): void {
  const svc = new RenewalService(deps.db, deps.holds, deps.payments);
  deps.payments.onPaid(PayKind.Renewal, (tx, order) => svc.fulfil(tx, order));
  deps.review.addHook((tx, auth, decisions) => svc.onReview(tx, auth.userId, decisions));
  renewalRoutes(app, svc, deps.exporter);
}
