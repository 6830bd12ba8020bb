import type { Db } from '@lodestar/db';
import { PayKind } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { Payments } from '../payments/types.ts';
import type { ReviewService } from '../work-orders/review.ts';
import { RENEWAL_MESSAGES } from './messages.ts';
import { RenewalRepository } from './repository.ts';
import { renewalRoutes } from './routes.ts';
import { RenewalService } from './service.ts';

export interface RenewalDeps {
  db: Db;
  holds: HoldScope;
  exporter: Exporter;
  payments: Payments;
  review: ReviewService;
}

/** SIM renewal (/recharge): online through Payments, and by approved work order through the review hook. */
export function registerRenewal(app: FastifyInstance, deps: RenewalDeps): void {
  registerMessages(RENEWAL_MESSAGES);
  const svc = new RenewalService(new RenewalRepository(deps.db), deps.holds, deps.payments);
  deps.payments.onPaid(PayKind.Renewal, (tx, order) => svc.fulfil(tx, order));
  deps.review.addHook((tx, auth, decisions) => svc.onReview(tx, auth.userId, decisions));
  renewalRoutes(app, svc, deps.exporter);
}
