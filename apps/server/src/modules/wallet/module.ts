import type { Db } from '@lodestar/db';
import { PayKind } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { Payments } from '../payments/types.ts';
import type { ReviewService } from '../work-orders/review.ts';
import { WALLET_MESSAGES } from './messages.ts';
import { WalletRepository } from './repository.ts';
import { walletRoutes } from './routes.ts';
import { WalletService } from './service.ts';
import { VipApproval } from './vip-approval.ts';
import { VipRepository } from './vip-repository.ts';
import { vipRoutes } from './vip-routes.ts';
import { type VipHooks, VipService, type VipWorkOrders } from './vip-service.ts';
import { type VipDefaults, VipSettings } from './vip-settings.ts';

export interface WalletDeps extends VipHooks {
  db: Db;
  holds: HoldScope;
  logs: OperationLogRepository;
  exporter: Exporter;
  payments: Payments;
  defaults: VipDefaults;
  /** "Effective on approval": the order is opened with the upgrade and decided by the SIM review dialog. */
  workOrders: VipWorkOrders;
  review: ReviewService;
}

/** The VPoint wallet and VIP upgrades (issue #19): top-ups through Payments, upgrades paid from the wallet. */
export function registerWallet(app: FastifyInstance, deps: WalletDeps): void {
  registerMessages(WALLET_MESSAGES);
  const repo = new WalletRepository(deps.db);
  const settings = new VipSettings(repo, deps.defaults);
  const wallet = new WalletService(repo, settings, deps.payments, deps.logs);
  deps.payments.onPaid(PayKind.WalletTopUp, (tx, order) => wallet.fulfil(tx, order));
  walletRoutes(app, wallet, deps.exporter);
  const vipRepo = new VipRepository(deps.db);
  const hooks: VipHooks = { deviceChanged: deps.deviceChanged, vipChanged: deps.vipChanged };
  const approval = new VipApproval(vipRepo, repo, hooks);
  deps.review.addHook((tx, auth, decisions, afterCommit) => approval.onReview(tx, auth, decisions, afterCommit));
  vipRoutes(app, new VipService(vipRepo, repo, settings, deps.holds, deps.logs, hooks, deps.workOrders));
}
