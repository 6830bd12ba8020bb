import type { Db } from '@lodestar/db';
import { PayKind } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { Payments } from '../payments/types.ts';
import { WALLET_MESSAGES } from './messages.ts';
import { WalletRepository } from './repository.ts';
import { walletRoutes } from './routes.ts';
import { WalletService } from './service.ts';
import { VipRepository } from './vip-repository.ts';
import { vipRoutes } from './vip-routes.ts';
import { type VipHooks, VipService } from './vip-service.ts';
import { type VipDefaults, VipSettings } from './vip-settings.ts';

export interface WalletDeps extends VipHooks {
  db: Db;
  holds: HoldScope;
  logs: OperationLogRepository;
  exporter: Exporter;
  payments: Payments;
  defaults: VipDefaults;
}

/** The VPoint wallet and VIP upgrades (issue #19): top-ups through Payments, upgrades paid from the wallet. */
export function registerWallet(app: FastifyInstance, deps: WalletDeps): void {
  registerMessages(WALLET_MESSAGES);
  const repo = new WalletRepository(deps.db);
  const settings = new VipSettings(repo, deps.defaults);
  const wallet = new WalletService(repo, settings, deps.payments, deps.logs);
  deps.payments.onPaid(PayKind.WalletTopUp, (tx, order) => wallet.fulfil(tx, order));
  walletRoutes(app, wallet, deps.exporter);
  vipRoutes(
    app,
    new VipService(new VipRepository(deps.db), repo, settings, deps.holds, deps.logs, {
      deviceChanged: deps.deviceChanged,
      vipChanged: deps.vipChanged,
    }),
  );
}
